/**
 * The opening map (openingMap.ts): its words and blank masks on a small hand-made lexicon, when
 * a graph gets one, and its size for the default Spanish list. That best-N openings read from
 * it equal the walk's is checked with the best-N harness (bestn.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { SPANISH, parseNotation } from '../engine/tiles.js';
import { buildKwg, loadDefaultLexicon } from '../lexicon/index.js';
import { codesOf, keyWith, multisetKey } from './multisets.js';
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
});
