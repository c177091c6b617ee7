/**
 * Which racks can bingo: for every multiset of 7 tiles, whether it spells a word by itself
 * (bit 0) and which letters x make it an 8-tile word (bit x). Built once per word graph from
 * its DAWG and kept as sorted typed arrays; the move generator's upper bounds use it so that a
 * rack with no bingo does not get the +50 in every bound.
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
    const map = new Map<number, number>();
    const path = new Uint8Array(size + 1);
    const tmp = new Uint8Array(size + 1);
    const add = (key: number, bit: number): void => {
      map.set(key, (map.get(key) ?? 0) | bit);
    };
    const walk = (p: number, depth: number): void => {
      let c = nodes[p]! & ARC_INDEX_MASK;
      if (c === 0) return;
      for (; ; c++) {
        const n = nodes[c]!;
        path[depth] = n >>> TILE_SHIFT;
        const len = depth + 1;
        if ((n & ACCEPTS_BIT) !== 0 && len >= size) {
          tmp.set(path.subarray(0, len));
          const s = tmp.subarray(0, len).sort();
          if (len === size) add(keyOf(s, size), 1);
          else {
            // Drop each distinct letter once: the rest is a rack that bingos through it.
            for (let i = 0; i < len; i++) {
              if (i > 0 && s[i] === s[i - 1]) continue;
              let k = 0;
              for (let j = 0; j < len; j++) if (j !== i) k = k * BASE + s[j]!;
              add(k, 1 << s[i]!);
            }
          }
        }
        if (len < size + 1) walk(c, len);
        if ((n & IS_END_BIT) !== 0) break;
      }
    };
    walk(0, 0);
    this.keys = new Float64Array([...map.keys()].sort((a, b) => a - b));
    this.masks = new Int32Array(this.keys.length);
    this.keys.forEach((k, i) => (this.masks[i] = map.get(k)!));
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
