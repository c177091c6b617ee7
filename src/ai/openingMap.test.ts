/**
 * The opening map (openingMap.ts): its words and blank masks on a small hand-made lexicon, when
 * a graph gets one, its size for the default Spanish list, and that every opening read from it
 * is the walk's. That best-N openings equal the first N of all of them is checked with the
 * best-N harness (bestn.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { SPANISH, parseNotation } from '../engine/tiles.js';
import { buildKwg, loadDefaultLexicon } from '../lexicon/index.js';
import { MoveList, TILE_STRIDE } from './movelist.js';
import { codesOf, keyWith, multisetKey } from './multisets.js';
import { Rng } from './rng.js';
import { mappedAndWalking } from './testing/openings.js';
import { MAX_OPENING, OPENINGS_BEFORE_MAP, OpeningMap, openingMapFor } from './openingMap.js';

function codes(word: string): number[] {
  const t = parseNotation(SPANISH, word, {});
  if (!t.ok) throw new Error(word);
  return [...t.value];
}

const sortedCodes = (word: string): number[] => codes(word).sort((a, b) => a - b);
const keyOf = (word: string): number => {
  const s = sortedCodes(word);
  return multisetKey(s, s.length);
};

/** The words filed under the multiset of `letters`, as text. */
function wordsUnder(map: OpeningMap, letters: string): string[] {
  const k = keyOf(letters);
  const out: string[] = [];
  for (let w = map.firstWord(k); w < map.keys.length && map.keys[w] === k; w++) {
    const tiles = map.tiles.subarray(w * MAX_OPENING, w * MAX_OPENING + map.lens[w]!);
    out.push([...tiles].map((t) => SPANISH.letters[t - 1]!.label).join(''));
  }
  return out.sort();
}

const bit = (letter: string): number => 1 << codes(letter)[0]!;

describe('opening map', () => {
  const words = [
    'RAMO',
    'ROMA',
    'MORA',
    'AMOR',
    'OMAR',
    '[CH]AL',
    '[LL]AMA',
    'AMAS',
    'MAS',
    'SOMA',
  ];
  const kwg = buildKwg(words.map(codes), SPANISH);

  it('files each word of 2–7 tiles under its multiset of tiles (CH and LL are one tile each)', () => {
    const map = OpeningMap.of(kwg.nodes);
    expect(wordsUnder(map, 'AMOR')).toEqual(['AMOR', 'MORA', 'OMAR', 'RAMO', 'ROMA']);
    expect(wordsUnder(map, 'LA[CH]')).toEqual(['CHAL']);
    expect(wordsUnder(map, 'AAM[LL]')).toEqual(['LLAMA']);
    expect(wordsUnder(map, 'AMOS')).toEqual(['SOMA']);
    expect(wordsUnder(map, 'AMS')).toEqual(['MAS']);
    expect(wordsUnder(map, 'AMO')).toEqual([]);
    expect(map.keys.length).toBe(words.length);
  });

  it('blank1: the letters that make a multiset plus one blank a word', () => {
    const map = OpeningMap.of(kwg.nodes);
    // AMO + R (AMOR …) or + S (SOMA); AM + S (MAS); AMS + A (AMAS) or + O (SOMA).
    expect(map.blank1(keyOf('AMO'))).toBe(bit('R') | bit('S'));
    expect(map.blank1(keyOf('AM'))).toBe(bit('S'));
    expect(map.blank1(keyOf('AMS'))).toBe(bit('A') | bit('O'));
    expect(map.blank1(keyOf('ZZ'))).toBe(0);
    // keyWith inserts a tile into a sorted multiset's key.
    const s = sortedCodes('AMS');
    expect(keyWith(s, s.length, codes('O')[0]!)).toBe(keyOf('SOMA'));
    // codesOf reads a key back into its sorted codes.
    const back = new Uint8Array(4);
    codesOf(keyOf('SOMA'), 4, back);
    expect([...back]).toEqual(sortedCodes('SOMA'));
  });

  it(`is built for a graph only from its ${OPENINGS_BEFORE_MAP + 1}th opening (a one-off command walks the graph)`, () => {
    const other = buildKwg(words.slice(0, 4).map(codes), SPANISH).nodes;
    for (let i = 0; i < OPENINGS_BEFORE_MAP; i++) expect(openingMapFor(other)).toBeNull();
    const map = openingMapFor(other);
    expect(map).not.toBeNull();
    expect(openingMapFor(other)).toBe(map);
  });

  it('for the default Spanish list: about 99,000 words of up to 7 tiles in under 5 MB', () => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    const map = OpeningMap.of(lex.value.nodes);
    expect(map.keys.length).toBe(98_630);
    expect(map.bytes).toBeLessThan(5_000_000);
    expect(wordsUnder(map, 'AEINRST')).toContain('TRINASE');
  });

  it('all openings read from the map equal those of the walk, move for move: 300 racks of 1–7 tiles with 0–2 blanks, CH/LL/RR/Ñ, bag 60 and 0 (E-05)', () => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    const { mapped, walker } = mappedAndWalking(lex.value.nodes);
    const reads = vi.spyOn(OpeningMap.prototype, 'firstWord');
    const a = new MoveList();
    const b = new MoveList();
    const rng = new Rng(23);
    let moves = 0;
    for (let k = 0; k < 300; k++) {
      const rack = new Uint8Array(SPANISH.letters.length + 1);
      const blanks = k % 10 === 0 ? 2 : k % 4 === 0 ? 1 : 0;
      rack[0] = blanks;
      const size = Math.max(1 + rng.int(7), blanks);
      for (let j = blanks; j < size; j++) rack[1 + rng.int(SPANISH.letters.length)]!++;
      const req = { rack, bagCount: k % 2 === 0 ? 60 : 0, unseenValue: 15 };
      const got = keys(mapped.generate(req, a));
      expect(got, `rack ${[...rack]}`).toEqual(keys(walker.generate(req, b)));
      moves += got.length;
    }
    expect(reads).toHaveBeenCalled();
    reads.mockRestore();
    // Most racks spell something: the comparison is not of empty lists.
    expect(moves).toBeGreaterThan(100_000);
  });
});

/** Every move of a list with its score and equity, as sorted text. */
function keys(list: MoveList): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.count; i++) {
    const tiles = list.tiles.subarray(i * TILE_STRIDE, i * TILE_STRIDE + list.len[i]!);
    out.push(
      `${list.kind[i]} ${list.start[i]} ${list.dir[i]} ${tiles.join(',')} ${list.score[i]} ${list.equity[i]} ${list.played[i]}`,
    );
  }
  return out.sort();
}
