/**
 * Screenshots the tests leave for people to look at (issue 12: "look at them before
 * resolving, as a player would"), in a folder git ignores.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** test/browser/screenshots, listed in .gitignore. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots', import.meta.url));

/** Saves the whole page as screenshots/NAME.png and returns the file's path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
