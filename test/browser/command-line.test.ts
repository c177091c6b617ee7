/**
 * The page's command line (UX.md §2.3, «:» or «/»): each opening starts it empty, as a terminal's
 * command line does, so that text left there before Escape is not sent with the next command;
 * it has every key typed after «:», however fast they come; and, opened so, it closes once its
 * command has done what it asked, as «:» in the terminal's key mode does: the focus goes back
 * where it was. A command refused keeps it open with its text, to be corrected. Reached by Tab
 * or a click, it stays, for a player who types every order there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PlaceMove } from '../../src/engine/move.js';
import { formatCoord } from '../../src/engine/notation/coords.js';
import { SPANISH, letterOf, tileLabel } from '../../src/engine/tiles.js';
import { type GameView, viewFor } from '../../src/engine/view.js';
import { openPage } from './browser.js';
import { enterName, focusBoard, startComputerGame } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { isWord, placements } from './oracle.js';
import { serverAndBrowser } from './setup.js';
import { exchangeAllOrPass, keyboardGameOnTurn, pageSays, untilTurnOf } from './turns.js';
import { newTiles, usesBlank } from './typing.js';

const env = serverAndBrowser();

// What has the focus: its id, the square of a board cell, or the slot of a rack tile.
function focused(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const sq = el.getAttribute('data-square');
    const slot = el.getAttribute('data-slot');
    return el.id || (sq ? 'square ' + sq : slot ? 'slot ' + slot : el.tagName);
  })()`);
}

const SCORES = /^Tú 0, Principiante \d+\.$/;

describe('the command line', () => {
  it('opens empty each time: what was typed before Escape is gone, and the next command is read alone', async () => {
    const page = await openPage(env.browser, env.server.url);
    const heard = new Announcer(page);
    await enterName(page, 'Rosa');
    await startComputerGame(page, { level: 'principiante' });
    const field = page.getByRole('textbox', { name: 'Orden' });
    await focusBoard(page);
    await page.keyboard.press(':');
    await expect
      .poll(() => page.evaluate<string>('document.activeElement?.id ?? ""'))
      .toBe('orden');
    await page.keyboard.type('ct');
    await press(page, 'Escape');
    await expect
      .poll(() => page.evaluate<string>('document.activeElement?.id ?? ""'))
      .not.toBe('orden');
    await page.keyboard.press(':');
    await expect
      .poll(() => page.evaluate<string>('document.activeElement?.id ?? ""'))
      .toBe('orden');
    expect(await field.inputValue()).toBe('');
    // The next command is read alone («ctmarcador» was an unknown command).
    const said = await heard.after(async () => {
      await page.keyboard.type('marcador');
      await page.keyboard.press('Enter');
    });
    expect(said).toMatch(SCORES);
    await page.context().close();
  });

  it('has every key typed at once after «:»: the first letter is not lost to the board', async () => {
    const page = await openPage(env.browser, env.server.url);
    const heard = new Announcer(page);
    await enterName(page, 'Rosa');
    await startComputerGame(page, { level: 'principiante' });
    await focusBoard(page);
    // «s» is also the board's key for the scores: lost there, it would be read as S and the
    // line would get «orteo».
    const since = await heard.mark();
    await page.keyboard.type(':sorteo');
    await page.keyboard.press('Enter');
    const draw = /^(Sorteo de salida: |Empiezas? |No consta el sorteo)/;
    await heard.waitFor(draw, { since, region: 'polite' });
    const said = (await heard.all()).slice(since).filter((a) => a.region === 'polite');
    expect(said.map((a) => a.text)).toEqual(['Línea de órdenes.', expect.stringMatching(draw)]);
    await page.context().close();
  });

  it('opened by «:», closes once its command has run: the focus is back where «:» was pressed', async () => {
    const page = await openPage(env.browser, env.server.url);
    const heard = new Announcer(page);
    await enterName(page, 'Rosa');
    await startComputerGame(page, { level: 'principiante' });
    const field = page.getByRole('textbox', { name: 'Orden' });

    // From the board: back on the same square, the reply said, and keys are commands again.
    await focusBoard(page);
    const square = await focused(page);
    expect(square).toMatch(/^square \d+$/);
    let since = await heard.mark();
    await page.keyboard.type(':marcador');
    expect(await focused(page)).toBe('orden');
    await page.keyboard.press('Enter');
    await heard.waitFor(SCORES, { since, region: 'polite' });
    expect(await focused(page)).toBe(square);
    expect(await field.inputValue()).toBe('');
    since = await heard.mark();
    await press(page, 'KeyS');
    await heard.waitFor(SCORES, { since, region: 'polite' });
    expect(await field.inputValue()).toBe('');

    // From the rack: back on the same tile.
    const tile = page
      .getByRole('listbox', { name: 'Atril' })
      .locator('[role=option][tabindex="0"]');
    await tile.focus();
    const slot = await focused(page);
    expect(slot).toMatch(/^slot \d+$/);
    since = await heard.mark();
    await page.keyboard.type(':marcador');
    await page.keyboard.press('Enter');
    await heard.waitFor(SCORES, { since, region: 'polite' });
    expect(await focused(page)).toBe(slot);

    // Enter with nothing written runs nothing: the line waits for an order.
    await focusBoard(page);
    since = await heard.mark();
    await page.keyboard.type(':');
    await page.keyboard.press('Enter');
    await heard.waitFor(/^No has escrito ninguna orden/, { since, region: 'polite' });
    expect(await focused(page)).toBe('orden');
    // Escape still closes it, to the board.
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toMatch(/^square \d+$/);

    // Reached by Tab or a click, the line is the player's place to type orders: it stays.
    await field.focus();
    since = await heard.mark();
    await page.keyboard.type('marcador');
    await page.keyboard.press('Enter');
    await heard.waitFor(SCORES, { since, region: 'polite' });
    expect(await focused(page)).toBe('orden');
    expect(await field.inputValue()).toBe('');
    await page.context().close();
  });

  it('a refused command keeps the line open, focused, its text there to correct; corrected, it closes', async () => {
    const { page, id, heard, me, state: first } = await keyboardGameOnTurn(env, 'Rosa');
    const field = page.getByRole('textbox', { name: 'Orden' });
    const square = await focused(page);
    expect(square).toMatch(/^square \d+$/);

    // A typo: the core refuses it, and the line waits with what was typed.
    let since = await heard.mark();
    await page.keyboard.type(':marcdor');
    await page.keyboard.press('Enter');
    await heard.waitFor(/^Orden desconocida: «marcdor»/, { since, region: 'polite' });
    expect(await focused(page)).toBe('orden');
    expect(await field.inputValue()).toBe('marcdor');
    // Corrected in place, it runs and the line closes.
    since = await heard.mark();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('marcador');
    await page.keyboard.press('Enter');
    await heard.waitFor(/^Tú \d+, Principiante \d+\.$/, { since, region: 'polite' });
    expect(await focused(page)).toBe(square);
    expect(await field.inputValue()).toBe('');

    // A play the server refuses (an invalid word, refused against the computer): the same.
    let state = first;
    for (let tries = 0; !typedPair(viewFor(state, me)); tries++) {
      expect(tries).toBeLessThan(8);
      await exchangeAllOrPass((key) => heard.after(() => press(page, key)), viewFor(state, me));
      state = await untilTurnOf(env.server.dbFile, id, me);
      await pageSays(page, heard, 'KeyT', 'Tu turno.');
    }
    const { good, bad } = typedPair(viewFor(state, me))!;
    since = await heard.mark();
    await page.keyboard.type(`:${bad}`);
    await page.keyboard.press('Enter');
    await heard.waitFor(/^Palabras? no válidas?: /, { since, region: 'polite', timeout: 15_000 });
    expect(await focused(page)).toBe('orden');
    expect(await field.inputValue()).toBe(bad);
    since = await heard.mark();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(good);
    await page.keyboard.press('Enter');
    await heard.waitFor(/^Jugada /, { since, region: 'polite', timeout: 15_000 });
    await expect.poll(() => focused(page)).toBe(square);
    expect(await field.inputValue()).toBe('');
    await page.context().close();
  });
});

// A play as typed on the line, «8H CASA» («.» for a tile on the board); undefined for one the
// line would read otherwise (two letters that spell a digraph tile, CH, LL or RR).
function lineOf(move: PlaceMove): string | undefined {
  const word = move.tiles.map((t) => (t === 0 ? '.' : tileLabel(SPANISH, t))).join('');
  if (/CH|LL|RR/.test(word) || move.tiles.some((t) => t !== 0 && tileLabel(SPANISH, t).length > 1))
    return undefined;
  return `${formatCoord(move)} ${word}`;
}

// A good play of two or more tiles of the rack, and the same with its first two tiles swapped
// so that its word is none, both as typed on the line; undefined when the rack offers none.
function typedPair(view: GameView): { good: string; bad: string } | undefined {
  for (const { move } of placements(view, (m) => !usesBlank(m) && newTiles(m).length >= 2)) {
    const idx = move.tiles.flatMap((t, k) => (t === 0 ? [] : [k]));
    const [a, b] = [idx[0]!, idx[1]!];
    if (move.tiles[a] === move.tiles[b]) continue;
    const tiles = [...move.tiles];
    [tiles[a], tiles[b]] = [tiles[b]!, tiles[a]!];
    const step = move.dir === 'H' ? 1 : 15;
    const start = move.row * 15 + move.col;
    const main = tiles.map((t, k) => letterOf(t === 0 ? view.board[start + k * step]! : t));
    const swapped = { ...move, tiles };
    const good = lineOf(move);
    const bad = lineOf(swapped);
    if (good && bad && !isWord(main)) return { good, bad };
  }
  return undefined;
}
