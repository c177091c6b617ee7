import { describe, expect, it } from 'vitest';
import { CENTER, indexOf } from './board.js';
import { parseCoord } from './notation/coords.js';
import { PRESETS } from './rules.js';
import {
  BLANK,
  BLANK_FLAG,
  GERMAN,
  SPANISH,
  fullDistribution,
  normalizeText,
  rackToTiles,
  tileValue,
  tilesToWord,
  wordToTiles,
} from './tiles.js';
import { unwrap } from './testing/unwrap.js';

const code = (label: string): number => SPANISH.letters.findIndex((l) => l.label === label) + 1;
const tiles = (w: string): number[] => unwrap(wordToTiles(SPANISH, w));

describe('tile set (§1.1)', () => {
  it('T-01: 100 tiles: 98 letters of 28 kinds plus 2 blanks, worth 192 in all, 44 vowels', () => {
    const counts = fullDistribution(SPANISH);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(counts[BLANK]).toBe(2);
    expect(SPANISH.letters).toHaveLength(28);
    expect(SPANISH.letters.reduce((a, l) => a + l.count * l.value, 0)).toBe(192);
    expect(SPANISH.letters.filter((l) => l.vowel).reduce((a, l) => a + l.count, 0)).toBe(44);
    const groups: Record<number, string> = {};
    for (const l of SPANISH.letters)
      groups[l.value] = `${groups[l.value] ?? ''}${l.label}×${l.count} `;
    expect(groups[8]).toBe('J×1 LL×1 Ñ×1 RR×1 X×1 ');
    expect(groups[10]).toBe('Z×1 ');
  });

  it('K-03: M is worth 3 (not 2)', () => {
    expect(tileValue(SPANISH, code('M'))).toBe(3);
  });

  it('T-02: there is no K and no W tile; words needing them cannot be spelled', () => {
    expect(SPANISH.letters.some((l) => l.label === 'K' || l.label === 'W')).toBe(false);
    expect(wordToTiles(SPANISH, 'kilo')).toMatchObject({
      error: { code: 'LETTER_NOT_IN_SET', letter: 'K' },
    });
    expect(wordToTiles(SPANISH, 'walabí')).toMatchObject({
      error: { code: 'LETTER_NOT_IN_SET', letter: 'W' },
    });
  });

  it('T-03: the tile set decides other letters: ß, ﬁ, ç are not SS, FI, C in Spanish', () => {
    for (const [text, letter] of [
      ['straße', 'ß'],
      ['ﬁn', 'ﬁ'],
      ['caça', 'Ç'],
    ] as const)
      expect(wordToTiles(SPANISH, text)).toMatchObject({
        error: { code: 'LETTER_NOT_IN_SET', letter },
      });
    // German Scrabble spells ß as SS; its umlauts are tiles, other accents are dropped.
    expect(tilesToWord(GERMAN, unwrap(wordToTiles(GERMAN, 'Straße')))).toBe('STRASSE');
    expect(normalizeText(GERMAN, 'Äpfel café')).toBe('ÄPFEL CAFE');
  });

  it('T-03: accents and diaeresis are dropped, Ñ is its own letter', () => {
    expect(normalizeText(SPANISH, 'árbol pingüino')).toBe('ARBOL PINGUINO');
    expect(tiles('año')).toEqual([code('A'), code('Ñ'), code('O')]);
    expect(code('Ñ')).not.toBe(code('N'));
  });

  it('T-04: canonical order A B C CH D … LL … Ñ … RR … Z, blank first on a rack', () => {
    expect(SPANISH.letters.map((l) => l.label).join(' ')).toBe(
      'A B C CH D E F G H I J L LL M N Ñ O P Q R RR S T U V X Y Z',
    );
    expect(
      rackToTiles(
        Uint8Array.from([
          1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        ]),
      ),
    ).toEqual([0, 4, 28]);
  });

  it('T-05: a blank is worth 0 whatever letter it stands for', () => {
    for (const l of ['A', 'CH', 'Z']) expect(tileValue(SPANISH, code(l) | BLANK_FLAG)).toBe(0);
  });
});

describe('digraphs and blanks (§2)', () => {
  it('D-03: one blank may stand for a whole digraph, and is worth 0', () => {
    const chBlank = code('CH') | BLANK_FLAG;
    expect(tileValue(SPANISH, chBlank)).toBe(0);
    expect(tilesToWord(SPANISH, [chBlank, code('E')])).toBe('CHE');
  });

  it('D-04: plain text is tokenised greedily, CH/LL/RR before single letters', () => {
    expect(tiles('carro')).toEqual([code('C'), code('A'), code('RR'), code('O')]);
    expect(tiles('chile')).toEqual([code('CH'), code('I'), code('L'), code('E')]);
    expect(tiles('llorar')).toEqual([code('LL'), code('O'), code('R'), code('A'), code('R')]);
  });

  it('D-05: word length counts squares: CHAQUETA is 8 letters on 7 squares', () => {
    const t = tiles('chaqueta');
    expect(t).toHaveLength(7);
    expect(tilesToWord(SPANISH, t)).toHaveLength(8);
  });

  it('D-07: a tile is worth the same anywhere: CH 5, LL and RR 8, a blank CH 0', () => {
    expect(tileValue(SPANISH, code('CH'))).toBe(5);
    expect(tileValue(SPANISH, code('LL'))).toBe(8);
    expect(tileValue(SPANISH, code('RR'))).toBe(8);
    expect(tileValue(SPANISH, code('CH') | BLANK_FLAG)).toBe(0);
  });
});

describe('coordinates and presets', () => {
  it('N-01: squares are zero-based (row, col): H8 is (7, 7), index 112', () => {
    expect(parseCoord('8H')).toEqual({ row: 7, col: 7, dir: 'H' });
    expect(indexOf(7, 7)).toBe(CENTER);
    expect(CENTER).toBe(112);
  });

  it('TM-04: every preset is untimed by default', () => {
    for (const p of Object.values(PRESETS)) expect(p.clock).toBeNull();
  });
});
