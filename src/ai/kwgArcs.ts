/**
 * The lexicon graph (KWG) as the move generator reads it: each sibling list headed by its tile
 * mask, the two roots, and the child lookup by bit mask shared by the cross-sets and the
 * walk (see movegen.ts, "Arcs by bit mask").
 */
import { ACCEPTS_BIT, ARC_INDEX_MASK, IS_END_BIT, TILE_SHIFT, popcount32 } from '../lexicon/kwg.js';

/** The separator tile of the GADDAG: the letters before it are read reversed. */
export const SEP = 0;
/** The arc whose children start the GADDAG half of the graph. */
export const GADDAG_ROOT = 1;
/** The arc whose children start the DAWG half of the graph. */
export const DAWG_ROOT = 0;

const listedCache = new WeakMap<Uint32Array, Uint32Array>();

/**
 * The graph as the walks read it: every sibling list preceded by one word, the mask of its
 * tiles (bit t set when the list holds tile t), and each arc's index rewritten to point at its
 * child list's mask. Arc p's node is `kn[p]`; its children's mask is `kn[c]` and the child
 * reading tile t is at `c + 1 + popcount(mask below t)`, where `c = kn[p] & ARC_INDEX_MASK`
 * (0: no children). The two roots keep their places (`DAWG_ROOT`, `GADDAG_ROOT`). A list's
 * mask shares a cache line with its first arcs, and the graph is ~30 % smaller than nodes and
 * masks side by side (5.9 MB against 8.4 MB for the default lexicon). The lexicon builder
 * keeps room for one mask per list within the 22-bit arc index (`build.ts`, `reserve`).
 * Built once per graph.
 */
export function listedArcs(nodes: Uint32Array): Uint32Array {
  let kn = listedCache.get(nodes);
  if (kn) return kn;
  // Every arc target gets its own header and copy of the list from there on, so a graph whose
  // arcs point into the middle of a list (a shared tail) still reads right. Typed arrays and
  // index loops throughout: this runs once per process, mostly before the optimizing compiler
  // has seen it, where a growing array of a few hundred thousand targets cost most of its time.
  const n = nodes.length;
  const where = new Int32Array(n);
  const order = new Int32Array(n);
  let lists = 0;
  let size = 2;
  for (let i = 0; i < n; i++) {
    const c = nodes[i]! & ARC_INDEX_MASK;
    // `where` holds a list's place plus one: 0 is "not placed yet", so no fill is needed.
    if (c === 0 || where[c] !== 0) continue;
    where[c] = size + 1;
    order[lists++] = c;
    let x = c;
    while ((nodes[x]! & IS_END_BIT) === 0) x++;
    size += 1 + x - c + 1;
  }
  // The builder refuses graphs past this (KwgTooLargeError), with a message for the player.
  if (size > ARC_INDEX_MASK + 1) throw new RangeError('word graph too large for its list masks');
  kn = new Uint32Array(size);
  const relink = (v: number): number => {
    const c = v & ARC_INDEX_MASK;
    return c === 0 ? v : (v & ~ARC_INDEX_MASK) | (where[c]! - 1);
  };
  kn[DAWG_ROOT] = relink(nodes[DAWG_ROOT]!);
  kn[GADDAG_ROOT] = relink(nodes[GADDAG_ROOT]!);
  for (let k = 0; k < lists; k++) {
    const c = order[k]!;
    const head = where[c]! - 1;
    let at = head + 1;
    // Tiles past 31 have no bit (the move generator refuses such sets).
    let mask = 0;
    for (let x = c; ; x++) {
      const v = nodes[x]!;
      kn[at++] = relink(v);
      const t = v >>> TILE_SHIFT;
      if (t < 32) mask |= 1 << t;
      if ((v & IS_END_BIT) !== 0) break;
    }
    kn[head] = mask;
  }
  listedCache.set(nodes, kn);
  return kn;
}

/** The arc reading tile t among the children of arc p in the listed graph `kn`, or -1. */
export function seekArc(kn: Uint32Array, p: number, t: number): number {
  const c = kn[p]! & ARC_INDEX_MASK;
  if (c === 0) return -1;
  const all = kn[c]!;
  if (((all >>> t) & 1) === 0) return -1;
  return c + 1 + popcount32(all & ((1 << t) - 1));
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
 * tiles 0–31 only, as the lists' masks (the move generator refuses larger sets); a tile past
 * them (Polish Ż is 32) is left out rather than written over these two.
 */
export const PAIR_FIRST = 32;
export const PAIR_LAST = 33;

const pairsCache = new WeakMap<Uint32Array, Int32Array>();

/**
 * What the words of the listed graph `kn` (`listedArcs`) allow next to each other: at tile t,
 * the mask of the tiles that follow t somewhere in a word; at `PAIR_FIRST` the tiles that start
 * a word and at `PAIR_LAST` those that end one. A tile placed between two board letters that
 * never meet it so (a Q before anything but a U, a Q at a word's end) makes no word, read
 * without walking the graph from the word's start. Built once per graph from its DAWG half.
 */
export function letterPairs(kn: Uint32Array): Int32Array {
  let pairs = pairsCache.get(kn);
  if (pairs) return pairs;
  pairs = new Int32Array(PAIR_LAST + 1);
  const seen = new Uint8Array(kn.length);
  const first = kn[DAWG_ROOT]! & ARC_INDEX_MASK;
  const lists = [first];
  seen[first] = 1;
  pairs[PAIR_FIRST] = kn[first]!;
  while (lists.length > 0) {
    for (let i = lists.pop()! + 1; ; i++) {
      const n = kn[i]!;
      const t = n >>> TILE_SHIFT;
      if ((n & ACCEPTS_BIT) !== 0 && t < PAIR_FIRST) pairs[PAIR_LAST]! |= 1 << t;
      const c = n & ARC_INDEX_MASK;
      if (c !== 0) {
        if (t < PAIR_FIRST) pairs[t]! |= kn[c]!;
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
