/**
 * Lookups over a built word graph: word checks, cross-sets for move generation, enumeration
 * and anagrams. Everything walks the flat node array; words are tile codes (D-04).
 */
import { BLANK, BLANK_FLAG, tileSetById, type TileSet } from '../engine/tiles.js';
import {
  ACCEPTS_BIT,
  ARC_INDEX_MASK,
  IS_END_BIT,
  TILE_SHIFT,
  dawgRoot,
  gaddagRoot,
  type Kwg,
} from './kwg.js';

/** Options for `Lexicon.anagrams`. */
export interface AnagramOptions {
  /** Also list words that use only some of the tiles (at least 2). Default: all tiles. */
  readonly partial?: boolean;
}

/** A word list ready for lookups. */
export class Lexicon {
  /** DAWG + GADDAG nodes (layout in kwg.ts), for the move generator. */
  readonly nodes: Uint32Array;
  readonly set: TileSet;
  readonly wordCount: number;
  /** First node of the DAWG root list. */
  readonly dawgRoot: number;
  /** First node of the GADDAG root list. */
  readonly gaddagRoot: number;
  private readonly allLetters: number;
  /** Letters + 1: the side of the lookup tables below. */
  private readonly span: number;
  /** Node of the DAWG root arc for each first tile (0: none; node 0 never accepts). */
  private readonly first: Int32Array;
  /** Node of the arc for the second tile, indexed by first * span + second (0: none). */
  private readonly second: Int32Array;

  constructor(readonly kwg: Kwg) {
    const set = tileSetById(kwg.tileSetId);
    if (!set) throw new Error(`unknown tile set ${kwg.tileSetId}`);
    this.nodes = kwg.nodes;
    this.set = set;
    this.wordCount = kwg.wordCount;
    this.dawgRoot = dawgRoot(kwg.nodes);
    this.gaddagRoot = gaddagRoot(kwg.nodes);
    const n = set.letters.length;
    this.allLetters = n >= 31 ? 0xfffffffe : (((1 << (n + 1)) - 1) & ~1) >>> 0;
    // Every lookup starts by scanning the long root list and a second list: tables skip both.
    const span = (this.span = n + 1);
    this.first = new Int32Array(span);
    this.second = new Int32Array(span * span);
    const nodes = kwg.nodes;
    for (let p = this.dawgRoot; p !== 0; p++) {
      const t0 = nodes[p]! >>> TILE_SHIFT;
      if (t0 < span) {
        this.first[t0] = p;
        for (let q = nodes[p]! & ARC_INDEX_MASK; q !== 0; q++) {
          const t1 = nodes[q]! >>> TILE_SHIFT;
          if (t1 < span) this.second[t0 * span + t1] = q;
          if ((nodes[q]! & IS_END_BIT) !== 0) break;
        }
      }
      if ((nodes[p]! & IS_END_BIT) !== 0) break;
    }
  }

  /**
   * True when the tile codes spell a word (blank flags ignored). Walks the DAWG: one scan of a
   * sibling list per tile, after a table lookup for the first two tiles.
   */
  isWord(tiles: ArrayLike<number>): boolean {
    const len = tiles.length;
    const t0 = tiles[0]! & ~BLANK_FLAG;
    if (len < 2)
      return len === 1 && t0 < this.span && (this.nodes[this.first[t0]!]! & ACCEPTS_BIT) !== 0;
    const t1 = tiles[1]! & ~BLANK_FLAG;
    if (t0 >= this.span || t1 >= this.span) return false;
    let p = this.second[t0 * this.span + t1]!;
    if (p === 0) return false;
    const nodes = this.nodes;
    let node = nodes[p]!;
    for (let i = 2; i < len; i++) {
      p = node & ARC_INDEX_MASK;
      if (p === 0) return false;
      const t = tiles[i]! & ~BLANK_FLAG;
      node = nodes[p]!;
      while (node >>> TILE_SHIFT !== t) {
        if ((node & IS_END_BIT) !== 0) return false;
        node = nodes[++p]!;
      }
    }
    return (node & ACCEPTS_BIT) !== 0;
  }

  /**
   * The DAWG list reached after reading `tiles` from the root (the root list for no tiles);
   * 0 when no word starts that way or nothing follows.
   */
  prefixList(tiles: ArrayLike<number>): number {
    const nodes = this.nodes;
    let p = this.dawgRoot;
    for (let i = 0; i < tiles.length; i++) {
      if (p === 0) return 0;
      const t = tiles[i]! & ~BLANK_FLAG;
      let node = nodes[p]!;
      while (node >>> TILE_SHIFT !== t) {
        if ((node & IS_END_BIT) !== 0) return 0;
        node = nodes[++p]!;
      }
      p = node & ARC_INDEX_MASK;
    }
    return p;
  }

  /**
   * Cross-set of a square: bit `c` is set when `prefix`, letter `c`, `suffix` is a word
   * (prefix = tiles just above/left of the square, suffix = just below/right; blank flags
   * ignored). With no tiles on either side every letter is allowed. Letter codes up to 31.
   */
  crossSet(prefix: ArrayLike<number>, suffix: ArrayLike<number>): number {
    if (prefix.length === 0 && suffix.length === 0) return this.allLetters;
    const nodes = this.nodes;
    let p = this.prefixList(prefix);
    if (p === 0) return 0;
    let mask = 0;
    const slen = suffix.length;
    for (; ; p++) {
      const node = nodes[p]!;
      if (slen === 0) {
        if ((node & ACCEPTS_BIT) !== 0) mask |= 1 << (node >>> TILE_SHIFT);
      } else if (this.endsWord(node & ARC_INDEX_MASK, suffix)) {
        mask |= 1 << (node >>> TILE_SHIFT);
      }
      if ((node & IS_END_BIT) !== 0) break;
    }
    return mask >>> 0;
  }

  /** True when reading `suffix` (non-empty) from DAWG list `p` ends on a whole word. */
  private endsWord(p: number, suffix: ArrayLike<number>): boolean {
    const nodes = this.nodes;
    for (let i = 0; ;) {
      if (p === 0) return false;
      const t = suffix[i]! & ~BLANK_FLAG;
      let node = nodes[p]!;
      while (node >>> TILE_SHIFT !== t) {
        if ((node & IS_END_BIT) !== 0) return false;
        node = nodes[++p]!;
      }
      if (++i === suffix.length) return (node & ACCEPTS_BIT) !== 0;
      p = node & ARC_INDEX_MASK;
    }
  }

  /** Every word, as tile codes, in tile-code order (the T-04 alphabet order). */
  *words(): Generator<number[]> {
    yield* walk(this.nodes, this.dawgRoot, []);
  }

  /**
   * Words that can be made from a rack's tiles (codes; BLANK = 0 is a blank `?`). Letters a
   * blank stands for come back with BLANK_FLAG set. Each word is listed once, with blanks used
   * only where the rack lacks the letter. All tiles must be used unless `partial` is set.
   */
  anagrams(rack: ArrayLike<number>, opts: AnagramOptions = {}): number[][] {
    const counts = new Int32Array(this.set.letters.length + 1);
    for (let i = 0; i < rack.length; i++)
      counts[rack[i]! === BLANK ? BLANK : rack[i]! & ~BLANK_FLAG]!++;
    const total = rack.length;
    const nodes = this.nodes;
    const out: number[][] = [];
    const word: number[] = [];
    const go = (p: number): void => {
      for (; p !== 0; p++) {
        const node = nodes[p]!;
        const t = node >>> TILE_SHIFT;
        let used = -1;
        if (counts[t]! > 0) used = t;
        else if (counts[BLANK]! > 0) used = BLANK;
        if (used >= 0) {
          counts[used]!--;
          word.push(used === BLANK ? t | BLANK_FLAG : t);
          if (
            (node & ACCEPTS_BIT) !== 0 &&
            (word.length === total || (opts.partial && word.length >= 2))
          )
            out.push(word.slice());
          if (word.length < total) go(node & ARC_INDEX_MASK);
          word.pop();
          counts[used]!++;
        }
        if ((node & IS_END_BIT) !== 0) break;
      }
    };
    go(this.dawgRoot);
    return out;
  }
}

function* walk(nodes: Uint32Array, p: number, prefix: number[]): Generator<number[]> {
  for (; p !== 0; p++) {
    const node = nodes[p]!;
    prefix.push(node >>> TILE_SHIFT);
    if ((node & ACCEPTS_BIT) !== 0) yield prefix.slice();
    const child = node & ARC_INDEX_MASK;
    if (child !== 0) yield* walk(nodes, child, prefix);
    prefix.pop();
    if ((node & IS_END_BIT) !== 0) break;
  }
}
