/**
 * Helpers for building positions in tests and tools: words written in GCG notation at GCG
 * coordinates, so a test reads like the rule it checks.
 */
import { emptyBoard } from '../board.js';
import type { PlaceMove } from '../move.js';
import { parseCoord } from '../notation/coords.js';
import { SPANISH, type TileSet, parseNotation } from '../tiles.js';

/** A place move from GCG text: `play('8H', 'CASA')`, `play('H4', '[CH]AQUETa')`, `.` = through. */
export function play(coord: string, word: string, set: TileSet = SPANISH): PlaceMove {
  const c = parseCoord(coord);
  if (!c) throw new Error(`bad coordinate ${coord}`);
  const tilesResult = parseNotation(set, word, { allowThrough: true });
  if (!tilesResult.ok) throw new Error(`bad tiles ${word}`);
  const tiles = tilesResult.value;
  return { kind: 'place', row: c.row, col: c.col, dir: c.dir, tiles };
}

/** Tile codes from GCG text: `tilesOf('CALLE')` is C·A·L·L·E, `tilesOf('CA[LL]E')` C·A·LL·E. */
export function tilesOf(gcg: string, set: TileSet = SPANISH): number[] {
  const tiles = parseNotation(set, gcg);
  if (!tiles.ok) throw new Error(`bad tiles ${gcg}`);
  return tiles.value;
}

/** A board holding the given words, each `[coord, word]`, written without validation. */
export function boardWith(words: [string, string][], set: TileSet = SPANISH): Uint8Array {
  const board = emptyBoard();
  for (const [coord, word] of words) {
    const m = play(coord, word, set);
    m.tiles.forEach((t, k) => {
      if (t === 0) return;
      const sq = m.row * 15 + m.col + k * (m.dir === 'H' ? 1 : 15);
      board[sq] = t;
    });
  }
  return board;
}
