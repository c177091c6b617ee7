/**
 * Placement validation (RULES.md P-01…P-07) and scoring (S-01…S-09): from a set of new tiles on a
 * board to the words they form and what each one scores. Word validity is not judged here; see
 * `WordJudge` in rules.ts.
 */
import {
  CENTER,
  LETTER_MULT,
  SIZE,
  SQUARES,
  WORD_MULT,
  colOf,
  isBoardEmpty,
  rowOf,
} from './board.js';
import type { Direction, PlaceMove, PlayResult, Placed, WordRun } from './move.js';
import { stepOf } from './move.js';
import { type Result, err, ok } from './result.js';
import { BLANK_FLAG, EMPTY, type TileSet, isBlank, letterOf, tileValue } from './tiles.js';

/** Coded reasons a placement breaks the placement rules. */
export type PlacementErrorCode =
  | 'NO_TILES' // nothing placed
  | 'OFF_BOARD' // a tile outside the 15×15 grid
  | 'SQUARE_OCCUPIED' // a tile on a square that already holds one
  | 'DUPLICATE_SQUARE' // two new tiles on one square
  | 'BLANK_NOT_DESIGNATED' // a blank placed without a letter (T-05)
  | 'UNKNOWN_TILE' // a code outside the tile set
  | 'NOT_IN_LINE' // P-01: not in one row or one column
  | 'GAP' // P-02: an empty square between the new tiles
  | 'FIRST_NOT_CENTER' // P-04: the first play misses H8
  | 'FIRST_TOO_SHORT' // P-04: the first play uses a single tile
  | 'NOT_CONNECTED'; // P-05: a later play touches nothing

export interface PlacementError {
  readonly code: PlacementErrorCode;
  /** The square concerned, when there is one. */
  readonly square?: number;
}

/** Scoring parameters that vary by rules: the bingo threshold of V-01 and its bonus. */
export interface ScoringRules {
  /** Fewest tiles from the rack that earn the bonus (7; 7 in "9 fichas" too). */
  readonly bingoTiles: number;
  readonly bingoBonus: number;
}

export const STANDARD_SCORING: ScoringRules = { bingoTiles: 7, bingoBonus: 50 };

/**
 * Turns a notation move into the list of new tiles, checking that played-through squares are
 * occupied (else GAP) and new tiles land on empty squares (else SQUARE_OCCUPIED).
 */
export function placementOf(board: Uint8Array, move: PlaceMove): Result<Placed[], PlacementError> {
  const placed: Placed[] = [];
  const step = stepOf(move.dir);
  for (let k = 0; k < move.tiles.length; k++) {
    const r = move.dir === 'V' ? move.row + k : move.row;
    const c = move.dir === 'H' ? move.col + k : move.col;
    if (r < 0 || r >= SIZE || c < 0 || c >= SIZE) return err({ code: 'OFF_BOARD' });
    const sq = move.row * SIZE + move.col + k * step;
    const tile = move.tiles[k]!;
    if (tile === EMPTY) {
      if (board[sq] === EMPTY) return err({ code: 'GAP', square: sq });
    } else {
      if (board[sq] !== EMPTY) return err({ code: 'SQUARE_OCCUPIED', square: sq });
      placed.push({ square: sq, tile });
    }
  }
  if (placed.length === 0) return err({ code: 'NO_TILES' });
  return ok(placed);
}

/**
 * Checks the placement rules for new tiles on a board and scores every word formed.
 * `set` bounds the tile codes; the board is not modified.
 */
export function evaluatePlacement(
  board: Uint8Array,
  placed: readonly Placed[],
  set: TileSet,
  scoring: ScoringRules = STANDARD_SCORING,
): Result<PlayResult, PlacementError> {
  if (placed.length === 0) return err({ code: 'NO_TILES' });
  const seen = new Set<number>();
  for (const p of placed) {
    if (!Number.isInteger(p.square) || p.square < 0 || p.square >= SQUARES)
      return err({ code: 'OFF_BOARD' });
    if (board[p.square] !== EMPTY) return err({ code: 'SQUARE_OCCUPIED', square: p.square });
    if (seen.has(p.square)) return err({ code: 'DUPLICATE_SQUARE', square: p.square });
    seen.add(p.square);
    const letter = letterOf(p.tile);
    if (p.tile === BLANK_FLAG || letter === 0)
      return err({ code: 'BLANK_NOT_DESIGNATED', square: p.square });
    if (letter > set.letters.length || (p.tile & ~(BLANK_FLAG | 0x7f)) !== 0) {
      return err({ code: 'UNKNOWN_TILE', square: p.square });
    }
  }

  // P-01: one row or one column. A single tile takes the direction of its longer word.
  const rows = new Set(placed.map((p) => rowOf(p.square)));
  const cols = new Set(placed.map((p) => colOf(p.square)));
  let dir: Direction;
  if (placed.length === 1) dir = 'H';
  else if (rows.size === 1) dir = 'H';
  else if (cols.size === 1) dir = 'V';
  else return err({ code: 'NOT_IN_LINE' });

  const tileAt = (sq: number): number => {
    const b = board[sq]!;
    if (b !== EMPTY) return b;
    for (const p of placed) if (p.square === sq) return p.tile;
    return EMPTY;
  };

  // P-02: no empty square between the first and last new tile.
  const step = stepOf(dir);
  const sorted = [...placed].sort((a, b) => a.square - b.square);
  for (let sq = sorted[0]!.square; sq < sorted[sorted.length - 1]!.square; sq += step) {
    if (tileAt(sq) === EMPTY) return err({ code: 'GAP', square: sq });
  }

  const first = isBoardEmpty(board);
  if (first) {
    // P-04: the opening covers the centre with at least two tiles.
    if (!seen.has(CENTER)) return err({ code: 'FIRST_NOT_CENTER' });
    if (placed.length < 2) return err({ code: 'FIRST_TOO_SHORT' });
  } else if (!placed.some((p) => touchesTile(board, p.square))) {
    return err({ code: 'NOT_CONNECTED' }); // P-05
  }

  const words: WordRun[] = [];
  let main = runThrough(sorted[0]!.square, dir, tileAt, set, board);
  if (placed.length === 1 && main.squares.length < 2) {
    const down = runThrough(sorted[0]!.square, 'V', tileAt, set, board);
    if (down.squares.length >= 2) {
      dir = 'V';
      main = down;
    }
  }
  if (main.squares.length >= 2) words.push(main);
  const cross: Direction = dir === 'H' ? 'V' : 'H';
  for (const p of sorted) {
    const w = runThrough(p.square, cross, tileAt, set, board);
    if (w.squares.length >= 2) words.push(w);
  }
  const bingo = placed.length >= scoring.bingoTiles;
  const score = words.reduce((s, w) => s + w.score, 0) + (bingo ? scoring.bingoBonus : 0);
  return ok({ placed: sorted, words, bingo, score });
}

/** True when a square has an occupied orthogonal neighbour. */
function touchesTile(board: Uint8Array, sq: number): boolean {
  const r = rowOf(sq);
  const c = colOf(sq);
  return (
    (c > 0 && board[sq - 1] !== EMPTY) ||
    (c < SIZE - 1 && board[sq + 1] !== EMPTY) ||
    (r > 0 && board[sq - SIZE] !== EMPTY) ||
    (r < SIZE - 1 && board[sq + SIZE] !== EMPTY)
  );
}

// The maximal run through `sq` along `dir`, scored with premiums on new squares only (S-01…S-06).
function runThrough(
  sq: number,
  dir: Direction,
  tileAt: (sq: number) => number,
  set: TileSet,
  board: Uint8Array,
): WordRun {
  const step = stepOf(dir);
  const lineStart = dir === 'H' ? sq - colOf(sq) : colOf(sq);
  const lineEnd = lineStart + step * (SIZE - 1);
  let start = sq;
  while (start !== lineStart && tileAt(start - step) !== EMPTY) start -= step;
  const squares: number[] = [];
  const tiles: number[] = [];
  let sum = 0;
  let mult = 1;
  for (let s = start; ; s += step) {
    const t = tileAt(s);
    if (t === EMPTY) break;
    squares.push(s);
    tiles.push(t);
    const fresh = board[s] === EMPTY;
    const v = isBlank(t) ? 0 : tileValue(set, t);
    sum += fresh ? v * LETTER_MULT[s]! : v;
    if (fresh) mult *= WORD_MULT[s]!;
    if (s === lineEnd) break;
  }
  return { start, dir, squares, tiles, score: sum * mult };
}

/** The board as it was before a placement on `squares`: a copy with those squares empty. */
export function boardBefore(board: ArrayLike<number>, squares: readonly number[]): Uint8Array {
  const before = Uint8Array.from(board);
  for (const sq of squares) before[sq] = EMPTY;
  return before;
}

/** Writes new tiles onto a board (mutating it). */
export function applyPlacement(board: Uint8Array, placed: readonly Placed[]): void {
  for (const p of placed) board[p.square] = p.tile;
}

/**
 * The notation move for a valid placement: start of the main word, direction, and the word's
 * tiles with EMPTY for squares already occupied.
 */
export function moveOfPlay(board: Uint8Array, result: PlayResult): PlaceMove {
  const main = result.words[0];
  if (!main) {
    const sq = result.placed[0]!.square;
    return {
      kind: 'place',
      row: rowOf(sq),
      col: colOf(sq),
      dir: 'H',
      tiles: [result.placed[0]!.tile],
    };
  }
  const tiles = main.squares.map((s, k) => (board[s] !== EMPTY ? EMPTY : main.tiles[k]!));
  return { kind: 'place', row: rowOf(main.start), col: colOf(main.start), dir: main.dir, tiles };
}
