/**
 * The rack by keyboard (UX.md §2.5, the ARIA listbox pattern): one tab stop, the arrows, Home
 * and End move between its tiles without moving the board's cursor, Enter or Space on tile n is
 * Shift+n of the key model (§3: placed at the cursor in a writing mode, chosen for the exchange
 * otherwise), the other keys stay commands, and Escape goes back to the board.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { board, focusBoard } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { SPANISH } from '../../src/engine/tiles.js';
import { viewFor } from '../../src/engine/view.js';
import { tileName } from '../../src/play/speech.js';
import { committedGame } from './oracle.js';
import { serverAndBrowser } from './setup.js';
import { keyboardGameOnTurn, pageSays } from './turns.js';

const env = serverAndBrowser();

/** The focused element's role and spoken text. */
function focused(page: Page): Promise<{ role: string; text: string }> {
  // A script in a string: this file is compiled without the DOM's types.
  return page.evaluate(`(() => {
    const el = document.activeElement;
    return { role: (el && el.getAttribute('role')) || '', text: el ? el.textContent.trim() : '' };
  })()`);
}

/** The board square that holds the cursor's tab stop. */
function cursorSquare(page: Page): Promise<string | null> {
  return board(page).locator('[role=gridcell][tabindex="0"]').getAttribute('data-square');
}

describe('the rack by keyboard', () => {
  it('arrows move between tiles, Enter places one in writing mode, Space chooses one for the exchange, Escape goes back', async () => {
    const { page, id, heard, me } = await keyboardGameOnTurn(env, 'Rosa');

    const rack = page.getByRole('listbox', { name: 'Atril' });
    const options = rack.getByRole('option');
    const names = (await options.allTextContents()).map((t) => t.trim());
    expect(names).toHaveLength(7);
    const square = await cursorSquare(page);

    // One tab stop: back from the board past the order button, the first tile.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(async () => (await focused(page)).text).toBe('Cambiar el orden');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toMatchObject({ role: 'option' });
    expect((await focused(page)).text).toMatch(/^1, /);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused(page)).text).toMatch(/^2, /);
    await page.keyboard.press('End');
    await expect.poll(async () => (await focused(page)).text).toMatch(/^7, /);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home');
    await expect.poll(async () => (await focused(page)).text).toMatch(/^1, /);
    expect(await cursorSquare(page)).toBe(square);

    // Letters are still commands.
    let since = await heard.mark();
    await press(page, 'KeyT');
    await heard.waitFor('Tu turno.', { since });
    expect((await focused(page)).role).toBe('option');

    // Writing mode, then Enter on a tile that is not a blank (a blank would ask its letter).
    const n = names.findIndex((t) => !t.includes('comodín'));
    since = await heard.mark();
    await press(page, 'KeyH');
    // The page redraws for the mode before the arrows come (a busy machine could mix them).
    await heard.waitFor(/^Escritura horizontal/, { since });
    for (let k = 0; k < n; k++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused(page)).text).toMatch(new RegExp(`^${n + 1}, `));
    since = await heard.mark();
    await page.keyboard.press('Enter');
    await expect.poll(() => board(page).locator('.tentative').count()).toBe(1);
    // The tile leaves its place empty, and every place keeps its number (UX.md §3).
    await expect
      .poll(async () => (await options.nth(n).textContent())?.trim())
      .toMatch(new RegExp(`^${n + 1}, vacío`));
    expect(await options.count()).toBe(7);
    expect(await options.nth(n).getAttribute('aria-disabled')).toBe('true');
    for (let k = 0; k < 7; k++)
      if (k !== n) expect((await options.nth(k).textContent())?.trim()).toBe(names[k]);
    // The turn is not finished by that Enter, and the focus stays on that place.
    expect(await committedGame(env.server.dbFile, id).then((g) => g.state.turn)).toBe(me);
    await expect
      .poll(() => focused(page))
      .toMatchObject({
        role: 'option',
        text: expect.stringMatching(new RegExp(`^${n + 1}, vacío`)),
      });
    // Its key says where the tile went.
    since = await heard.mark();
    await press(page, `Digit${n + 1}`);
    await heard.waitFor(new RegExp(`^${n + 1}: vacío, .+ puest[ao] en [A-O]\\d+\\.$`), { since });

    // Escape: back to the board, in navigation mode, said once.
    since = await heard.mark();
    await page.keyboard.press('Escape');
    await heard.waitFor('Modo navegación.', { since });
    await expect.poll(() => focused(page)).toMatchObject({ role: 'gridcell' });

    // Cambio mode: Space on a tile chooses it.
    await press(page, 'KeyZ');
    await expect.poll(async () => (await options.nth(n).textContent())?.trim()).toBe(names[n]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toMatchObject({ role: 'option' });
    await press(page, 'KeyG');
    await expect.poll(() => rack.getAttribute('aria-multiselectable')).toBe('true');
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await expect.poll(() => options.first().getAttribute('aria-selected')).toBe('true');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('false');

    // Out of Cambio mode the tile stays chosen for a later G (UX.md §2.2): heard on leaving,
    // and still selected, named and marked (not by colour alone) where the rack is shown.
    const first = options.first();
    since = await heard.mark();
    await page.keyboard.press('Escape');
    await heard.waitFor(/^Modo navegación\. Sigue elegid[ao] para cambiar: [^,]+\.$/, { since });
    await focusBoard(page);
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await rack.getAttribute('aria-multiselectable')).toBe('true');
    expect(await first.textContent()).toMatch(/^1, [^,]+, \d+ puntos?, elegid[ao] para cambiar/);
    expect(await first.locator('.exchange-mark').isVisible()).toBe(true);
    // Shift+1 in navigation lets it go: nothing chosen is left, seen or heard.
    since = await heard.mark();
    await press(page, 'Shift+Digit1');
    await heard.waitFor(/no elegid[ao]\. Ninguna ficha elegida\.$/, { since });
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('false');
    expect(await first.textContent()).not.toContain('para cambiar');
    expect(await first.locator('.exchange-mark').count()).toBe(0);
    // The page's help says so.
    const help = page.getByRole('region', { name: 'Ayuda' });
    expect(await help.textContent()).toContain('En el atril: las flechas, Inicio y Fin');
    await page.close();
  });

  it('the rack keeps its layout and its order (I) across a reload of the page', async () => {
    const turn = await keyboardGameOnTurn(env, 'Rosa');
    const { page, id } = turn;
    const rack = viewFor(turn.state, turn.me).rack!;
    let heard = turn.heard;
    // The page keeps the layout for this tab: one laid out backwards comes back as it was.
    const backwards = [...rack].reverse();
    // A script in a string, as above: no DOM types here.
    await page.evaluate(
      `sessionStorage.setItem(${JSON.stringify(`atril.rack.${id}`)}, ${JSON.stringify(JSON.stringify(backwards))})`,
    );
    await page.reload();
    await focusBoard(page);
    heard = new Announcer(page);
    await pageSays(page, heard, 'KeyT', 'Tu turno.');
    const read = backwards.map((t) => tileName(SPANISH, t)).join(', ');
    await pageSays(page, heard, 'KeyC', `${read}.`);
    // The order chosen with I is kept too: after a reload, I goes on from it.
    // (I cycles: pressed once each time, never retried.)
    expect(await heard.after(() => press(page, 'KeyI'))).toBe('Orden alfabético.');
    await page.reload();
    await focusBoard(page);
    heard = new Announcer(page);
    await pageSays(page, heard, 'KeyT', 'Tu turno.');
    expect(await heard.after(() => press(page, 'KeyI'))).toBe('Consonantes y luego vocales.');
    await page.close();
  });
});
