/**
 * A cache of generated placement lists for the endgame search, keyed by a hash of the board and
 * the mover's rack. Iterative deepening visits the same positions again at every depth, and
 * transpositions reach them by other orders; generating their moves again is most of a node's
 * cost, while copying a list back is a few block copies.
 *
 * The moves live in one ring of flat arrays shaped like a `MoveList`'s; an index of slots points
 * into it. When the ring wraps, the oldest lists are overwritten and their slots go stale, which
 * the index detects by comparing how far the ring has moved on since the list was written.
 * A list comes back exactly as it was generated, so move indices into it are stable.
 */
import { KIND_PLACE, type MoveList, TILE_STRIDE } from '../movelist.js';

const SLOT_BITS = 19;
/** Lists up to this long are copied field by field, longer ones by block copies. */
const SHORT = 16;
const SLOT_MASK = (1 << SLOT_BITS) - 1;

/** A bounded store of move lists by position. */
export class MoveCache {
  /** The ring's per-move fields, shaped like a list's. */
  private readonly ring: MoveFields;
  private readonly tiles: Uint8Array;
  /** Moves written since `clear`, wrap-arounds included (the ring's head is this mod size). */
  private written = 0;

  private readonly keyLo = new Int32Array(1 << SLOT_BITS);
  private readonly keyHi = new Int32Array(1 << SLOT_BITS);
  /** Where the slot's list starts, counted like `written`; -1 for an empty slot. */
  private readonly at = new Float64Array(1 << SLOT_BITS).fill(-1);
  private readonly count = new Int32Array(1 << SLOT_BITS);

  /**
   * A cache holding up to `size` moves in all: by default 2M moves (about 42 MB, plus 10 MB of
   * index), enough that the 5-against-7-tile endgames of the bench rarely generate a list twice.
   */
  constructor(private readonly size = 1 << 21) {
    this.ring = {
      dir: new Uint8Array(size),
      start: new Uint8Array(size),
      len: new Uint8Array(size),
      played: new Uint8Array(size),
      score: new Int16Array(size),
    };
    this.tiles = new Uint8Array(size * TILE_STRIDE);
  }

  /** Forgets every list (a new solve: the keys would still match other boards' lists). */
  clear(): void {
    this.at.fill(-1);
    this.written = 0;
  }

  /** Copies the list stored for the key into `out` and returns true, or returns false. */
  load(lo: number, hi: number, out: MoveList): boolean {
    const slot = lo & SLOT_MASK;
    const at = this.at[slot]!;
    if (at < 0 || this.keyLo[slot] !== lo || this.keyHi[slot] !== hi) return false;
    // Overwritten since: the ring has gone round past the list's start.
    if (this.written - at > this.size) return false;
    const n = this.count[slot]!;
    const from = at % this.size;
    reserve(out, n);
    out.count = n;
    out.kind.fill(KIND_PLACE, 0, n);
    copyMoves(this.ring, from, out, 0, n);
    out.tiles.set(this.tiles.subarray(from * TILE_STRIDE, (from + n) * TILE_STRIDE));
    return true;
  }

  /** Stores a list of placements under the key (lists longer than a quarter ring are not). */
  store(lo: number, hi: number, list: MoveList): void {
    const n = list.count;
    if (n > this.size / 4) return;
    // A list never wraps: when it does not fit before the ring's end, it starts over at 0.
    let from = this.written % this.size;
    if (from + n > this.size) {
      this.written += this.size - from;
      from = 0;
    }
    copyMoves(list, 0, this.ring, from, n);
    this.tiles.set(list.tiles.subarray(0, n * TILE_STRIDE), from * TILE_STRIDE);
    const slot = lo & SLOT_MASK;
    this.keyLo[slot] = lo;
    this.keyHi[slot] = hi;
    this.at[slot] = this.written;
    this.count[slot] = n;
    this.written += n;
  }
}

/** The per-move fields both a cache and a list keep (tiles apart: a stride each). */
interface MoveFields {
  readonly dir: Uint8Array;
  readonly start: Uint8Array;
  readonly len: Uint8Array;
  readonly played: Uint8Array;
  readonly score: Int16Array;
}

// Copies n moves' fields from `src` at `si` to `dst` at `di`: element by element for a short
// list (a subarray view per field costs more than the copy), by block copies otherwise.
function copyMoves(src: MoveFields, si: number, dst: MoveFields, di: number, n: number): void {
  if (n <= SHORT) {
    for (let k = 0; k < n; k++) {
      dst.dir[di + k] = src.dir[si + k]!;
      dst.start[di + k] = src.start[si + k]!;
      dst.len[di + k] = src.len[si + k]!;
      dst.played[di + k] = src.played[si + k]!;
      dst.score[di + k] = src.score[si + k]!;
    }
    return;
  }
  dst.dir.set(src.dir.subarray(si, si + n), di);
  dst.start.set(src.start.subarray(si, si + n), di);
  dst.len.set(src.len.subarray(si, si + n), di);
  dst.played.set(src.played.subarray(si, si + n), di);
  dst.score.set(src.score.subarray(si, si + n), di);
}

// Grows a list's storage to hold n moves, through its public push (which doubles it).
function reserve(list: MoveList, n: number): void {
  while (list.kind.length < n) {
    list.count = list.kind.length;
    list.push();
  }
}
