import { describe, expect, it } from 'vitest';
import { ENGLISH, SPANISH } from '../engine/tiles.js';
import { buildKwg } from './build.js';
import {
  ACCEPTS_BIT,
  IS_END_BIT,
  SEPARATOR,
  arcIndex,
  dawgRoot,
  gaddagRoot,
  isEnd,
  tile,
} from './kwg.js';
import {
  acceptedStrings,
  expectedGaddagStrings,
  gaddagAccepts,
  keyOf,
  lexiconOf,
  tiles,
} from './testing/graph.js';

const SMALL = [
  'CALLE', 'CALLES', 'CALLA', 'CARRO', 'CARROS', 'COCHE', 'COCHES', 'CASA', 'CASAS', 'CAS',
  'ASA', 'AS', 'SAL', 'SALA', 'LA', 'LAS', 'ALA', 'ALAS', 'ACHICHARRONARIAMOS', 'ÑU', 'ÑUS',
  'PERRO', 'PERRA', 'PERROS', 'ERRE', 'ERRES', 'CHE', 'LLAMA', 'LLAMAS', 'AMA', 'AMAS',
]; // prettier-ignore

describe('buildKwg: the DAWG', () => {
  it('holds exactly the words it was given, in alphabet order (T-04)', () => {
    const lex = lexiconOf(SMALL);
    const words = [...lex.words()];
    expect(keyOf(words)).toEqual(keyOf(SMALL.map((w) => tiles(w))));
    expect(lex.wordCount).toBe(SMALL.length);
    // Enumeration follows tile codes: CH (4) after C (3), so CASA comes before CHE.
    const spelled = words.map((w) => w.join(','));
    expect(spelled.indexOf(tiles('CASA').join(','))).toBeLessThan(
      spelled.indexOf(tiles('CHE').join(',')),
    );
  });

  it('removes duplicates and ignores input order', () => {
    const a = buildKwg([tiles('CASA'), tiles('ASA'), tiles('CASA'), tiles('AS')], SPANISH);
    const b = buildKwg([tiles('AS'), tiles('CASA'), tiles('ASA')], SPANISH);
    expect(a.wordCount).toBe(3);
    expect(Array.from(a.nodes)).toEqual(Array.from(b.nodes));
  });

  it('D-01: CALLE, CARRO and COCHE are tile sequences with one digraph tile each', () => {
    const lex = lexiconOf(SMALL);
    expect(tiles('CALLE')).toEqual([3, 1, 13, 6]);
    expect(lex.isWord(tiles('CALLE'))).toBe(true);
    expect(lex.isWord(tiles('CARRO'))).toBe(true);
    expect(lex.isWord(tiles('COCHE'))).toBe(true);
    expect(lex.isWord(tiles('ACHICHARRONARIAMOS'))).toBe(true);
    expect(tiles('ACHICHARRONARIAMOS')).toHaveLength(15);
  });

  it('D-02: C·A·L·L·E, C·A·R·R·O and C·O·C·H·E with separate tiles are not words', () => {
    const lex = lexiconOf(SMALL);
    const [C, A, L, E, R, O, H] = [3, 1, 12, 6, 20, 17, 9];
    expect(lex.isWord([C, A, L, L, E])).toBe(false);
    expect(lex.isWord([C, A, R, R, O])).toBe(false);
    expect(lex.isWord([C, O, C, H, E])).toBe(false);
  });

  it('rejects prefixes, extensions and the empty word', () => {
    const lex = lexiconOf(SMALL);
    expect(lex.isWord(tiles('CAL'))).toBe(false);
    expect(lex.isWord(tiles('CALLESS'))).toBe(false);
    expect(lex.isWord([])).toBe(false);
    expect(lex.isWord(tiles('CAS'))).toBe(true);
  });

  it('is minimal: equal endings share one sibling list', () => {
    // CASA/CASAS and ASA... all end in the same "A → (S)" tails; the graph of 3 words that
    // differ only by their first tile has one shared child list.
    const kwg = buildKwg([tiles('BALA'), tiles('MALA'), tiles('SALA')], SPANISH);
    const root = dawgRoot(kwg.nodes);
    const children = [0, 1, 2].map((k) => arcIndex(kwg.nodes[root + k]!));
    expect(new Set(children).size).toBe(1);
    expect(isEnd(kwg.nodes[root + 2]!)).toBe(true);
    expect(isEnd(kwg.nodes[root + 1]!)).toBe(false);
  });

  it('lays nodes out as tile<<24 | accepts<<23 | is-end<<22 | arc index', () => {
    const kwg = buildKwg([tiles('AS')], SPANISH);
    const a = kwg.nodes[dawgRoot(kwg.nodes)]!;
    expect(tile(a)).toBe(1);
    expect(a & ACCEPTS_BIT).toBe(0);
    expect(a & IS_END_BIT).toBe(IS_END_BIT);
    const s = kwg.nodes[arcIndex(a)]!;
    expect(s >>> 0).toBe(((22 << 24) | ACCEPTS_BIT | IS_END_BIT) >>> 0);
  });

  it('refuses tile codes outside the set and empty words', () => {
    expect(() => buildKwg([[1, 29]], SPANISH)).toThrow(RangeError);
    expect(() => buildKwg([[]], SPANISH)).toThrow(RangeError);
    expect(buildKwg([[1, 26]], ENGLISH).wordCount).toBe(1);
  });

  it('an empty list gives an empty graph', () => {
    const kwg = buildKwg([], SPANISH);
    expect(kwg.wordCount).toBe(0);
    expect(dawgRoot(kwg.nodes)).toBe(0);
    expect(gaddagRoot(kwg.nodes)).toBe(0);
    expect(lexiconOf([]).isWord(tiles('AS'))).toBe(false);
  });
});

describe('buildKwg: the GADDAG', () => {
  it('holds every word through every split point, and nothing else', () => {
    const kwg = buildKwg(
      SMALL.map((w) => tiles(w)),
      SPANISH,
    );
    const expected = SMALL.flatMap((w) => expectedGaddagStrings(tiles(w)));
    const actual = acceptedStrings(kwg.nodes, gaddagRoot(kwg.nodes));
    expect(keyOf(actual)).toEqual(keyOf(expected));
    for (const s of expected) expect(gaddagAccepts(kwg, s)).toBe(true);
  });

  it('after the separator reads like the DAWG (shared lists)', () => {
    const kwg = buildKwg([tiles('CASA'), tiles('CASAS')], SPANISH);
    // "C ^" leads to the DAWG list after C.
    const nodes = kwg.nodes;
    let p = gaddagRoot(nodes);
    while (tile(nodes[p]!) !== 3) p++;
    const afterC = arcIndex(nodes[p]!);
    expect(tile(nodes[afterC]!)).toBe(SEPARATOR);
    const dawgC = arcIndex(nodes[dawgRoot(nodes)]!);
    expect(arcIndex(nodes[afterC]!)).toBe(dawgC);
  });

  it('does not accept a split that no word has', () => {
    const kwg = buildKwg([tiles('CASA')], SPANISH);
    expect(gaddagAccepts(kwg, [1, 3, SEPARATOR, 22])).toBe(false); // AC^S: no "CAS"
    expect(gaddagAccepts(kwg, [1, 3, SEPARATOR, 22, 1])).toBe(true); // AC^SA: CASA
    expect(gaddagAccepts(kwg, [1, 22, 1, 3])).toBe(true); // ASAC: CASA reversed
  });
});
