/**
 * The word graph: a DAWG and a GADDAG together in one flat `Uint32Array`, laid out like
 * wolges' KWG so that the move generator can walk it with integer arithmetic only.
 *
 * ## Node layout (one 32-bit unsigned integer per node)
 *
 * ```
 *  bit 31 … 24   23        22       21 … 0
 *  ┌──────────┬─────────┬────────┬──────────────┐
 *  │   tile   │ accepts │ is-end │  arc index   │
 *  └──────────┴─────────┴────────┴──────────────┘
 * ```
 *
 * - **tile** (8 bits): the tile code this arc reads (engine codes: Spanish A=1 … Z=28). In the
 *   GADDAG, tile 0 is the separator (`^`): "the reversed prefix is done, now read rightwards".
 * - **accepts** (bit 23): the letters read so far, including this arc's tile, are a whole word.
 * - **is-end** (bit 22): this node is the last of its sibling list.
 * - **arc index** (22 bits): index of the first node of the list of this node's children
 *   (the arcs leaving the state this arc leads to); 0 means no children.
 *
 * A state is represented by its *sibling list*: consecutive nodes, sorted by tile ascending
 * (so the GADDAG separator comes first), the last one with is-end set. To follow tile `t` from
 * a list starting at `p`, scan `p, p+1, …` until `tile(node) === t` or `isEnd(node)`.
 *
 * - Node 0 points at the DAWG root list: `arcIndex(nodes[0])` (see `dawgRoot`).
 * - Node 1 points at the GADDAG root list: `arcIndex(nodes[1])` (see `gaddagRoot`).
 *
 * **DAWG**: words read left to right. **GADDAG**: for a word w₁…wₙ and each split 1 ≤ i < n
 * it holds `wᵢ wᵢ₋₁ … w₁ ^ wᵢ₊₁ … wₙ`, plus the whole word reversed `wₙ … w₁` with no separator;
 * `accepts` marks the node where such a string ends. After a separator the GADDAG continues into
 * the very same lists as the DAWG (the lists are shared, the graph is minimised as one), so
 * any node reached after `^` is read exactly like a DAWG node.
 *
 * Lists are interned: two states with the same arcs share one list, which makes the graph a
 * minimal automaton on lists. The file format around the nodes is in `file.ts`.
 */

/** Bits of a node (see the module comment). */
export const ARC_INDEX_MASK = 0x3fffff;
export const IS_END_BIT = 0x400000;
export const ACCEPTS_BIT = 0x800000;
export const TILE_SHIFT = 24;
/** The largest number of nodes an arc index can address. */
export const MAX_NODES = ARC_INDEX_MASK + 1;
/** The GADDAG separator tile. */
export const SEPARATOR = 0;

/** A built word graph: the nodes plus the facts the file header carries. */
export interface Kwg {
  /** DAWG + GADDAG nodes, layout above. */
  readonly nodes: Uint32Array;
  /** Id of the tile set the tile codes belong to ("spanish"). */
  readonly tileSetId: string;
  /** Number of distinct words in the DAWG. */
  readonly wordCount: number;
}

/** The tile code an arc node reads (0 = GADDAG separator). */
export function tile(node: number): number {
  return node >>> TILE_SHIFT;
}

/** True when the tiles read up to and including this arc form a whole word. */
export function accepts(node: number): boolean {
  return (node & ACCEPTS_BIT) !== 0;
}

/** True when this node is the last of its sibling list. */
export function isEnd(node: number): boolean {
  return (node & IS_END_BIT) !== 0;
}

/** Index of the first node of this arc's child list; 0 when the arc has no children. */
export function arcIndex(node: number): number {
  return node & ARC_INDEX_MASK;
}

/** Index of the first node of the DAWG root list (0 if the graph holds no word). */
export function dawgRoot(nodes: Uint32Array): number {
  return nodes[0]! & ARC_INDEX_MASK;
}

/** Index of the first node of the GADDAG root list (0 if the graph holds no word). */
export function gaddagRoot(nodes: Uint32Array): number {
  return nodes[1]! & ARC_INDEX_MASK;
}

/**
 * Follows tile `t` in the sibling list starting at `list`: the index of the arc node reading
 * `t`, or -1 when there is none (also when `list` is 0, the empty list).
 */
export function seek(nodes: Uint32Array, list: number, t: number): number {
  if (list === 0) return -1;
  for (let p = list; ; p++) {
    const n = nodes[p]!;
    if (n >>> TILE_SHIFT === t) return p;
    if ((n & IS_END_BIT) !== 0) return -1;
  }
}

/** Number of set bits of a 32-bit integer. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
