/**
 * Debian's Chromium driven by playwright-core for the browser tests: one headless browser per
 * test file, launched with a fresh profile (playwright gives each launch its own
 * --user-data-dir in a temporary folder and removes it on close) and closed after the file —
 * or killed with the test process if the file dies first.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ANNOUNCEMENT_RECORDER } from './liveRegions.js';

/** The browser the tests drive; CI installs it with apt (.ci/run). */
export const CHROMIUM = process.env['ATRIL_CHROMIUM'] ?? '/usr/bin/chromium';

/** Flags for a quiet, reproducible headless browser that talks only to the test server. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** The two screens every page is checked on. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

const open = new Set<Browser>();
// Playwright kills its browsers when the process exits; this also covers a test file whose
// afterAll never ran because a hook before it threw.
process.once('beforeExit', () => {
  for (const b of open) void b.close();
});

/**
 * Launches headless Chromium. Fails with a sentence naming the missing program rather than
 * skipping: the browser tests are part of the suite, not an optional extra.
 */
export async function launchChromium(executablePath: string = CHROMIUM): Promise<Browser> {
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium is not installed at ${executablePath}: the browser tests need it ` +
        `(apt-get install chromium, as .ci/run does, or set ATRIL_CHROMIUM).`,
    );
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: 60_000,
  });
  open.add(browser);
  browser.once('disconnected', () => open.delete(browser));
  return browser;
}

/** What a new player's browser is: its screen size and, for a phone, touch. */
export interface PlayerOptions {
  readonly viewport?: { width: number; height: number };
  readonly phone?: boolean;
}

/**
 * A new browser context (its own cookies and storage: another person) whose pages record
 * every live-region announcement from the first byte (see liveRegions.ts).
 */
export async function newPlayer(
  browser: Browser,
  opts: PlayerOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    ...(opts.phone && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
  });
  await context.addInitScript(ANNOUNCEMENT_RECORDER);
  return context;
}

/** A page in a new player's context, opened at `url`. */
export async function openPage(
  browser: Browser,
  url: string,
  opts: PlayerOptions = {},
): Promise<Page> {
  const context = await newPlayer(browser, opts);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}
