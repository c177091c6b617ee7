/**
 * Moves as a small union (DESIGN.md §2). A placement is written like GCG: the square where the
 * whole word starts, a direction, and the word's tiles in order, with EMPTY for each square
 * the word passes through. Derived facts (words, score) live in `PlayResult`, not here.
 */

export type Direction = 'H' | 'V';

/**
 * Where a word goes: `tiles[k]` is k squares from (row, col) along `dir`. Shared by moves, the
 * events that record them and the game records that spell them.
 */
export interface Placement {
  readonly row: number;
  readonly col: number;
  readonly dir: Direction;
  /** Word tiles from the start square; EMPTY (0) = already on the board; blanks carry BLANK_FLAG. */
  readonly tiles: readonly number[];
}

/** Put tiles on the board. */
export interface PlaceMove extends Placement {
  readonly kind: 'place';
}

/** Return tiles to the bag and draw as many (BLANK = 0 for a blank). */
export interface ExchangeMove {
  readonly kind: 'exchange';
  readonly tiles: readonly number[];
}

export interface PassMove {
  readonly kind: 'pass';
}

/** Challenge the previous play (RULES.md §8). */
export interface ChallengeMove {
  readonly kind: 'challenge';
}

export type Move = PlaceMove | ExchangeMove | PassMove | ChallengeMove;

/** One new tile on one square. */
export interface Placed {
  readonly square: number;
  /** Letter code, with BLANK_FLAG when a blank stands for it. */
  readonly tile: number;
}

/** A maximal run of tiles formed or extended by a play. */
export interface WordRun {
  readonly start: number;
  readonly dir: Direction;
  /** Square indices in reading order. */
  readonly squares: readonly number[];
  /** Tile codes in reading order (blank flag kept). */
  readonly tiles: readonly number[];
  readonly score: number;
}

/** What a valid placement forms and scores. */
export interface PlayResult {
  readonly placed: readonly Placed[];
  /** The main word first, then the cross-words in reading order. */
  readonly words: readonly WordRun[];
  readonly bingo: boolean;
  readonly score: number;
}

/** Step between consecutive squares along a direction. */
export function stepOf(dir: Direction): number {
  return dir === 'H' ? 1 : 15;
}
