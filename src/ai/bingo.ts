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
import { forEachWord } from './kwgArcs.js';
import {
  Floats,
  type MaskTable,
  keyWith,
  keyWithout,
  maskOf,
  maskTable,
  multisetKey,
  sortedInto,
} from './multisets.js';

const cache = new WeakMap<Uint32Array, BingoIndex>();

/** Racks of `size` tiles (7) and the bingos they allow. */
export class BingoIndex {
  private readonly table: MaskTable;
  private readonly rackTiles = new Uint8Array(64);

  private constructor(
    nodes: Uint32Array,
    readonly size: number,
  ) {
    // Every (rack, bit) pair found goes into one table of `key * 32 + bit` entries.
    const entries = new Floats();
    const s = new Uint8Array(size + 1);
    forEachWord(nodes, size + 1, (path, len) => {
      if (len < size) return;
      sortedInto(path, len, s);
      if (len === size) entries.push(multisetKey(s, size) * 32);
      else {
        // Drop each distinct letter once: the rest is a rack that bingos through it.
        for (let i = 0; i < len; i++) {
          if (i > 0 && s[i] === s[i - 1]) continue;
          entries.push(keyWithout(s, len, i) * 32 + s[i]!);
        }
      }
    });
    this.table = maskTable(entries);
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
    return maskOf(this.table, multisetKey(sorted, this.size));
  }

  /**
   * The mask for a rack given as counts (index 0 = blanks) holding exactly `size` tiles: one
   * blank tries every letter; two or more blanks are taken to bingo always (-1).
   */
  forRack(rack: ArrayLike<number>, letters: number): number {
    const blanks = rack[0]!;
    if (blanks >= 2) return -1;
    // The letters in ascending code order; the blank's letter is slotted in by `keyWith`.
    const tiles = this.rackTiles;
    let n = 0;
    for (let t = 1; t < rack.length; t++) for (let c = rack[t]!; c > 0; c--) tiles[n++] = t;
    if (blanks === 0) return maskOf(this.table, multisetKey(tiles, n));
    let m = 0;
    for (let x = 1; x <= letters; x++) m |= maskOf(this.table, keyWith(tiles, n, x));
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
