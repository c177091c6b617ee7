/**
 * Builds the KWG (DAWG + GADDAG, see kwg.ts) from words given as tile codes.
 *
 * No trie of objects is ever made. The words go into one flat byte array with a 0 after each
 * word; a state of the automaton is a range of "cursors" into that array, and its children are
 * found by sorting the range by the tile under the cursor (a radix step), depth first. Each
 * finished sibling list is interned in a hash table over the output array, so equal lists are
 * written once: the DAWG comes out minimal, and the GADDAG's lists are shared with the DAWG's
 * (after the separator it *is* the DAWG) and with each other.
 *
 * - DAWG cursor: the index of the next tile to read; all cursors of a range share the prefix.
 * - GADDAG item: a substring u = flat[j..j+len) of some word, packed as `j * 32 + len`; reading
 *   one more reversed tile looks at flat[j-1] (0 = the start of the word: time for the
 *   separator, whose child is the DAWG list of the prefix u, recorded during the DAWG pass).
 *   Every GADDAG string is "a prefix read backwards, then the rest of the word", so there is
 *   one starting item per distinct prefix, not per tile of every word.
 */
import type { TileSet } from '../engine/tiles.js';
import { packWords, type PackedWords } from './packed.js';
import { IS_END_BIT, MAX_NODES, SEPARATOR, TILE_SHIFT, ACCEPTS_BIT, type Kwg } from './kwg.js';

/** Longest word the builder accepts, in tiles (the GADDAG packs lengths in 5 bits). */
export const MAX_BUILD_WORD_TILES = 31;

/** Thrown when a word list needs more nodes than the 22-bit arc index can address. */
export class KwgTooLargeError extends Error {
  constructor(readonly nodes: number) {
    super(`word graph needs more than ${MAX_NODES} nodes`);
    this.name = 'KwgTooLargeError';
  }
}

/**
 * Builds the word graph of `words` (tile codes 1…letters, each word 1…31 tiles; duplicates and
 * any order allowed) for tile set `set`. Throws RangeError on a tile code outside the set or an
 * empty/over-long word (callers validate user input first), KwgTooLargeError when the graph
 * does not fit the 22-bit arc index.
 */
export function buildKwg(words: readonly ArrayLike<number>[], set: TileSet): Kwg {
  return buildPackedKwg(packWords(words), set);
}

/** `buildKwg` for words already packed (packed.ts), as the word-list readers produce them. */
export function buildPackedKwg(words: PackedWords, set: TileSet): Kwg {
  const letters = set.letters.length;
  if (letters > 255) throw new RangeError('tile set too large');
  const flat = words.bytes;
  if (flat.length >= 1 << 26) throw new RangeError('word list too large');
  if (flat[0] !== 0 || flat[flat.length - 1] !== 0) throw new RangeError('badly packed words');
  let count = 0;
  for (let p = 1, start = 1; p < flat.length; p++) {
    const t = flat[p]!;
    if (t === 0) {
      const len = p - start;
      if (len < 1 || len > MAX_BUILD_WORD_TILES) throw new RangeError(`word of ${len} tiles`);
      count++;
      start = p + 1;
    } else if (t > letters) throw new RangeError(`tile code ${t} outside ${set.id}`);
  }
  return new Builder(flat, count, set.id, letters).run();
}

class Builder {
  private out = new Uint32Array(1 << 16);
  private size = 2;
  /** Sibling lists written so far (see `reserve`). */
  private lists = 0;
  private table = new Int32Array(1 << 16);
  private tableCount = 0;
  private oneTable = new Int32Array(1 << 17);
  private oneCount = 0;
  /** Arcs of the lists under construction, one group per depth (≤ 33 levels). */
  private readonly arcs: Uint32Array;
  private arcTop = 0;
  /** DAWG list of the prefix that ends just before each flat position. */
  private readonly sepList: Int32Array;
  /** One GADDAG root item per distinct non-empty prefix (see `dawg`). */
  private readonly roots: Int32Array;
  private rootCount = 0;
  private items: Int32Array = new Int32Array(0);
  private tmp: Int32Array = new Int32Array(0);
  /** The sort key (a tile) of each item, beside `items`. */
  private keys: Uint8Array = new Uint8Array(0);
  private readonly counts = new Int32Array(257);
  /** Whether the state just built is a whole word (read by the caller to set `accepts`). */
  private isWord = false;
  private wordCount = 0;

  constructor(
    private readonly flat: Uint8Array,
    private readonly inputWords: number,
    private readonly tileSetId: string,
    letters: number,
  ) {
    this.arcs = new Uint32Array((letters + 2) * (MAX_BUILD_WORD_TILES + 2));
    this.sepList = new Int32Array(flat.length);
    this.roots = new Int32Array(flat.length);
  }

  run(): Kwg {
    const { flat } = this;
    // DAWG: one cursor per word, at its first tile.
    this.items = new Int32Array(this.inputWords);
    this.tmp = new Int32Array(Math.max(this.inputWords, 1));
    this.keys = new Uint8Array(this.inputWords);
    let n = 0;
    for (let p = 1; p < flat.length; p++)
      if (flat[p - 1] === 0 && flat[p] !== 0) this.items[n++] = p;
    const dawg = n ? this.dawg(0, n) : 0;
    // GADDAG: one item per distinct prefix; repeated prefixes would only repeat its work.
    const m = this.rootCount;
    this.items = this.roots.slice(0, m);
    this.tmp = new Int32Array(Math.max(m, 1));
    this.keys = new Uint8Array(m);
    const gaddag = m ? this.gaddag(0, m) : 0;
    const nodes = this.out.slice(0, this.size);
    nodes[0] = (IS_END_BIT | dawg) >>> 0;
    nodes[1] = (IS_END_BIT | gaddag) >>> 0;
    this.items = this.tmp = new Int32Array(0);
    this.keys = new Uint8Array(0);
    return { nodes, tileSetId: this.tileSetId, wordCount: this.wordCount };
  }

  /** Builds the DAWG state whose cursors are items[lo..hi); returns its list index. */
  private dawg(lo: number, hi: number): number {
    const { flat, items } = this;
    if (hi - lo === 1) return this.dawgChain(items[lo]!);
    this.sortByTile(lo, hi, false);
    const arcBase = this.arcTop;
    let word = false;
    let i = lo;
    // Words that end here sort first (tile 0).
    if (flat[items[i]!] === 0) {
      word = true;
      this.wordCount++;
      while (i < hi && flat[items[i]!] === 0) i++;
    }
    // The GADDAG needs each distinct prefix once: the empty substring at its end, taken from
    // the first cursor, which ends its word when the prefix is a word.
    if (flat[items[lo]! - 1] !== 0) this.roots[this.rootCount++] = items[lo]! * 32;
    while (i < hi) {
      const t = flat[items[i]!]!;
      let e = i;
      while (e < hi && flat[items[e]!] === t) items[e++]!++;
      const child = this.dawg(i, e);
      this.arcs[this.arcTop++] = (t << TILE_SHIFT) | (this.isWord ? ACCEPTS_BIT : 0) | child;
      // Back to this state's cursors, which the separator table is keyed by.
      for (let k = i; k < e; k++) items[k]!--;
      i = e;
    }
    const list = this.intern(arcBase);
    for (let k = lo; k < hi; k++) this.sepList[items[k]!] = list;
    this.isWord = word;
    return list;
  }

  /**
   * A DAWG state with a single cursor (a prefix only one word has): the rest of that word is
   * a chain, built bottom-up in a loop, with the same bookkeeping as `dawg`.
   */
  private dawgChain(cursor: number): number {
    const { flat, sepList, roots } = this;
    let end = cursor;
    while (flat[end] !== 0) end++;
    this.wordCount++;
    // The state after the whole word: no arcs.
    let list = 0;
    sepList[end] = 0;
    if (flat[end - 1] !== 0) roots[this.rootCount++] = end * 32;
    for (let k = end - 1; k >= cursor; k--) {
      list = this.internOne((flat[k]! << TILE_SHIFT) | (k === end - 1 ? ACCEPTS_BIT : 0) | list);
      sepList[k] = list;
      if (flat[k - 1] !== 0) roots[this.rootCount++] = k * 32;
    }
    this.isWord = cursor === end;
    return list;
  }

  /** Builds the GADDAG state whose substring items are items[lo..hi); returns its list index. */
  private gaddag(lo: number, hi: number): number {
    const { flat, items } = this;
    if (hi - lo === 1) return this.gaddagChain(items[lo]!);
    this.sortByTile(lo, hi, true);
    const arcBase = this.arcTop;
    let word = false;
    let sep = 0;
    let i = lo;
    // Items at the start of their word (previous byte 0) sort first: separator or whole word.
    for (; i < hi; i++) {
      const it = items[i]!;
      const j = it >> 5;
      if (flat[j - 1] !== 0) break;
      const end = j + (it & 31);
      if (flat[end] === 0) word = true;
      if (this.sepList[end] !== 0) sep = this.sepList[end]!;
    }
    if (sep) this.arcs[this.arcTop++] = (SEPARATOR << TILE_SHIFT) | sep;
    while (i < hi) {
      const t = flat[(items[i]! >> 5) - 1]!;
      let e = i;
      // One tile further left: j - 1, len + 1.
      while (e < hi && flat[(items[e]! >> 5) - 1] === t) items[e++]! -= 31;
      const child = this.gaddag(i, e);
      this.arcs[this.arcTop++] = (t << TILE_SHIFT) | (this.isWord ? ACCEPTS_BIT : 0) | child;
      i = e;
    }
    const list = this.intern(arcBase);
    this.isWord = word;
    return list;
  }

  /**
   * A GADDAG state with a single item (a substring found once): the rest is a chain down to
   * the start of the word, built bottom-up in a loop.
   */
  private gaddagChain(it: number): number {
    const { flat } = this;
    const j = it >> 5;
    const end = j + (it & 31);
    const whole = flat[end] === 0;
    let start = j;
    while (flat[start - 1] !== 0) start--;
    const sep = this.sepList[end]!;
    let list = sep === 0 ? 0 : this.internOne((SEPARATOR << TILE_SHIFT) | sep);
    let word = whole;
    for (let k = start; k < j; k++) {
      list = this.internOne((flat[k]! << TILE_SHIFT) | (word ? ACCEPTS_BIT : 0) | list);
      word = false;
    }
    this.isWord = word;
    return list;
  }

  /**
   * Sorts items[lo..hi) by tile: DAWG cursors by the tile under the cursor, GADDAG items by the
   * tile before the substring (0 at a word start). The tiles are read once into `keys`, then
   * sorted with their items: insertion sort for short runs, a counting sort otherwise.
   */
  private sortByTile(lo: number, hi: number, gaddag: boolean): void {
    const { flat, items, keys } = this;
    if (gaddag) for (let a = lo; a < hi; a++) keys[a] = flat[(items[a]! >> 5) - 1]!;
    else for (let a = lo; a < hi; a++) keys[a] = flat[items[a]!]!;
    if (hi - lo <= 24) {
      for (let a = lo + 1; a < hi; a++) {
        const it = items[a]!;
        const k = keys[a]!;
        let b = a - 1;
        while (b >= lo && keys[b]! > k) {
          items[b + 1] = items[b]!;
          keys[b + 1] = keys[b]!;
          b--;
        }
        items[b + 1] = it;
        keys[b + 1] = k;
      }
      return;
    }
    const { counts, tmp } = this;
    counts.fill(0);
    for (let a = lo; a < hi; a++) counts[keys[a]! + 1]!++;
    for (let c = 1; c < 257; c++) counts[c]! += counts[c - 1]!;
    for (let a = lo; a < hi; a++) tmp[counts[keys[a]!]!++] = items[a]!;
    items.set(tmp.subarray(0, hi - lo), lo);
  }

  /**
   * Interns a list of exactly one arc (most lists) in its own table of (arc, list) pairs side
   * by side, so that a probe touches one cache line.
   */
  private internOne(arc: number): number {
    const key = arc | IS_END_BIT | 0;
    let table = this.oneTable;
    let mask = (table.length >> 1) - 1;
    let slot = mix(key) & mask;
    for (;;) {
      const s = table[2 * slot + 1]!;
      if (s === 0) break;
      if (table[2 * slot] === key) return s;
      slot = (slot + 1) & mask;
    }
    const start = this.reserve(1);
    this.out[start] = key;
    table[2 * slot] = key;
    table[2 * slot + 1] = start;
    if (++this.oneCount * 2 > mask + 1) {
      const old = table;
      table = this.oneTable = new Int32Array(old.length * 2);
      mask = (table.length >> 1) - 1;
      for (let x = 1; x < old.length; x += 2) {
        if (old[x] === 0) continue;
        let sl = mix(old[x - 1]!) & mask;
        while (table[2 * sl + 1] !== 0) sl = (sl + 1) & mask;
        table[2 * sl] = old[x - 1]!;
        table[2 * sl + 1] = old[x]!;
      }
    }
    return start;
  }

  /**
   * Makes room for n more nodes, one sibling list, at the end of the output; returns where they
   * start. The limit counts one word more per list: the move generator reads the graph with
   * each list headed by its tile mask (ai/kwgArcs.ts, `listedArcs`), in the same 22-bit index.
   */
  private reserve(n: number): number {
    const start = this.size;
    this.lists++;
    if (start + n + this.lists > MAX_NODES) throw new KwgTooLargeError(start + n + this.lists);
    if (start + n > this.out.length) {
      const bigger = new Uint32Array(Math.max(this.out.length * 2, start + n));
      bigger.set(this.out.subarray(0, this.size));
      this.out = bigger;
    }
    this.size += n;
    return start;
  }

  /** Writes the arcs pushed since arcBase as one sibling list, or finds an equal one. */
  private intern(arcBase: number): number {
    const n = this.arcTop - arcBase;
    if (n === 0) return 0;
    const { arcs } = this;
    if (n === 1) {
      this.arcTop = arcBase;
      return this.internOne(arcs[arcBase]!);
    }
    let h = 0x811c9dc5;
    for (let k = arcBase; k < this.arcTop; k++) h = Math.imul(h ^ arcs[k]!, 0x01000193);
    h = mix(h);
    let mask = this.table.length - 1;
    let slot = h & mask;
    for (;;) {
      const s = this.table[slot]!;
      if (s === 0) break;
      if (this.sameList(s, arcBase, n)) {
        this.arcTop = arcBase;
        return s;
      }
      slot = (slot + 1) & mask;
    }
    const start = this.reserve(n);
    for (let k = 0; k < n; k++) this.out[start + k] = arcs[arcBase + k]!;
    this.out[start + n - 1] = (this.out[start + n - 1]! | IS_END_BIT) >>> 0;
    this.arcTop = arcBase;
    this.table[slot] = start;
    if (++this.tableCount * 2 > this.table.length) {
      this.rehash();
      mask = this.table.length - 1;
    }
    return start;
  }

  private sameList(s: number, arcBase: number, n: number): boolean {
    const { out, arcs } = this;
    for (let k = 0; k < n; k++) {
      const node = out[s + k]!;
      if ((node & ~IS_END_BIT) >>> 0 !== arcs[arcBase + k]) return false;
      if ((node & IS_END_BIT) !== 0) return k === n - 1;
    }
    return false;
  }

  private rehash(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2);
    const mask = table.length - 1;
    const { out } = this;
    for (let x = 0; x < old.length; x++) {
      const s = old[x]!;
      if (s === 0) continue;
      let h = 0x811c9dc5;
      for (let p = s; ; p++) {
        const node = out[p]!;
        h = Math.imul(h ^ ((node & ~IS_END_BIT) >>> 0), 0x01000193);
        if ((node & IS_END_BIT) !== 0) break;
      }
      h = mix(h);
      let slot = h & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = s;
    }
    this.table = table;
  }
}

/** Murmur3's finaliser: every input bit reaches the low bits used as a table index. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
