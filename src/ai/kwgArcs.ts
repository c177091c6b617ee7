/**
 * The lexicon graph (KWG) as the move generator reads it: nodes interleaved with their sibling
 * tile masks, the two roots, and the child lookup by bit mask shared by the cross-sets and the
 * walk (see movegen.ts, "Arcs by bit mask").
 */
import {
  ACCEPTS_BIT,
  ARC_INDEX_MASK,
  IS_END_BIT,
  TILE_SHIFT,
  popcount32,
  siblingTileMasks,
} from '../lexicon/kwg.js';

/** The separator tile of the GADDAG: the letters before it are read reversed. */
export const SEP = 0;
/** The arc whose children start the GADDAG half of the graph. */
export const GADDAG_ROOT = 1;
/** The arc whose children start the DAWG half of the graph. */
export const DAWG_ROOT = 0;

const interleavedCache = new WeakMap<Uint32Array, Uint32Array>();

/**
 * The graph's nodes interleaved with their `siblingTileMasks`: node i at 2i, the tiles of its
 * list from i on at 2i+1, so that a list's mask and its arcs share cache lines. Built once per
 * graph.
 */
export function interleavedMasks(nodes: Uint32Array): Uint32Array {
  let kn = interleavedCache.get(nodes);
  if (kn) return kn;
  const masks = siblingTileMasks(nodes);
  kn = new Uint32Array(nodes.length * 2);
  for (let i = 0; i < nodes.length; i++) {
    kn[i << 1] = nodes[i]!;
    kn[(i << 1) | 1] = masks[i]!;
  }
  interleavedCache.set(nodes, kn);
  return kn;
}

/** The arc reading tile t among the children of arc p in the interleaved graph `kn`, or -1. */
export function seekArc(kn: Uint32Array, p: number, t: number): number {
  const c = kn[p << 1]! & ARC_INDEX_MASK;
  if (c === 0) return -1;
  const all = kn[(c << 1) | 1]!;
  if (((all >>> t) & 1) === 0) return -1;
  return c + popcount32(all & ((1 << t) - 1));
}

/**
 * Calls `visit(path, len)` for every word of the graph's DAWG half of at most `maxLen` tiles,
 * in the graph's order; `path` holds the word's tiles (reused between calls).
 */
export function forEachWord(
  nodes: Uint32Array,
  maxLen: number,
  visit: (path: Uint8Array, len: number) => void,
): void {
  const path = new Uint8Array(maxLen);
  const walk = (p: number, depth: number): void => {
    let c = nodes[p]! & ARC_INDEX_MASK;
    if (c === 0) return;
    for (; ; c++) {
      const n = nodes[c]!;
      path[depth] = n >>> TILE_SHIFT;
      if ((n & ACCEPTS_BIT) !== 0) visit(path, depth + 1);
      if (depth + 1 < maxLen) walk(c, depth + 1);
      if ((n & IS_END_BIT) !== 0) break;
    }
  };
  walk(DAWG_ROOT, 0);
}

/**
 * `letterPairs` index of the tiles that start a word, and of those that end one. Masks hold
 * tiles 0–31 only, as `siblingTileMasks` (the move generator refuses larger sets); a tile past
 * them (Polish Ż is 32) is left out rather than written over these two.
 */
export const PAIR_FIRST = 32;
export const PAIR_LAST = 33;

const pairsCache = new WeakMap<Uint32Array, Int32Array>();

/**
 * What the words of the interleaved graph `kn` allow next to each other: at tile t, the mask of
 * the tiles that follow t somewhere in a word; at `PAIR_FIRST` the tiles that start a word and
 * at `PAIR_LAST` those that end one. A tile placed between two board letters that never meet it
 * so (a Q before anything but a U, a Q at a word's end) makes no word, read without walking the
 * graph from the word's start. Built once per graph from its DAWG half.
 */
export function letterPairs(kn: Uint32Array): Int32Array {
  let pairs = pairsCache.get(kn);
  if (pairs) return pairs;
  pairs = new Int32Array(PAIR_LAST + 1);
  const seen = new Uint8Array(kn.length >>> 1);
  const first = kn[DAWG_ROOT << 1]! & ARC_INDEX_MASK;
  const lists = [first];
  seen[first] = 1;
  pairs[PAIR_FIRST] = kn[(first << 1) | 1]!;
  while (lists.length > 0) {
    for (let i = lists.pop()!; ; i++) {
      const n = kn[i << 1]!;
      const t = n >>> TILE_SHIFT;
      if ((n & ACCEPTS_BIT) !== 0 && t < PAIR_FIRST) pairs[PAIR_LAST]! |= 1 << t;
      const c = n & ARC_INDEX_MASK;
      if (c !== 0) {
        if (t < PAIR_FIRST) pairs[t]! |= kn[(c << 1) | 1]!;
        if (seen[c] === 0) {
          seen[c] = 1;
          lists.push(c);
        }
      }
      if ((n & IS_END_BIT) !== 0) break;
    }
  }
  pairsCache.set(kn, pairs);
  return pairs;
}
