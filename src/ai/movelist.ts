/**
 * Generated moves kept in flat typed arrays (no object per move), plus the conversions to the
 * engine's readable `Move` objects at the edge.
 */
import { SIZE } from '../engine/board.js';
import type { Direction, Move } from '../engine/move.js';
import { EMPTY } from '../engine/tiles.js';

/** Kind of a generated move, as stored in `MoveList.kind`. */
export const KIND_PLACE = 0;
export const KIND_EXCHANGE = 1;
export const KIND_PASS = 2;

/**
 * Bytes kept per move for its tiles: a whole line (15) for placements, the exchanged tiles
 * otherwise, rounded up to 16 so that the generator copies a placement four tiles at a time.
 */
export const TILE_STRIDE = 16;

/**
 * A growable list of moves. Move `i` is: `kind[i]`; for placements the start square `start[i]`
 * (row*15+col), direction `dir[i]` (0 across, 1 down) and `len[i]` tiles at
 * `tiles[i*TILE_STRIDE …]` (EMPTY = a square played through); for exchanges `len[i]` tiles
 * (BLANK = 0 for a blank). `score[i]`, `equity[i]` and `played[i]` (tiles taken from the rack)
 * for all kinds.
 */
export class MoveList {
  count = 0;
  kind = new Uint8Array(64);
  dir = new Uint8Array(64);
  start = new Uint8Array(64);
  len = new Uint8Array(64);
  played = new Uint8Array(64);
  score = new Int16Array(64);
  equity = new Float64Array(64);
  tiles = new Uint8Array(64 * TILE_STRIDE);
  /** The same bytes as `tiles`, four at a time (bytes past `len[i]` in a slot mean nothing). */
  tiles32 = new Uint32Array(this.tiles.buffer);

  /** Forgets every move, keeping the storage. */
  clear(): void {
    this.count = 0;
  }

  /** Makes room for one more move and returns its index. */
  push(): number {
    if (this.count === this.kind.length) this.grow();
    return this.count++;
  }

  /** A slot just past the last move, to write a candidate into before deciding to keep it. */
  scratch(): number {
    if (this.count === this.kind.length) this.grow();
    return this.count;
  }

  /**
   * The total order of moves, best first: higher equity, then higher score, then placements
   * before exchanges before the pass, then by start square, direction, length and tiles. So
   * that the N best are always the first N of all moves, whatever order they were found in.
   * Negative when move `i` comes before move `j`.
   */
  compare(i: number, j: number): number {
    const d = this.compareHead(i, j);
    if (d !== 0) return d;
    const a = i * TILE_STRIDE;
    const b = j * TILE_STRIDE;
    for (let k = 0; k < this.len[i]!; k++) {
      const t = this.tiles[a + k]! - this.tiles[b + k]!;
      if (t !== 0) return t;
    }
    return 0;
  }

  /** `compare` on everything but the tiles: 0 when only the tiles can tell the moves apart. */
  compareHead(i: number, j: number): number {
    return (
      this.equity[j]! - this.equity[i]! ||
      this.score[j]! - this.score[i]! ||
      this.kind[i]! - this.kind[j]! ||
      this.start[i]! - this.start[j]! ||
      this.dir[i]! - this.dir[j]! ||
      this.len[i]! - this.len[j]!
    );
  }

  private grow(): void {
    const n = this.kind.length * 2;
    const g = <T extends Uint8Array | Int16Array | Float64Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.kind = g(this.kind, n);
    this.dir = g(this.dir, n);
    this.start = g(this.start, n);
    this.len = g(this.len, n);
    this.played = g(this.played, n);
    this.score = g(this.score, n);
    this.equity = g(this.equity, n);
    this.tiles = g(this.tiles, n * TILE_STRIDE);
    this.tiles32 = new Uint32Array(this.tiles.buffer);
  }

  /** Copies move `i` of `from` into slot `j` of this list (which must exist). */
  copyFrom(from: MoveList, i: number, j: number): void {
    this.kind[j] = from.kind[i]!;
    this.dir[j] = from.dir[i]!;
    this.start[j] = from.start[i]!;
    this.len[j] = from.len[i]!;
    this.played[j] = from.played[i]!;
    this.score[j] = from.score[i]!;
    this.equity[j] = from.equity[i]!;
    // Only the move's own tiles: nothing reads a slot past `len`, and a search copies moves by
    // the thousand, where a view per copy would cost more than the copy.
    const a = i * TILE_STRIDE;
    const b = j * TILE_STRIDE;
    if (from === this && i === j) return;
    for (let k = 0, n = from.len[i]!; k < n; k++) this.tiles[b + k] = from.tiles[a + k]!;
  }

  /** Indices of the moves best first, in the total order of `compare`. */
  order(): number[] {
    const idx = Array.from({ length: this.count }, (_, i) => i);
    idx.sort((a, b) => this.compare(a, b));
    return idx;
  }

  /** Move `i` as the engine's readable `Move`. */
  toMove(i: number): Move {
    const kind = this.kind[i]!;
    if (kind === KIND_PASS) return { kind: 'pass' };
    const tiles = Array.from(this.tiles.subarray(i * TILE_STRIDE, i * TILE_STRIDE + this.len[i]!));
    if (kind === KIND_EXCHANGE) return { kind: 'exchange', tiles };
    const s = this.start[i]!;
    const dir: Direction = this.dir[i] === 0 ? 'H' : 'V';
    return { kind: 'place', row: Math.floor(s / SIZE), col: s % SIZE, dir, tiles };
  }

  /** The squares and tiles newly placed by placement `i` (squares ascending). */
  placedOf(i: number): { square: number; tile: number }[] {
    const out: { square: number; tile: number }[] = [];
    const step = this.dir[i] === 0 ? 1 : SIZE;
    for (let k = 0; k < this.len[i]!; k++) {
      const t = this.tiles[i * TILE_STRIDE + k]!;
      if (t !== EMPTY) out.push({ square: this.start[i]! + k * step, tile: t });
    }
    return out;
  }
}
