/**
 * A word map for openings (MAGPIE's idea, sized for one rack on an empty board): every word of
 * 2 to 7 letters filed under its multiset of letters, so that the best opening of a rack is
 * found by looking up the rack's sub-multisets, best bound first, instead of walking the graph.
 *
 * - **Words.** Sorted by the key of their sorted letters (multisets.ts); the words of one
 *   multiset are a run of that order.
 * - **Blanks.** `blank1(K)` is the mask of letters x for which K + x spells some word: a rack
 *   part K with one blank reads its words under K + x for each x of it, with two blanks under
 *   K + x + y for each letter x and each y ≥ x of `blank1(K + x)`.
 *
 * Spanish: 98,630 words of up to 7 tiles (CH, LL and RR are one tile); the map holds 2.6 MB and
 * builds in about 0.2 s, so it is built only once a graph has been asked for a few openings
 * (`openingMapFor`); a one-off `atril best` on an empty board walks the graph instead (0.1 ms).
 * Racks of more than 7 tiles (V-01) and boards with tiles always walk the graph.
 */
import { forEachWord } from './kwgArcs.js';
import {
  Floats,
  type MaskTable,
  lowerBound,
  maskOf,
  maskTable,
  keyWithout,
  multisetKey,
  sortedInto,
} from './multisets.js';

/** The longest word filed: a whole rack. */
export const MAX_OPENING = 7;

const cache = new WeakMap<Uint32Array, OpeningMap>();
const asked = new WeakMap<Uint32Array, number>();
/** Openings asked per graph before the map is worth its build (built for a bot's fourth game). */
export const OPENINGS_BEFORE_MAP = 3;

/** The words of up to 7 tiles of one graph, by multiset, with the one-blank table. */
export class OpeningMap {
  /** Each word's multiset key, ascending. */
  readonly keys: Float64Array;
  /** Word i's letters at `i * MAX_OPENING`, its length in `lens[i]`. */
  readonly tiles: Uint8Array;
  readonly lens: Uint8Array;
  private readonly one: MaskTable;

  private constructor(nodes: Uint32Array) {
    const found = new Floats();
    let tiles = new Uint8Array(1 << 20);
    const one = new Floats();
    const s = new Uint8Array(MAX_OPENING);
    forEachWord(nodes, MAX_OPENING, (path, len) => {
      if (len < 2) return;
      const w = found.count;
      if ((w + 1) * MAX_OPENING > tiles.length) {
        const bigger = new Uint8Array(tiles.length * 2);
        bigger.set(tiles);
        tiles = bigger;
      }
      tiles.set(path.subarray(0, len), w * MAX_OPENING);
      sortedInto(path, len, s);
      found.push(multisetKey(s, len));
      // Drop each distinct letter once: the rest, with one blank, spells this word.
      for (let i = 0; i < len; i++) {
        if (i > 0 && s[i] === s[i - 1]) continue;
        one.push(keyWithout(s, len, i) * 32 + s[i]!);
      }
    });
    const count = found.count;
    const keys = found.data;
    const order = new Int32Array(count);
    for (let i = 0; i < count; i++) order[i] = i;
    order.sort((a, b) => keys[a]! - keys[b]! || a - b);
    this.keys = new Float64Array(count);
    this.tiles = new Uint8Array(count * MAX_OPENING);
    this.lens = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const w = order[i]!;
      this.keys[i] = keys[w]!;
      const from = w * MAX_OPENING;
      let len = 0;
      while (len < MAX_OPENING && tiles[from + len] !== 0) {
        this.tiles[i * MAX_OPENING + len] = tiles[from + len]!;
        len++;
      }
      this.lens[i] = len;
    }
    this.one = maskTable(one);
  }

  /** The map of a word graph (built on first call, then cached). */
  static of(nodes: Uint32Array): OpeningMap {
    let map = cache.get(nodes);
    if (!map) {
      map = new OpeningMap(nodes);
      cache.set(nodes, map);
    }
    return map;
  }

  /** The first word of multiset key `k` (the run goes on while `keys` equals k). */
  firstWord(k: number): number {
    return lowerBound(this.keys, k);
  }

  /** Letters x (bit x) for which the multiset `k` plus x spells a word. */
  blank1(k: number): number {
    return maskOf(this.one, k);
  }

  /** Bytes held by the map's arrays. */
  get bytes(): number {
    return (
      this.keys.byteLength +
      this.tiles.byteLength +
      this.lens.byteLength +
      this.one.keys.byteLength +
      this.one.masks.byteLength
    );
  }
}

/**
 * The opening map of a graph once it has been asked for `OPENINGS_BEFORE_MAP` openings (or
 * built by anyone), else null: below that, the build would cost more than the walks it saves.
 */
export function openingMapFor(nodes: Uint32Array): OpeningMap | null {
  const built = cache.get(nodes);
  if (built) return built;
  const n = (asked.get(nodes) ?? 0) + 1;
  asked.set(nodes, n);
  return n > OPENINGS_BEFORE_MAP ? OpeningMap.of(nodes) : null;
}
