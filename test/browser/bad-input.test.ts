/**
 * Issue 12: bad input is announced in Spanish and changes nothing. A tile not in the rack is
 * refused as it is typed; a gap, a play that touches nothing and an invalid word are refused
 * when submitted (the last by the server: against the computer the play is refused and you
 * try again). After each, the committed game is unchanged and the tiles placed stay on the
 * board where the player can fix them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SIZE } from '../../src/engine/board.js';
import type { PlaceMove } from '../../src/engine/move.js';
import type { GameState } from '../../src/engine/gameState.js';
import { letterOf, SPANISH, tilesToWord, tileValue } from '../../src/engine/tiles.js';
import { type GameView, viewFor } from '../../src/engine/view.js';
import { boardTileName, points } from '../../src/play/speech.js';
import { board } from './flows.js';
import { press } from './keys.js';
import type { Announcer } from './liveRegions.js';
import { committedGame, isWord, placements } from './oracle.js';
import { serverAndBrowser } from './setup.js';
import { exchangeAllOrPass, keyboardGameOnTurn, pageSays, untilTurnOf } from './turns.js';
import { cursorTo, newTiles, rackSlots, squareName, usesBlank } from './typing.js';

const env = serverAndBrowser();

/** The accessible name of a board square: "H8, C, 3 puntos…" or "H8, vacía…". */
async function cellName(page: Page, square: number): Promise<string> {
  const cell = board(page).locator(`[data-square="${square}"]`);
  return (await cell.getAttribute('aria-label')) ?? (await cell.innerText());
}

/** Places tiles one by one (each by Shift+digit, the way that never misreads a letter). */
async function place(
  page: Page,
  heard: Announcer,
  tiles: { square: number; tile: number }[],
  dir: 'H' | 'V',
) {
  for (const { square, tile } of tiles) {
    await cursorTo(page, square);
    await press(page, dir === 'H' ? 'KeyH' : 'KeyV');
    const slot = (await rackSlots(page)).indexOf(tile) + 1;
    expect(await heard.after(() => press(page, `Shift+Digit${slot}`))).toMatch(
      new RegExp(`^${boardTileName(SPANISH, tile)} en ${squareName(square)}\\.`),
    );
    await press(page, 'Escape');
  }
}

describe('bad input', () => {
  it('is announced in Spanish, changes nothing and leaves the tiles to fix', async () => {
    const game = await keyboardGameOnTurn(env, 'Ana');
    const { page, id, heard, me } = game;
    const say = (key: string) => heard.after(() => press(page, key));
    let state = game.state;

    // A tile not in the rack: refused as it is typed, nothing placed.
    const rack = viewFor(state, me).rack!;
    const missing = SPANISH.letters.findIndex(
      (l, i) => !rack.includes(i + 1) && l.label.length === 1 && l.label !== 'Ñ',
    );
    const label = SPANISH.letters[missing]!.label;
    const empty = state.board.findIndex((t) => t === 0);
    await cursorTo(page, empty);
    expect(await say('KeyH')).toBe(`Escritura horizontal desde ${squareName(empty)}.`);
    expect(await say(`Shift+Key${label}`)).toMatch(
      new RegExp(`^No tienes (la|el) ${label} en el atril\\.`),
    );
    expect(await cellName(page, empty)).toMatch(new RegExp(`^${squareName(empty)}, vacía`));
    await press(page, 'Escape');

    // The rest needs tiles on the board and a real play of two or more non-blank tiles whose
    // first two swapped spell no word. The rack is random: until it offers that, play a first
    // word on an empty board, else change every tile (or pass), and let the computer answer.
    for (let tries = 0; !suits(state, me); tries++) {
      expect(tries).toBeLessThan(8);
      const view = viewFor(state, me);
      const first = placements(view, (m) => !usesBlank(m))[0];
      if (state.board.every((t) => t === 0) && first) {
        await place(page, heard, newTiles(first.move), first.move.dir);
        expect(await say('KeyF')).toMatch(/^Jugada /);
      } else {
        await exchangeAllOrPass(say, view);
      }
      state = await untilTurnOf(env.server.dbFile, id, me);
      await pageSays(page, heard, 'KeyT', 'Tu turno.');
    }
    const events = state.events.length;
    const view = viewFor(state, me);
    const rackNow = view.rack!.filter((t) => t !== 0);

    // A play that touches nothing: a lone tile in a corner region far from every tile.
    const far = [0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1].find((corner) =>
      view.board.every(
        (t, sq) =>
          t === 0 ||
          Math.abs((sq % SIZE) - (corner % SIZE)) +
            Math.abs(Math.floor(sq / SIZE) - Math.floor(corner / SIZE)) >
            2,
      ),
    )!;
    const lone = [
      { square: far, tile: rackNow[0]! },
      { square: far + (far % SIZE === 0 ? 1 : -1), tile: rackNow[1]! },
    ].sort((a, b) => a.square - b.square);
    await place(page, heard, lone, 'H');
    expect(await say('KeyF')).toBe('La jugada no toca ninguna ficha del tablero.');
    // Each square says its tile and the tile's value, as on its face (UX.md §2.5).
    for (const { square, tile } of lone)
      expect(await cellName(page, square)).toContain(
        `${squareName(square)}, ${boardTileName(SPANISH, tile)}, ${points(tileValue(SPANISH, tile))}, puesta en este turno`,
      );
    // Z puts the cursor back on the first tile's square, where writing again starts.
    expect(await say('KeyZ')).toBe(
      `2 fichas devueltas al atril. Cursor en ${squareName(lone[0]!.square)}.`,
    );

    // A gap: two tiles in one row with an empty square between them, next to the board.
    const good = goodPlays(view);
    const gapMove = good.find(({ move }) => {
      const t = newTiles(move);
      const step = move.dir === 'H' ? 1 : SIZE;
      const beyond = t[t.length - 1]!.square + 2 * step;
      return move.dir === 'H'
        ? beyond % SIZE >= 2 && view.board[beyond] === 0 && view.board[beyond - step] === 0
        : beyond < SIZE * SIZE && view.board[beyond] === 0 && view.board[beyond - step] === 0;
    });
    if (gapMove) {
      const t = newTiles(gapMove.move);
      const step = gapMove.move.dir === 'H' ? 1 : SIZE;
      const last = t[t.length - 1]!;
      const gapped = [...t.slice(0, -1), { square: last.square + 2 * step, tile: last.tile }];
      await place(page, heard, gapped, gapMove.move.dir);
      expect(await say('KeyF')).toMatch(/^Hay un hueco/);
      for (const { square } of gapped) expect(await cellName(page, square)).not.toMatch(/, vacía/);
      await say('KeyZ');
    }

    // An invalid word: a real play's new tiles in another order, judged by the server.
    const bad = badPlay(view);
    expect(bad).toBeDefined();
    const badTiles = newTiles(bad!);
    await place(page, heard, badTiles, bad!.dir);
    const word = tilesToWord(SPANISH, mainWord(bad!, view.board));
    const since = await heard.mark();
    await press(page, 'KeyF');
    const refused = await heard.waitFor(/no válida/, { since, timeout: 15_000 });
    expect(refused.text).toContain(word);
    for (const { square, tile } of badTiles)
      expect(await cellName(page, square)).toContain(
        `${squareName(square)}, ${boardTileName(SPANISH, tile)}`,
      );

    // Nothing changed in the game: no event committed, still this player's turn.
    const after = (await committedGame(env.server.dbFile, id)).state;
    expect(after.events.length).toBe(events);
    expect(after.turn).toBe(me);
    await page.context().close();
  });
});

// The real plays of two or more non-blank tiles, best first.
function goodPlays(view: GameView) {
  return placements(view, (m) => !usesBlank(m) && newTiles(m).length >= 2);
}

// A good play with its first two new tiles swapped so that the main word is not a word.
function badPlay(view: GameView): PlaceMove | undefined {
  return goodPlays(view)
    .map(({ move }) => swapped(move))
    .find((m): m is PlaceMove => m !== undefined && !isWord(mainWord(m, view.board)));
}

// Whether this player's turn offers what the test needs: tiles on the board and a bad play.
function suits(state: GameState, seat: number): boolean {
  return state.board.some((t) => t !== 0) && badPlay(viewFor(state, seat)) !== undefined;
}

// The placement with its first two new tiles swapped (undefined when they are the same).
function swapped(move: PlaceMove): PlaceMove | undefined {
  const idx = move.tiles.flatMap((t, k) => (t === 0 ? [] : [k]));
  if (idx.length < 2) return undefined;
  const [a, b] = [idx[0]!, idx[1]!];
  if (move.tiles[a] === move.tiles[b]) return undefined;
  const tiles = [...move.tiles];
  [tiles[a], tiles[b]] = [tiles[b]!, tiles[a]!];
  return { ...move, tiles };
}

// The whole word along the move's line: board tiles before, through and after the new ones.
function mainWord(move: PlaceMove, boardNow: readonly number[]): number[] {
  const step = move.dir === 'H' ? 1 : SIZE;
  const start = move.row * SIZE + move.col;
  return move.tiles.map((t, k) => letterOf(t === 0 ? boardNow[start + k * step]! : t));
}
