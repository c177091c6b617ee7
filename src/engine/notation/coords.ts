/**
 * Coordinates (RULES.md §1.3). GCG style: `8H` is row 8 from column H going across, `H8` is
 * column H from row 8 going down. The seed-002 style swaps the axes: rows are letters, columns
 * numbers (`H4` across = GCG `8D`, `4H` down = GCG `D8`), offered for display only (N-03).
 */
import { SIZE } from '../board.js';
import type { Direction } from '../move.js';

const COLS = 'ABCDEFGHIJKLMNO';

/** A start square and direction, zero-based. */
export interface Coord {
  readonly row: number;
  readonly col: number;
  readonly dir: Direction;
}

/** Parses a GCG coordinate (`8H`, `h8`, `15a`); undefined when malformed or off the board. */
export function parseCoord(text: string): Coord | undefined {
  const t = text.trim().toUpperCase();
  let m = /^(\d{1,2})([A-O])$/.exec(t);
  if (m) return make(Number(m[1]) - 1, COLS.indexOf(m[2]!), 'H');
  m = /^([A-O])(\d{1,2})$/.exec(t);
  if (m) return make(Number(m[2]) - 1, COLS.indexOf(m[1]!), 'V');
  return undefined;
}

function make(row: number, col: number, dir: Direction): Coord | undefined {
  if (row < 0 || row >= SIZE || col < 0 || col >= SIZE) return undefined;
  return { row, col, dir };
}

/** Writes a GCG coordinate: row first for across (`8H`), column first for down (`H8`). */
export function formatCoord(c: Coord): string {
  return c.dir === 'H' ? `${c.row + 1}${COLS[c.col]}` : `${COLS[c.col]}${c.row + 1}`;
}

/** The name of one square, column letter then row number: `H8`. */
export function squareName(index: number): string {
  return `${COLS[index % SIZE]}${Math.floor(index / SIZE) + 1}`;
}

/** Parses a square name such as `H8` (column letter, row number); undefined when invalid. */
export function parseSquare(text: string): number | undefined {
  const m = /^([A-O])(\d{1,2})$/.exec(text.trim().toUpperCase());
  if (!m) return undefined;
  const row = Number(m[2]) - 1;
  if (row < 0 || row >= SIZE) return undefined;
  return row * SIZE + COLS.indexOf(m[1]!);
}

/** Writes a coordinate in the seed-002 style (rows lettered): across `H4`, down `4H`. */
export function formatRowLetterCoord(c: Coord): string {
  return c.dir === 'H' ? `${COLS[c.row]}${c.col + 1}` : `${c.col + 1}${COLS[c.row]}`;
}

/** Parses a seed-002 style coordinate (`H4` across, `4H` down); undefined when invalid. */
export function parseRowLetterCoord(text: string): Coord | undefined {
  const t = text.trim().toUpperCase();
  let m = /^([A-O])(\d{1,2})$/.exec(t);
  if (m) return make(COLS.indexOf(m[1]!), Number(m[2]) - 1, 'H');
  m = /^(\d{1,2})([A-O])$/.exec(t);
  if (m) return make(COLS.indexOf(m[2]!), Number(m[1]) - 1, 'V');
  return undefined;
}
