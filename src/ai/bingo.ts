/**
 * Which racks can bingo: for every multiset of 7 tiles, whether it spells a word by itself
 * (bit 0) and which letters x make it an 8-tile word (bit x). Built once per word graph from
 * its DAWG and kept as sorted typed arrays; the move generator's upper bounds use it so that a
 * rack with no bingo does not get the +50 in every bound.
 *
 * The build takes ~0.4 s, a waste for a command that asks one position (`atril best`): until a
 * graph has been asked for `RACKS_BEFORE_INDEX` racks, `bingoMask` answers "may bingo" (-1),
 * which only loosens the bounds (the best move found is the same); a bot, self-play or a
 * simulation passes that count in a few turns and gets the index from then on.
 */
import { ACCEPTS_BIT, ARC_INDEX_MASK, IS_END_BIT, TILE_SHIFT } from '../lexicon/kwg.js';

const cache = new WeakMap<Uint32Array, BingoIndex>();

/** Base of the multiset keys: codes are below 64. */
const BASE = 64;

/** The key of a sorted multiset of tile codes. */
function keyOf(sorted: ArrayLike<number>, n: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) k = k * BASE + sorted[i]!;
  return k;
}

/** Racks of `size` tiles (7) and the bingos they allow. */
export class BingoIndex {
  private readonly keys: Float64Array;
  private readonly masks: Int32Array;

  private constructor(
    nodes: Uint32Array,
    readonly size: number,
  ) {
    // Every (rack, bit) pair found goes into one flat array as `key * 32 + bit` (keys of 7
    // codes below 64 take 42 bits, so this stays exact); one native sort then groups a rack's
    // bits together. No map of boxed keys: the build takes a fraction of the time.
    let entries = new Float64Array(1 << 16);
    let count = 0;
    const push = (e: number): void => {
      if (count === entries.length) {
        const bigger = new Float64Array(entries.length * 2);
        bigger.set(entries);
        entries = bigger;
      }
      entries[count++] = e;
    };
    const path = new Uint8Array(size + 1);
    const s = new Uint8Array(size + 1);
    const walk = (p: number, depth: number): void => {
      let c = nodes[p]! & ARC_INDEX_MASK;
      if (c === 0) return;
      for (; ; c++) {
        const n = nodes[c]!;
        path[depth] = n >>> TILE_SHIFT;
        const len = depth + 1;
        if ((n & ACCEPTS_BIT) !== 0 && len >= size) {
          // The word's letters, sorted (insertion sort: at most 8).
          for (let i = 0; i < len; i++) {
            const t = path[i]!;
            let j = i;
            for (; j > 0 && s[j - 1]! > t; j--) s[j] = s[j - 1]!;
            s[j] = t;
          }
          if (len === size) push(keyOf(s, size) * 32);
          else {
            // Drop each distinct letter once: the rest is a rack that bingos through it.
            for (let i = 0; i < len; i++) {
              if (i > 0 && s[i] === s[i - 1]) continue;
              let k = 0;
              for (let j = 0; j < len; j++) if (j !== i) k = k * BASE + s[j]!;
              push(k * 32 + s[i]!);
            }
          }
        }
        if (len < size + 1) walk(c, len);
        if ((n & IS_END_BIT) !== 0) break;
      }
    };
    walk(0, 0);
    const sorted = entries.subarray(0, count).sort();
    const keys = new Float64Array(count);
    const masks = new Int32Array(count);
    let m = -1;
    for (let i = 0; i < count; i++) {
      const e = sorted[i]!;
      const bit = e % 32;
      const key = (e - bit) / 32;
      if (m < 0 || keys[m] !== key) keys[++m] = key;
      masks[m]! |= 1 << bit;
    }
    this.keys = keys.slice(0, m + 1);
    this.masks = masks.slice(0, m + 1);
  }

  /** The index for a word graph (built on first use, then cached). */
  static of(nodes: Uint32Array, size = 7): BingoIndex {
    let idx = cache.get(nodes);
    if (!idx || idx.size !== size) {
      idx = new BingoIndex(nodes, size);
      cache.set(nodes, idx);
    }
    return idx;
  }

  /** The mask for a sorted multiset of exactly `size` letters (no blanks). */
  lookup(sorted: ArrayLike<number>): number {
    const k = keyOf(sorted, this.size);
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.keys.length && this.keys[lo] === k ? this.masks[lo]! : 0;
  }

  /**
   * The mask for a rack given as counts (index 0 = blanks) holding exactly `size` tiles: one
   * blank tries every letter; two or more blanks are taken to bingo always (-1).
   */
  forRack(rack: ArrayLike<number>, letters: number): number {
    const blanks = rack[0]!;
    if (blanks >= 2) return -1;
    const tiles: number[] = [];
    for (let t = 1; t < rack.length; t++) for (let c = rack[t]!; c > 0; c--) tiles.push(t);
    if (blanks === 0) return this.lookup(tiles);
    let m = 0;
    for (let x = 1; x <= letters; x++) {
      const s = [...tiles, x].sort((a, b) => a - b);
      m |= this.lookup(s);
    }
    return m;
  }
}

/** Racks asked per graph before the index is worth its build (a one-off command asks 1–2). */
export const RACKS_BEFORE_INDEX = 64;
const asked = new WeakMap<Uint32Array, number>();

/**
 * The bingo mask of a rack of exactly `size` tiles given as counts (index 0 = blanks), as
 * `BingoIndex.forRack` gives it once the graph is busy; before that, -1 (may bingo).
 */
export function bingoMask(
  nodes: Uint32Array,
  rack: ArrayLike<number>,
  letters: number,
  size = 7,
): number {
  const n = asked.get(nodes) ?? 0;
  if (n < RACKS_BEFORE_INDEX) {
    asked.set(nodes, n + 1);
    return -1;
  }
  return BingoIndex.of(nodes, size).forRack(rack, letters);
}
