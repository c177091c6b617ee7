import { describe, expect, it } from 'vitest';
import { emptyBoard } from '../board.js';
import { boardWith } from '../testing/positions.js';
import { ENGLISH, SPANISH, parseNotation } from '../tiles.js';
import { type CgpError, type CgpErrorCode, type CgpPosition, parseCgp, writeCgp } from './cgp.js';
import { unwrap } from '../testing/unwrap.js';

const EXAMPLE = '15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AEINRST/ 0/14 0';
const codes = (s: string) => unwrap(parseNotation(SPANISH, s, { allowUndesignatedBlank: true }));

function ok(text: string): CgpPosition {
  const r = parseCgp(text);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('CGP reading (DESIGN.md §4)', () => {
  it('reads the DESIGN example: CASA at 8H, racks, scores, zero turns', () => {
    const p = ok(EXAMPLE);
    expect(p.board).toEqual(boardWith([['8H', 'CASA']]));
    expect(p.racks).toEqual([codes('AEINRST'), []]);
    expect(p.scores).toEqual([0, 14]);
    expect(p.zeroTurns).toBe(0);
    expect(p.tileSet).toBe('spanish');
    expect(p.ops).toEqual([]);
  });
  it('reads multi-digit runs, digraph tiles and blanks on the board', () => {
    const p = ok(
      '15/15/15/15/15/15/15/3[CH]A[rr]O1ñ6/15/15/15/15/15/15/15 [LL]S/E 10/-3 2 lex FILE2017;',
    );
    expect(p.board).toEqual(
      boardWith([
        ['8D', '[CH]A[rr]O'],
        ['8I', 'ñ'],
      ]),
    );
    expect(p.racks).toEqual([[13, 22], [6]]);
    expect(p.scores).toEqual([10, -3]);
    expect(p.zeroTurns).toBe(2);
    expect(p.lexicon).toBe('FILE2017');
  });
  it('ld overrides the Spanish default; unknown operations are kept, not interpreted', () => {
    const p = ok(
      '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 KW/ 0/0 0 ld english; lm 8D KA; bb 50;',
    );
    expect(p.tileSet).toBe('english');
    expect(p.racks[0]).toEqual(unwrap(parseNotation(ENGLISH, 'KW')));
    expect(p.ops).toEqual([
      { op: 'lm', value: '8D KA' },
      { op: 'bb', value: '50' },
    ]);
  });
  it('reads three and four players', () => {
    const p = ok('15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B/C/D 1/2/3/4 0');
    expect(p.racks.length).toBe(4);
    expect(p.scores).toEqual([1, 2, 3, 4]);
  });
});

describe('CGP coded errors: one row per way a position is wrong', () => {
  const E = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15';
  const row1 = (text: string): string => E.replace(/^15/, text) + ' A/B 0/0 0';
  // Keyed by code, so a new code without a row does not compile.
  const rows: Record<CgpErrorCode, [string, CgpError][]> = {
    MISSING_FIELDS: [
      [`${E} A/B 0/0`, { code: 'MISSING_FIELDS', fields: 3 }],
      ['   ', { code: 'MISSING_FIELDS', fields: 0 }],
    ],
    BAD_ROW_COUNT: [['15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0', { code: 'BAD_ROW_COUNT', rows: 14 }]],
    BAD_BOARD: [
      [row1('16'), { code: 'BAD_BOARD', row: 1, text: '16' }],
      [row1('0A14'), { code: 'BAD_BOARD', row: 1, text: '0A14' }],
      [row1('[CH14'), { code: 'BAD_BOARD', row: 1, text: '[CH14' }],
    ],
    UNKNOWN_TILE: [
      [row1('K14'), { code: 'UNKNOWN_TILE', row: 1, text: 'K' }],
      [`${E} A/BW 0/0 0`, { code: 'UNKNOWN_TILE', rack: 2, text: 'W' }],
    ],
    BLANK_IN_RACK: [[`${E} a/B 0/0 0`, { code: 'BLANK_IN_RACK', rack: 1, text: 'a' }]],
    RACK_TOO_LONG: [[`${E} AAAAAEEEEE/B 0/0 0`, { code: 'RACK_TOO_LONG', rack: 1, tiles: 10, max: 9 }]],
    BAD_SCORE: [
      [`${E} A/B 0/x 0`, { code: 'BAD_SCORE', text: 'x' }],
      [`${E} A/B 0/99999999999999999999 0`, { code: 'BAD_SCORE', text: '99999999999999999999' }],
    ],
    PLAYER_COUNT: [
      [`${E} A 0 0`, { code: 'PLAYER_COUNT', players: 1 }],
      [`${E} A/B/C/D/E 0/0/0/0/0 0`, { code: 'PLAYER_COUNT', players: 5 }],
    ],
    RACKS_SCORES_MISMATCH: [[`${E} A/B 0/0/0 0`, { code: 'RACKS_SCORES_MISMATCH', racks: 2, scores: 3 }]],
    BAD_ZERO_TURNS: [
      [`${E} A/B 0/0 -1`, { code: 'BAD_ZERO_TURNS', text: '-1' }],
      [`${E} A/B 0/0 dos`, { code: 'BAD_ZERO_TURNS', text: 'dos' }],
    ],
    UNKNOWN_TILE_DISTRIBUTION: [[`${E} A/B 0/0 0 ld klingon;`, { code: 'UNKNOWN_TILE_DISTRIBUTION', text: 'klingon' }]],
    TOO_MANY_TILES: [
      [`${E} ZZ/B 0/0 0`, { code: 'TOO_MANY_TILES', text: 'Z' }],
      [`${E} ???/B 0/0 0`, { code: 'TOO_MANY_TILES', text: '?' }],
    ],
  }; // prettier-ignore

  it.each(Object.values(rows).flat())('%s', (text, error) => {
    expect(parseCgp(text)).toEqual({ ok: false, error });
  });
});

describe('CGP writing and round trips', () => {
  it('writes the DESIGN example back exactly', () => expect(writeCgp(ok(EXAMPLE))).toBe(EXAMPLE));
  it('writes digraphs bracketed and ld only when the set is not Spanish', () => {
    const board = emptyBoard();
    board.set(boardWith([['8G', '[CH]A[ll]A']]));
    const p: CgpPosition = {
      board,
      racks: [codes('[RR]?'), []],
      scores: [5, 0],
      zeroTurns: 1,
      tileSet: 'spanish',
      lexicon: 'FILE2017',
      ops: [{ op: 'gid', value: 'x1' }],
    };
    const text = writeCgp(p);
    expect(text).toBe(
      '15/15/15/15/15/15/15/6[CH]A[ll]A5/15/15/15/15/15/15/15 [RR]?/ 5/0 1 lex FILE2017; gid x1;',
    );
    expect(parseCgp(text)).toEqual({ ok: true, value: p });
  });
  it('parse(write(p)) equals p for an English position with an empty-value op', () => {
    const p = ok('15/15/15/15/15/15/15/4QUIZ7/15/15/15/15/15/15/15 /EE? 30/0 5 ld english; x;');
    expect(parseCgp(writeCgp(p))).toEqual({ ok: true, value: p });
    expect(writeCgp(p)).toBe(
      '15/15/15/15/15/15/15/4QUIZ7/15/15/15/15/15/15/15 /EE? 30/0 5 ld english; x;',
    );
  });
});
