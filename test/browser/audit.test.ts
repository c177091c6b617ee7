/**
 * Issue 12's accessibility audit: axe-core on the lobby and on the game page in each mode
 * (navigation, horizontal and vertical writing, exchange), on a desktop and on a phone — no
 * serious or critical violation. The game-over page is audited at the end of the keyboard
 * game (keyboard-game.test.ts). Screenshots of the lobby are left for people to look at.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './axe.js';
import { DESKTOP, openPage, PHONE } from './browser.js';
import { enterName, focusBoard, startComputerGame } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { screenshot } from './screenshots.js';
import { serverAndBrowser } from './setup.js';

const env = serverAndBrowser();

async function expectNoSeriousViolation(page: Page, where: string): Promise<void> {
  const found = await seriousViolations(page);
  expect(found, `${where}:\n${describeViolations(found)}`).toEqual([]);
}

describe.each([
  ['escritorio', DESKTOP, false],
  ['movil', PHONE, true],
] as const)('axe on the %s', (screen, viewport, phone) => {
  it('lobby, then the game page in every mode', async () => {
    const page = await openPage(env.browser, env.server.url, { viewport, phone });
    await page.getByRole('textbox', { name: 'Tu nombre' }).waitFor();
    await expectNoSeriousViolation(page, 'lobby, asking the name');
    await enterName(page, 'Ana');
    await page.getByRole('button', { name: 'Jugar contra el ordenador' }).waitFor();
    await expectNoSeriousViolation(page, 'lobby');
    await screenshot(page, `entrada-${screen}`);
    // Nothing runs off the side of the screen (a phone's 375 px included).
    // (A phone's browser widens its layout to the content, so compare with the screen.)
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      viewport.width,
    );

    await startComputerGame(page);
    await focusBoard(page);
    const heard = new Announcer(page);
    await expectNoSeriousViolation(page, 'game, navigation mode');
    for (const [key, mode] of [
      ['KeyH', 'Escritura horizontal'],
      ['KeyV', 'Escritura vertical'],
      ['KeyG', 'Modo cambio'],
    ] as const) {
      expect(await heard.after(() => press(page, key))).toContain(mode);
      await expectNoSeriousViolation(page, `game, ${mode}`);
      expect(await heard.after(() => press(page, 'Escape'))).toBe('Modo navegación.');
    }
    // The screen reader's speed (Ajustes) is a labelled select; Escape goes back to the board,
    // and the choice is still there after a reload.
    const speed = page.getByRole('combobox', { name: 'Velocidad de tu lector de pantalla' });
    expect(await speed.inputValue()).toBe('normal');
    await speed.selectOption('muy-rapida');
    await speed.focus();
    expect(await heard.after(() => press(page, 'Escape'))).toBe('Modo navegación.');
    expect(await page.evaluate<string | null>("document.activeElement.getAttribute('role')")).toBe(
      'gridcell',
    );
    await page.reload();
    expect(
      await page.getByRole('combobox', { name: 'Velocidad de tu lector de pantalla' }).inputValue(),
    ).toBe('muy-rapida');
    await page.context().close();
  });
});
