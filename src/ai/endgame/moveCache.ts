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
  private readonly dir: Uint8Array;
  private readonly start: Uint8Array;
  private readonly len: Uint8Array;
  private readonly played: Uint8Array;
  private readonly score: Int16Array;
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
    this.dir = new Uint8Array(size);
    this.start = new Uint8Array(size);
    this.len = new Uint8Array(size);
    this.played = new Uint8Array(size);
    this.score = new Int16Array(size);
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
    if (n <= SHORT) {
      // Element by element: for a short list a subarray view per field costs more.
      for (let k = 0; k < n; k++) {
        const f = from + k;
        out.dir[k] = this.dir[f]!;
        out.start[k] = this.start[f]!;
        out.len[k] = this.len[f]!;
        out.played[k] = this.played[f]!;
        out.score[k] = this.score[f]!;
      }
    } else {
      out.dir.set(this.dir.subarray(from, from + n));
      out.start.set(this.start.subarray(from, from + n));
      out.len.set(this.len.subarray(from, from + n));
      out.played.set(this.played.subarray(from, from + n));
      out.score.set(this.score.subarray(from, from + n));
    }
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
    if (n <= SHORT) {
      for (let k = 0; k < n; k++) {
        const f = from + k;
        this.dir[f] = list.dir[k]!;
        this.start[f] = list.start[k]!;
        this.len[f] = list.len[k]!;
        this.played[f] = list.played[k]!;
        this.score[f] = list.score[k]!;
      }
    } else {
      this.dir.set(list.dir.subarray(0, n), from);
      this.start.set(list.start.subarray(0, n), from);
      this.len.set(list.len.subarray(0, n), from);
      this.played.set(list.played.subarray(0, n), from);
      this.score.set(list.score.subarray(0, n), from);
    }
    this.tiles.set(list.tiles.subarray(0, n * TILE_STRIDE), from * TILE_STRIDE);
    const slot = lo & SLOT_MASK;
    this.keyLo[slot] = lo;
    this.keyHi[slot] = hi;
    this.at[slot] = this.written;
    this.count[slot] = n;
    this.written += n;
  }
}

// Grows a list's storage to hold n moves, through its public push (which doubles it).
function reserve(list: MoveList, n: number): void {
  while (list.kind.length < n) {
    list.count = list.kind.length;
    list.push();
  }
}
