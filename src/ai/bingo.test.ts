/** The bingo index against a direct check of the word list (the +50 in best-N bounds, S-07). */
import { describe, expect, it } from 'vitest';
import { SPANISH, wordToTiles } from '../engine/tiles.js';
import { buildKwg } from '../lexicon/index.js';
import { BingoIndex, RACKS_BEFORE_INDEX, bingoMask } from './bingo.js';
import { Rng } from './rng.js';

const WORDS = ['CANTARES', 'CATERINA', 'ENTRADAS', 'ESTRIBOS', 'CARTERA', 'ENTRADA', 'LLAVEROS'];
const LETTERS = SPANISH.letters.length;

function tiles(w: string): number[] {
  const tResult = wordToTiles(SPANISH, w);
  if (!tResult.ok) throw new Error(w);
  const t = tResult.value;
  return t;
}

/** The sorted multiset of a tile list, as text, to compare racks with words. */
const bag = (t: readonly number[]): string => [...t].sort((a, b) => a - b).join(',');

/** What the index should say for a 7-tile rack (counts), from the word list alone. */
function expected(rack: Uint8Array): number {
  const letters: number[] = [];
  for (let t = 1; t < rack.length; t++) for (let c = rack[t]!; c > 0; c--) letters.push(t);
  // Each blank stands for any letter: try every assignment (one blank here at most).
  const fills = rack[0]! > 0 ? Array.from({ length: LETTERS }, (_, i) => [i + 1]) : [[]];
  let mask = 0;
  for (const fill of fills) {
    const r = [...letters, ...fill];
    for (const w of WORDS) {
      const wt = tiles(w);
      if (wt.length === 7 && bag(wt) === bag(r)) mask |= 1;
      if (wt.length === 8)
        for (let x = 1; x <= LETTERS; x++) if (bag(wt) === bag([...r, x])) mask |= 1 << x;
    }
  }
  return mask;
}

describe('BingoIndex', () => {
  const kwg = buildKwg(WORDS.map(tiles), SPANISH);
  const index = BingoIndex.of(kwg.nodes, 7);

  it('S-07: knows the 7-tile words and the letter each 8-tile word needs on the board', () => {
    const rack = (w: string, drop?: string): Uint8Array => {
      const t = tiles(w);
      if (drop) t.splice(t.indexOf(tiles(drop)[0]!), 1);
      const r = new Uint8Array(LETTERS + 1);
      for (const x of t) r[x]!++;
      return r;
    };
    const S = tiles('S')[0]!;
    const C = tiles('C')[0]!;
    // CARTERA itself; CANTARES less its S bingos through an S, CATERINA less C through a C.
    expect(index.forRack(rack('CARTERA'), LETTERS) & 1).toBe(1);
    expect((index.forRack(rack('CANTARES', 'S'), LETTERS) >>> S) & 1).toBe(1);
    expect((index.forRack(rack('CATERINA', 'C'), LETTERS) >>> C) & 1).toBe(1);
    // LLAVEROS: LL is one tile, so the word is 7 tiles, a bingo by itself.
    expect(tiles('LLAVEROS')).toHaveLength(7);
    expect(index.forRack(rack('LLAVEROS'), LETTERS) & 1).toBe(1);
    expect(index.forRack(rack('ABCDEFG'.slice(0, 7)), LETTERS)).toBe(0);
  });

  it('agrees with the word list on 600 seeded racks drawn from the words (some with a blank)', () => {
    const rng = new Rng(77);
    let bingos = 0;
    for (let i = 0; i < 600; i++) {
      const w = tiles(WORDS[rng.int(WORDS.length)]!);
      // Seven tiles of the word (an 8-tile word loses one), sometimes one swapped for a blank
      // or for a random letter.
      while (w.length > 7) w.splice(rng.int(w.length), 1);
      const r = new Uint8Array(LETTERS + 1);
      for (const t of w) r[t]!++;
      const u = rng.next();
      const k = w[rng.int(7)]!;
      if (u < 0.5) {
        r[k]!--;
        r[u < 0.25 ? 0 : 1 + rng.int(LETTERS)]!++;
      }
      const want = expected(r);
      expect(index.forRack(r, LETTERS), `rack ${i}`).toBe(want);
      if (want !== 0) bingos++;
    }
    expect(bingos).toBeGreaterThan(200);
  });

  it('two blanks are taken to bingo always', () => {
    const r = new Uint8Array(LETTERS + 1);
    r[0] = 2;
    r[1] = 5;
    expect(index.forRack(r, LETTERS)).toBe(-1);
  });
});

describe('bingoMask: no index build for a one-off question (atril best)', () => {
  it('answers "may bingo" until the graph has been asked enough, then what the index says', () => {
    const kwg = buildKwg(WORDS.map(tiles), SPANISH);
    const r = new Uint8Array(LETTERS + 1);
    for (const t of tiles('ABCDEFG')) r[t]!++;
    for (let i = 0; i < RACKS_BEFORE_INDEX; i++) expect(bingoMask(kwg.nodes, r, LETTERS)).toBe(-1);
    expect(bingoMask(kwg.nodes, r, LETTERS)).toBe(0);
    const cartera = new Uint8Array(LETTERS + 1);
    for (const t of tiles('CARTERA')) cartera[t]!++;
    expect(bingoMask(kwg.nodes, cartera, LETTERS) & 1).toBe(1);
  });
});
