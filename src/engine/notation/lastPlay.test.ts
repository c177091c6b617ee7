import { describe, expect, it } from 'vitest';
import { makeRules } from '../rules.js';
import { boardWith } from '../testing/positions.js';
import { BLANK_FLAG, SPANISH } from '../tiles.js';
import { parseSquare } from './coords.js';
import { type LastPlayError, parseLastPlay } from './lastPlay.js';

const rules = makeRules('fise');
const sq = (name: string) => parseSquare(name)!;
const code = (letter: string) => SPANISH.letters.findIndex((l) => l.label === letter) + 1;
// CASA across from H8, then PAN down from I7 through its A.
const board = boardWith([
  ['8H', 'CASA'],
  ['I7', 'PAN'],
]);

function refused(text: string, on: Uint8Array = board): LastPlayError {
  const r = parseLastPlay(SPANISH, on, text, rules);
  if (r.ok) throw new Error(`accepted ${text}`);
  return r.error;
}

describe('the last placement named in GCG notation, taken back off the board', () => {
  it('S-01: its letters are the tiles placed, `.` a tile played through, and it is scored again', () => {
    const r = parseLastPlay(SPANISH, board, 'I7 P.N', rules);
    if (!r.ok || r.value.kind !== 'place') throw new Error(JSON.stringify(r));
    expect(r.value.placed).toEqual([
      { square: sq('I7'), tile: code('P') },
      { square: sq('I9'), tile: code('N') },
    ]);
    // P (3) and N (1) on the double letters I7 and I9, the A at face value: 6 + 1 + 2.
    expect(r.value.score).toBe(9);
    expect(r.value.before).toEqual(boardWith([['8H', 'CASA']]));
    // The board it was read from is left as it was.
    expect(board[sq('I7')]).toBe(code('P'));
  });

  it('T-05: a blank placed is named in lower case and scores 0', () => {
    const withBlank = boardWith([
      ['8H', 'CASA'],
      ['I7', 'pAN'],
    ]);
    const r = parseLastPlay(SPANISH, withBlank, 'I7 p.N', rules);
    if (!r.ok || r.value.kind !== 'place') throw new Error(JSON.stringify(r));
    expect(r.value.placed[0]).toEqual({ square: sq('I7'), tile: code('P') | BLANK_FLAG });
    expect(r.value.score).toBe(3);
    expect(refused('I7 P.N', withBlank)).toEqual({
      code: 'OTHER_TILE',
      square: sq('I7'),
      named: code('P'),
      found: code('P') | BLANK_FLAG,
    });
  });

  it('refuses what does not name a placement on this board', () => {
    expect(refused('I7')).toEqual({ code: 'FORMAT', text: 'I7' });
    expect(refused('Z9 P.N')).toEqual({ code: 'COORD', text: 'Z9' });
    expect(refused('I7 P.%')).toEqual({ code: 'TILE', text: '%' });
    expect(refused('I7 B.N')).toEqual({
      code: 'OTHER_TILE',
      square: sq('I7'),
      named: code('B'),
      found: code('P'),
    });
    expect(refused('I7 P.NA')).toEqual({ code: 'EMPTY_SQUARE', square: sq('I10') });
    expect(refused('I7 ...')).toEqual({ code: 'NO_TILES' });
    expect(refused('8L CASAS', boardWith([['8L', 'CASA']]))).toEqual({ code: 'OFF_BOARD' });
  });

  it('X-01: an exchange is named by how many tiles went back, or which', () => {
    expect(parseLastPlay(SPANISH, board, '-3', rules)).toEqual({
      ok: true,
      value: { kind: 'exchange', count: 3 },
    });
    expect(parseLastPlay(SPANISH, board, ' -A[CH]? ', rules)).toEqual({
      ok: true,
      value: { kind: 'exchange', count: 3 },
    });
    expect(refused('-0')).toEqual({ code: 'EXCHANGE_COUNT', text: '-0', rackSize: 7 });
    expect(refused('-8')).toEqual({ code: 'EXCHANGE_COUNT', text: '-8', rackSize: 7 });
    expect(refused('-')).toEqual({ code: 'EXCHANGE_COUNT', text: '-', rackSize: 7 });
    expect(refused('-A%')).toEqual({ code: 'TILE', text: '%' });
  });

  it('P-05: a placement that, taken off, touched nothing was not a real play', () => {
    const apart = boardWith([
      ['8H', 'CASA'],
      ['A1', 'SOL'],
    ]);
    expect(refused('A1 SOL', apart)).toEqual({ code: 'PLACEMENT', reason: 'NOT_CONNECTED' });
  });
});
