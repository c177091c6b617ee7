import { describe, expect, it } from 'vitest';
import { BLANK, BLANK_FLAG, SPANISH, tilesToWord } from '../engine/tiles.js';
import { lexiconOf, tiles } from './testing/graph.js';

const lex = lexiconOf([
  'CASA', 'CASAS', 'CAS', 'COSA', 'CAPA', 'CALLE', 'CALLES', 'ASA', 'SACA', 'CHE', 'OCHO',
  'MESA', 'MES', 'AS', 'SAL', 'LA', 'ALA', 'ALAS', 'PERRO', 'PERRA',
]); // prettier-ignore
const bit = (w: string): number => 1 << tiles(w)[0]!;

describe('Lexicon lookups', () => {
  it('isWord ignores blank flags (a blank standing for a letter spells that letter)', () => {
    const t = tiles('CASA');
    t[1] = t[1]! | BLANK_FLAG;
    expect(lex.isWord(t)).toBe(true);
  });

  it('crossSet: the letters that make a word between the tiles above and below', () => {
    // C _ S A → CASA, COSA
    expect(lex.crossSet(tiles('C'), tiles('SA'))).toBe(bit('A') | bit('O'));
    // CASA _ → CASAS
    expect(lex.crossSet(tiles('CASA'), [])).toBe(bit('S'));
    // _ ALA → no word; _ AS → no single-letter prefix makes ?AS except... none in this list
    expect(lex.crossSet([], tiles('ALA'))).toBe(0);
    // _ A → LA
    expect(lex.crossSet([], tiles('A'))).toBe(bit('L'));
    // O _ O: OCHO uses the CH tile
    expect(lex.crossSet(tiles('O'), tiles('O'))).toBe(bit('CH'));
    // PE _ O: PERRO needs the RR tile; two R tiles never make it (D-02)
    expect(lex.crossSet(tiles('PE'), tiles('O'))).toBe(bit('RR'));
    // nothing around: every letter
    expect(lex.crossSet([], [])).toBe(((1 << 29) - 2) >>> 0);
  });

  it('crossSet is empty when the prefix starts no word', () => {
    expect(lex.crossSet(tiles('ZZ'), tiles('A'))).toBe(0);
  });

  it('anagrams: all tiles, blanks (?) as BLANK_FLAG letters, real tiles first', () => {
    const spell = (w: number[]): string =>
      w
        .map((t) => {
          const l = tilesToWord(SPANISH, [t]);
          return (t & BLANK_FLAG) !== 0 ? l.toLowerCase() : l;
        })
        .join('');
    const words = (r: number[], partial = false): string[] =>
      lex.anagrams(r, { partial }).map(spell).sort();
    expect(words(tiles('SACA'))).toEqual(['CASA', 'SACA']);
    expect(words([...tiles('CAS'), BLANK])).toEqual(['CASa', 'CoSA', 'SACa']);
    expect(words(tiles('SACA'), true)).toEqual(['AS', 'ASA', 'CAS', 'CASA', 'SACA']);
    // D-03: one blank may stand for a whole digraph, so two blanks make CHE.
    expect(words([BLANK, BLANK])).toEqual(['as', 'che', 'la']);
    expect(words(tiles('ZZ'))).toEqual([]);
  });
});
