import { describe, expect, it } from 'vitest';
import { SPANISH, wordToTiles } from '../engine/tiles.js';
import { unpackWords } from './packed.js';
import {
  normaliseArray,
  normaliseEntries,
  normaliseJsonArray,
  summariseRejections,
  textEntries,
} from './wordlist.js';
import { unwrap } from '../engine/testing/unwrap.js';
import { rejectReasonText } from '../play/errorText.js';

const t = (w: string): number[] => unwrap(wordToTiles(SPANISH, w));
const json = (x: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(x));

describe('word lists', () => {
  it('T-03: accents and diaeresis dropped, Ñ kept; D-04: digraphs read greedily', () => {
    const list = normaliseArray(SPANISH, [
      'imán',
      'pingüino',
      'Ñandú',
      'calle',
      'CHAQUETA',
      'carro',
    ]);
    expect(unpackWords(list.words)).toEqual([
      t('IMAN'),
      t('PINGUINO'),
      t('ÑANDU'),
      [3, 1, 13, 6],
      t('CHAQUETA'),
      [3, 1, 21, 17],
    ]);
    expect(unpackWords(list.words)[4]).toHaveLength(7);
  });

  it('T-02, D-05: K, W, other signs and lengths outside 2–15 tiles are rejected with a reason', () => {
    const list = normaliseArray(SPANISH, [
      'kilo', 'wifi', 'a', 'casa', 'anticonstitucionalmente', 'ex-novio', 'dos palabras', 'r2d2',
      'achicharronariamos',
    ]); // prettier-ignore
    expect(list.entries).toBe(9);
    expect(list.words.count).toBe(2);
    expect(list.rejected.map((r) => [r.line, r.reason])).toEqual([
      [1, { code: 'LETTER_NOT_IN_SET', letter: 'K' }],
      [2, { code: 'LETTER_NOT_IN_SET', letter: 'W' }],
      [3, { code: 'TOO_SHORT', tiles: 1, min: 2 }],
      [5, { code: 'TOO_LONG', tiles: 23, max: 15 }],
      [6, { code: 'NOT_A_LETTER', char: '-' }],
      [7, { code: 'NOT_A_LETTER', char: ' ' }],
      [8, { code: 'NOT_A_LETTER', char: '2' }],
    ]);
    expect(rejectReasonText(list.rejected[0]!.reason)).toBe(
      'lleva la letra K, que no existe en este juego de fichas',
    );
    expect(rejectReasonText(list.rejected[4]!.reason)).toBe(
      'contiene un guion, que no es una letra',
    );
    expect(rejectReasonText(list.rejected[3]!.reason)).toBe(
      'demasiado larga (23 fichas; máximo 15)',
    );
    expect(summariseRejections(list.rejected, 1)).toEqual([
      { code: 'LETTER_NOT_IN_SET', count: 2, examples: ['kilo'] },
      { code: 'TOO_SHORT', count: 1, examples: ['a'] },
      { code: 'TOO_LONG', count: 1, examples: ['anticonstitucionalmente'] },
      { code: 'NOT_A_LETTER', count: 3, examples: ['ex-novio'] },
    ]);
  });

  it('text lists: one word per line, blank lines and # comments skipped, line numbers kept', () => {
    const entries = [...textEntries('# mi lista\r\ncasa\n\n  calle  \n#otra\nkiwi\n')];
    expect(entries).toEqual([
      { line: 2, text: 'casa' },
      { line: 4, text: 'calle' },
      { line: 6, text: 'kiwi' },
    ]);
    const list = normaliseEntries(SPANISH, entries);
    expect(list.rejected).toEqual([
      { line: 6, text: 'kiwi', reason: { code: 'LETTER_NOT_IN_SET', letter: 'K' } },
    ]);
  });

  it('text lists: a line ends in LF, CRLF or CR alone (old Mac), numbered the same', () => {
    const lines = ['# mi lista', 'casa', '', 'calle', 'kiwi'];
    const expected = [
      { line: 2, text: 'casa' },
      { line: 4, text: 'calle' },
      { line: 5, text: 'kiwi' },
    ];
    for (const end of ['\n', '\r\n', '\r'])
      expect([...textEntries(lines.join(end) + end)], JSON.stringify(end)).toEqual(expected);
    // Mixed, as a list pasted together from several files may be.
    expect([...textEntries('casa\rcalle\r\nkiwi\n\rcosa')]).toEqual([
      { line: 1, text: 'casa' },
      { line: 2, text: 'calle' },
      { line: 3, text: 'kiwi' },
      { line: 5, text: 'cosa' },
    ]);
  });

  it('the JSON byte reader equals JSON.parse + normaliseArray, escapes and odd entries included', () => {
    const words = [
      'casa',
      'ñu',
      'imán',
      'pingüino',
      'caf\u00e9',
      'kiwi',
      'x',
      '',
      'a"b',
      'a\\b',
      'niño',
      'CALLE',
      '日本',
    ];
    const fromBytes = normaliseJsonArray(SPANISH, json(words));
    const reference = normaliseArray(SPANISH, words);
    expect(unpackWords(fromBytes.words)).toEqual(unpackWords(reference.words));
    expect(fromBytes.rejected).toEqual(reference.rejected);
    expect(fromBytes.entries).toBe(words.length);
    // \u escapes and spacing
    const spaced = new TextEncoder().encode(' [ "ca\\u00f1a" ,\n"casa" ] \n');
    expect(unpackWords(normaliseJsonArray(SPANISH, spaced).words)).toEqual([t('CAÑA'), t('CASA')]);
    expect(normaliseJsonArray(SPANISH, json([])).entries).toBe(0);
  });

  it('the JSON byte reader refuses what is not an array of strings', () => {
    for (const bad of ['', '{}', '["casa"', '["casa",]', '[1]', '["casa"] x'])
      expect(() => normaliseJsonArray(SPANISH, new TextEncoder().encode(bad)), bad).toThrow(
        SyntaxError,
      );
  });
});
