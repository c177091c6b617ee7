import { describe, expect, it } from 'vitest';
import {
  formatCoord,
  formatRowLetterCoord,
  parseCoord,
  parseRowLetterCoord,
  parseSquare,
  squareName,
} from './coords.js';

describe('GCG coordinates (RULES.md §1.3)', () => {
  it('row number first is across: 8D is row 8 from column D', () =>
    expect(parseCoord('8D')).toEqual({ row: 7, col: 3, dir: 'H' }));
  it('column letter first is down: D8 is column D from row 8', () =>
    expect(parseCoord('D8')).toEqual({ row: 7, col: 3, dir: 'V' }));
  it('accepts lower case and two-digit rows (Quackle writes 15a, h2)', () => {
    expect(parseCoord('15a')).toEqual({ row: 14, col: 0, dir: 'H' });
    expect(parseCoord('h2')).toEqual({ row: 1, col: 7, dir: 'V' });
  });
  it('rejects squares off the board and malformed text', () => {
    for (const bad of ['16A', 'P1', 'A0', '0A', '8', 'HH', '', '8H8']) {
      expect(parseCoord(bad)).toBeUndefined();
    }
  });
  it('formats back to the same text for every square and direction', () => {
    for (let row = 0; row < 15; row++) {
      for (let col = 0; col < 15; col++) {
        for (const dir of ['H', 'V'] as const) {
          const text = formatCoord({ row, col, dir });
          expect(parseCoord(text)).toEqual({ row, col, dir });
        }
      }
    }
  });
  it('names squares column first: index 112 is H8', () => {
    expect(squareName(112)).toBe('H8');
    expect(parseSquare('h8')).toBe(112);
    expect(parseSquare('O15')).toBe(224);
    expect(parseSquare('P1')).toBeUndefined();
  });
});

describe('N-03: the seed-002 row-letter style, for display', () => {
  it('GCG 8D across is H4, GCG D8 down is 4H', () => {
    expect(formatRowLetterCoord(parseCoord('8D')!)).toBe('H4');
    expect(formatRowLetterCoord(parseCoord('D8')!)).toBe('4H');
  });
  it('the same string H8 means down in GCG and across in the row-letter style', () => {
    expect(parseCoord('H8')!.dir).toBe('V');
    expect(parseRowLetterCoord('H8')).toEqual({ row: 7, col: 7, dir: 'H' });
  });
  it('converts both ways for every square', () => {
    for (let row = 0; row < 15; row++) {
      for (let col = 0; col < 15; col++) {
        for (const dir of ['H', 'V'] as const) {
          const c = { row, col, dir };
          expect(parseRowLetterCoord(formatRowLetterCoord(c))).toEqual(c);
        }
      }
    }
  });
});
