/**
 * The standard 15×15 board (RULES.md §1.2): premium squares and a flat square array.
 * A square's index is `row * 15 + col`, both zero-based (N-01).
 */

export const SIZE = 15;
export const SQUARES = SIZE * SIZE;
/** Index of H8, the centre star. */
export const CENTER = 7 * SIZE + 7;

/** Kind of premium on a square. */
export type Premium = 'none' | '2L' | '3L' | '2W' | '3W';

// One row per line, as printed in RULES.md §1.2: 3=3W 2=2W t=3L d=2L, '*' the centre (2W).
const LAYOUT = [
  '3..d...3...d..3',
  '.2...t...t...2.',
  '..2...d.d...2..',
  'd..2...d...2..d',
  '....2.....2....',
  '.t...t...t...t.',
  '..d...d.d...d..',
  '3..d...*...d..3',
  '..d...d.d...d..',
  '.t...t...t...t.',
  '....2.....2....',
  'd..2...d...2..d',
  '..2...d.d...2..',
  '.2...t...t...2.',
  '3..d...3...d..3',
];

/** Letter multiplier of each square (1, 2 or 3). */
export const LETTER_MULT: Uint8Array = new Uint8Array(SQUARES);
/** Word multiplier of each square (1, 2 or 3); the centre is a 2W (S-08). */
export const WORD_MULT: Uint8Array = new Uint8Array(SQUARES);

for (let r = 0; r < SIZE; r++) {
  for (let c = 0; c < SIZE; c++) {
    const ch = LAYOUT[r]![c]!;
    const i = r * SIZE + c;
    LETTER_MULT[i] = ch === 'd' ? 2 : ch === 't' ? 3 : 1;
    WORD_MULT[i] = ch === '2' || ch === '*' ? 2 : ch === '3' ? 3 : 1;
  }
}

/** The premium printed on a square. */
export function premiumAt(index: number): Premium {
  if (WORD_MULT[index] === 3) return '3W';
  if (WORD_MULT[index] === 2) return '2W';
  if (LETTER_MULT[index] === 3) return '3L';
  if (LETTER_MULT[index] === 2) return '2L';
  return 'none';
}

/** A new empty board. */
export function emptyBoard(): Uint8Array {
  return new Uint8Array(SQUARES);
}

/** Row of a square index. */
export function rowOf(index: number): number {
  return Math.floor(index / SIZE);
}

/** Column of a square index. */
export function colOf(index: number): number {
  return index % SIZE;
}

/** Square index of (row, col); -1 when outside the board. */
export function indexOf(row: number, col: number): number {
  if (row < 0 || row >= SIZE || col < 0 || col >= SIZE) return -1;
  return row * SIZE + col;
}

/** True when no tile has been placed yet. */
export function isBoardEmpty(board: Uint8Array): boolean {
  for (let i = 0; i < SQUARES; i++) if (board[i] !== 0) return false;
  return true;
}
