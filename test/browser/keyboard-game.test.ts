/**
 * Issue 12, first scenario: a whole game against the computer played only with the seed's
 * keyboard commands (UX.md §2.3), each command's announcement checked in the live regions:
 * T, S, C, 1–9, I, Y, L, N, H, V, Z, F, G, P, Shift+letter and Shift+1–9 (by physical key,
 * as a Spanish keyboard sends them).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PlaceMove } from '../../src/engine/move.js';
import { SPANISH } from '../../src/engine/tiles.js';
import { type GameView, viewFor } from '../../src/engine/view.js';
import { boardTileName, points } from '../../src/play/speech.js';
import { describeViolations, seriousViolations } from './axe.js';
import { DESKTOP, openPage, PHONE } from './browser.js';
import { enterName, focusBoard, startComputerGame } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { committedGame, placements } from './oracle.js';
import { screenshot } from './screenshots.js';
import { serverAndBrowser } from './setup.js';
import { exchangeAllOrPass, pageSays, untilTurnOf } from './turns.js';
import {
  cursorTo,
  drawnPattern,
  letterKeyFor,
  newTiles,
  rackSlots,
  squareName,
  usesBlank,
} from './typing.js';

const env = serverAndBrowser();

/** The page as it is, on a desktop and on a phone. */
async function screenshots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-escritorio`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-movil`);
  await page.setViewportSize(DESKTOP);
}

/** The questions and mode keys, asked once on the player's first turn. */
async function askEverything(page: Page, heard: Announcer, view: GameView) {
  const say = (key: string) => heard.after(() => press(page, key));
  const rack = view.rack!;
  // An arrow key moves the focus with the cursor: the new square is read once, by its name,
  // and not said again in the polite region (UX.md §2.5).
  const since = await heard.mark();
  const square = await heard.after(() => press(page, 'ArrowRight'), { region: 'focus' });
  expect(square).toMatch(/^[A-O]\d+, /);
  // O asks for it again, now in the region (the square's name also marks the last play).
  const asked = await say('KeyO');
  expect(asked).toBe(`${square.replace(/, última jugada$/, '')}.`);
  expect((await heard.all()).slice(since).map((a) => `${a.region} ${a.text}`)).toEqual([
    `focus ${square}`,
    `polite ${asked}`,
  ]);
  await press(page, 'ArrowLeft');
  expect(await say('KeyT')).toBe('Tu turno.');
  expect(await say('KeyS')).toContain(`Tú ${view.scores[view.viewer as number]}`);
  expect((await say('KeyC')).replace(/\.$/, '').split(', ')).toHaveLength(rack.length);
  for (let n = 1; n <= rack.length; n++)
    expect(await say(`Digit${n}`)).toMatch(new RegExp(`^${n}: .+, \\d+ puntos?\\.$`));
  expect(await say('KeyI')).toBe('Orden alfabético.');
  expect(await say('KeyI')).toBe('Consonantes y luego vocales.');
  expect(await say('KeyI')).toBe('Orden de robo.');
  expect(await say('KeyY')).toBe('No has puesto ninguna ficha.');
  expect(await say('KeyF')).toBe('No has puesto ninguna ficha.');
  const onBoard = view.board.some((t) => t !== 0);
  if (onBoard) expect(await say('KeyL')).toMatch(/ en (\d+[A-O]|[A-O]\d+)/);
  else expect(await say('KeyL')).toBe('No hay palabras en el tablero.');
  expect(await say('KeyH')).toMatch(/^Escritura horizontal desde [A-O]\d+\.$/);
  expect(await say('KeyV')).toMatch(/^Escritura vertical desde [A-O]\d+\.$/);
  expect(await say('KeyN')).toBe('Modo navegación.');
  expect(await say('KeyP')).toBe('¿Pasar? Pulsa P otra vez.');
  expect(await say('KeyN')).toMatch(/^Pase cancelado\./);
  // Shift+digit in navigation selects rack tiles for G; G shows the selection, Shift+letter
  // in exchange mode adds a tile of that letter.
  expect(await say('Shift+Digit1')).not.toBe('');
  expect(await say('KeyG')).toMatch(/Cambiar 1 ficha: .+\. Pulsa G para confirmar\.|Modo cambio/);
  const second = letterKeyFor(rack[1]!);
  if (second) expect(await say(second)).toMatch(/elegid[ao]\. Cambiar \d fichas?: /);
  // The tiles chosen stay chosen for a later G, and Escape says so (UX.md §2.2).
  expect(await say('Escape')).toMatch(
    /^Modo navegación\. Siguen? elegid[ao]s? para cambiar: .+\.$/,
  );
  if (onBoard) {
    const sq = view.board.findIndex((t) => t !== 0 && letterKeyFor(t) !== undefined);
    // A blank's name holds parentheses: "comodín (como E)".
    const label = boardTileName(SPANISH, view.board[sq]!).replace(/[()]/g, '\\$&');
    // The focus lands on it and its name is read (the region only says when the search
    // wrapped, or the whole square when the focus stays where it is).
    const since = await heard.mark();
    await press(page, letterKeyFor(view.board[sq]!)!);
    await heard.waitFor(new RegExp(`[A-O]\\d+, ${label}`), { since });
  }
}

/**
 * Places a move's tiles by keys; the first tile (and any LL) by Shift+digit. Each tile is
 * said after the focus has gone on to the next square and read its name, so that name does
 * not cut the tile's message off (UX.md §2.5).
 */
async function typeMove(
  page: Page,
  heard: Announcer,
  say: (key: string) => Promise<string>,
  move: PlaceMove,
): Promise<void> {
  const tiles = newTiles(move);
  await cursorTo(page, tiles[0]!.square);
  const mode = move.dir === 'H' ? 'horizontal' : 'vertical';
  expect(await say(move.dir === 'H' ? 'KeyH' : 'KeyV')).toBe(
    `Escritura ${mode} desde ${squareName(tiles[0]!.square)}.`,
  );
  for (const [k, { square, tile }] of tiles.entries()) {
    let key = k === 0 ? undefined : letterKeyFor(tile);
    if (!key) key = `Shift+Digit${(await rackSlots(page)).indexOf(tile) + 1}`;
    // At the board's edge the page adds "Borde del tablero." and the focus stays.
    const since = await heard.mark();
    const said = await say(key);
    expect(said).toMatch(
      new RegExp(`^${boardTileName(SPANISH, tile)} en ${squareName(square)}\\.`),
    );
    const order = (await heard.all()).slice(since).map((a) => a.region);
    expect(order).toEqual(said.includes('Borde del tablero') ? ['polite'] : ['focus', 'polite']);
  }
}

describe('a game against the computer by keyboard only', () => {
  it('answers every seed key and plays to the end', async () => {
    const page = await openPage(env.browser, env.server.url);
    await enterName(page, 'Ana');
    const id = await startComputerGame(page, { level: 'principiante' });
    await focusBoard(page);
    const heard = new Announcer(page);
    const say = (key: string) => heard.after(() => press(page, key));
    const me = (await committedGame(env.server.dbFile, id)).bots.indexOf(false);
    let first = true;
    for (let turn = 0; turn < 80; turn++) {
      const state = await untilTurnOf(env.server.dbFile, id, me);
      if (state.result) break;
      await pageSays(page, heard, 'KeyT', 'Tu turno.');
      const view = viewFor(state, me);
      if (first) await askEverything(page, heard, view);
      if (view.phase === 'final-challenge') {
        // The computer went out: P twice accepts its last play (E-06).
        expect(await say('KeyP')).toBe('¿Aceptar la última jugada? Pulsa P otra vez.');
        await say('KeyP');
        continue;
      }
      const options = placements(view, (m) => !usesBlank(m));
      const best = options[0];
      if (best) {
        await typeMove(page, heard, say, best.move);
        if (first) {
          // Z puts the cursor back where the move's first tile went.
          const n = newTiles(best.move).length;
          expect(await say('KeyZ')).toBe(
            `${n === 1 ? '1 ficha devuelta' : `${n} fichas devueltas`} al atril. Cursor en ${squareName(newTiles(best.move)[0]!.square)}.`,
          );
          await typeMove(page, heard, say, best.move);
        }
        expect(await say('KeyY')).toContain(`total ${best.score}`);
        const played = await say('KeyF');
        expect(played).toMatch(/^Jugada /);
        // Then the tiles drawn, and whether they were the bag's last; with the bag empty, that
        // none came (unless the play went out).
        const drawn = drawnPattern(best.move, view.bagCount, view.rack!.length);
        expect(played).toMatch(new RegExp(`, ${points(best.score)}(, con scrabble)?\\.${drawn}$`));
      } else {
        await exchangeAllOrPass(say, view);
      }
      if (first) await screenshots(page, 'partida');
      first = false;
    }
    const { state } = await committedGame(env.server.dbFile, id);
    expect(state.result).not.toBeNull();
    await heard.waitFor('Fin de la partida.', { region: 'assertive' });
    await pageSays(page, heard, 'KeyT', 'La partida ha terminado.');
    // The history shows GCG and reads each move in Spanish, as U says it.
    const history = page.getByRole('log', { name: 'Historial' }).getByRole('listitem');
    const spoken = await history.locator('.sr-only').allTextContents();
    const shown = await history.locator('[aria-hidden="true"]').allTextContents();
    expect(spoken.length).toBe(shown.length);
    expect(shown.every((line) => line.startsWith('>'))).toBe(true);
    // (A game against the computer has no challenges: every line ends with the total.)
    expect(spoken.every((line) => /\. Total: \d+\.$/.test(line) && !/[>+]/.test(line))).toBe(true);
    expect(spoken.some((t) => /^.+: (\d+[A-O]|[A-O]\d+) (horizontal|vertical), /.test(t))).toBe(
      true,
    );
    // The computer's plays were announced without being asked for, in the assertive region.
    const loud = (await heard.all()).filter((a) => a.region === 'assertive').map((a) => a.text);
    expect(loud.some((t) => /^.+: (\d+[A-O]|[A-O]\d+) (horizontal|vertical), /.test(t))).toBe(true);
    const found = await seriousViolations(page);
    expect(found, describeViolations(found)).toEqual([]);
    await screenshots(page, 'fin');
  });
});
