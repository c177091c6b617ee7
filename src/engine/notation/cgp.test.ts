import { describe, expect, it } from 'vitest';
import { emptyBoard } from '../board.js';
import { boardWith } from '../testing/positions.js';
import { ENGLISH, SPANISH, parseNotation } from '../tiles.js';
import { type CgpPosition, parseCgp, writeCgp } from './cgp.js';
import { unwrap } from '../testing/unwrap.js';

const EXAMPLE = '15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AEINRST/ 0/14 0';
const codes = (s: string) => unwrap(parseNotation(SPANISH, s, { allowUndesignatedBlank: true }));

function ok(text: string): CgpPosition {
  const r = parseCgp(text);
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.text ?? ''}`);
  return r.value;
}
function err(text: string): string {
  const r = parseCgp(text);
  return r.ok ? 'OK' : r.error.row ? `${r.error.code}@${r.error.row}` : r.error.code;
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

describe('CGP coded errors', () => {
  const E = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15';
  it('MISSING_FIELDS', () => expect(err(`${E} A/B 0/0`)).toBe('MISSING_FIELDS'));
  it('BAD_BOARD: 14 rows, a row of 16 squares, a zero run', () => {
    expect(err('15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0')).toBe('BAD_BOARD');
    expect(err(E.replace(/^15/, '16') + ' A/B 0/0 0')).toBe('BAD_BOARD@1');
    expect(err(E.replace(/^15/, '0A14') + ' A/B 0/0 0')).toBe('BAD_BOARD@1');
    expect(err(E.replace(/^15/, '[CH14') + ' A/B 0/0 0')).toBe('BAD_BOARD@1');
  });
  it('UNKNOWN_TILE: a K on a Spanish board, a bad rack tile', () => {
    expect(err(E.replace(/^15/, 'K14') + ' A/B 0/0 0')).toBe('UNKNOWN_TILE@1');
    expect(err(`${E} AW/B 0/0 0`)).toBe('UNKNOWN_TILE');
    expect(err(`${E} a/B 0/0 0`)).toBe('UNKNOWN_TILE');
  });
  it('BAD_SCORE, PLAYER_COUNT, BAD_ZERO_TURNS', () => {
    expect(err(`${E} A/B 0/x 0`)).toBe('BAD_SCORE');
    expect(err(`${E} A/B 0/0/0 0`)).toBe('PLAYER_COUNT');
    expect(err(`${E} A 0 0`)).toBe('PLAYER_COUNT');
    expect(err(`${E} A/B 0/0 -1`)).toBe('BAD_ZERO_TURNS');
  });
  it('UNKNOWN_TILE_DISTRIBUTION and TOO_MANY_TILES', () => {
    expect(err(`${E} A/B 0/0 0 ld klingon;`)).toBe('UNKNOWN_TILE_DISTRIBUTION');
    expect(err(`${E} ZZ/B 0/0 0`)).toBe('TOO_MANY_TILES');
    expect(err(`${E} ???/B 0/0 0`)).toBe('TOO_MANY_TILES');
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
