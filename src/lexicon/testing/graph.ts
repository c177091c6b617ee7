/**
 * Test helpers that read a word graph the slow, obvious way, to check the fast code against.
 */
import { SPANISH, wordToTiles, type TileSet } from '../../engine/tiles.js';
import { buildKwg } from '../build.js';
import {
  ACCEPTS_BIT,
  ARC_INDEX_MASK,
  IS_END_BIT,
  SEPARATOR,
  TILE_SHIFT,
  type Kwg,
} from '../kwg.js';
import { Lexicon } from '../lexicon.js';

/** Tiles of a plainly spelled word; throws when the word has letters outside the set. */
export function tiles(word: string, set: TileSet = SPANISH): number[] {
  const tResult = wordToTiles(set, word);
  if (!tResult.ok) throw new Error(`${word}: ${tResult.error.letter}`);
  const t = tResult.value;
  return t;
}

/** A lexicon built in memory from plainly spelled words. */
export function lexiconOf(words: string[], set: TileSet = SPANISH): Lexicon {
  return new Lexicon(
    buildKwg(
      words.map((w) => tiles(w, set)),
      set,
    ),
  );
}

/** Every accepted string of the list starting at `p`, as tile arrays (separator = 0). */
export function acceptedStrings(nodes: Uint32Array, p: number): number[][] {
  const out: number[][] = [];
  const path: number[] = [];
  const go = (q: number): void => {
    for (; q !== 0; q++) {
      const n = nodes[q]!;
      path.push(n >>> TILE_SHIFT);
      if ((n & ACCEPTS_BIT) !== 0) out.push(path.slice());
      go(n & ARC_INDEX_MASK);
      path.pop();
      if ((n & IS_END_BIT) !== 0) break;
    }
  };
  go(p);
  return out;
}

/** The GADDAG strings a word must have: rev(w[0..i]) ^ w[i..] for 1 ≤ i < n, and rev(w). */
export function expectedGaddagStrings(word: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 1; i < word.length; i++)
    out.push([...word.slice(0, i).reverse(), SEPARATOR, ...word.slice(i)]);
  out.push([...word].reverse());
  return out;
}

/** True when the GADDAG of `kwg` accepts `s` (tile codes, separator 0). */
export function gaddagAccepts(kwg: Kwg, s: readonly number[]): boolean {
  const nodes = kwg.nodes;
  let p = nodes[1]! & ARC_INDEX_MASK;
  for (let i = 0; i < s.length; i++) {
    if (p === 0) return false;
    let n = nodes[p]!;
    while (n >>> TILE_SHIFT !== s[i]) {
      if ((n & IS_END_BIT) !== 0) return false;
      n = nodes[++p]!;
    }
    if (i === s.length - 1) return (n & ACCEPTS_BIT) !== 0;
    p = n & ARC_INDEX_MASK;
  }
  return false;
}

/** Sorts tile arrays in code order and joins them for set comparisons. */
export function keyOf(words: readonly (readonly number[])[]): string[] {
  return words.map((w) => w.join(',')).sort();
}
