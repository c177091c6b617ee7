import { describe, expect, it } from 'vitest';
import { emptyBoard } from './board.js';
import { evaluatePlacement, placementOf } from './placement.js';
import { boardWith, play } from './testing/positions.js';
import { SPANISH } from './tiles.js';
import type { PlaceMove } from './move.js';

function score(board: Uint8Array, move: PlaceMove): number {
  const placedResult = placementOf(board, move);
  if (!placedResult.ok) throw new Error(placedResult.error.code);
  const placed = placedResult.value;
  const r = evaluatePlacement(board, placed, SPANISH);
  if (!r.ok) throw new Error(r.error.code);
  return r.value.score;
}

function error(board: Uint8Array, move: PlaceMove): string {
  const placedResult = placementOf(board, move);
  if (!placedResult.ok) return placedResult.error.code;
  const placed = placedResult.value;
  const r = evaluatePlacement(board, placed, SPANISH);
  return r.ok ? 'OK' : r.error.code;
}

describe('RULES.md §15 worked examples (FISE values)', () => {
  const estreno = boardWith([['8C', 'ESTRENO']]);
  const lema = boardWith([['8F', 'LEMA']]);
  it('ESTRENO at 8C scores 66 (S-07)', () =>
    expect(score(emptyBoard(), play('8C', 'ESTRENO'))).toBe(66));
  it('REESTRENOS at 8A through ESTRENO scores 30 (S-04)', () =>
    expect(score(estreno, play('8A', 'RE.......S'))).toBe(30));
  it('MES at 7G making ME, EN, SO scores 21 (S-05)', () =>
    expect(score(estreno, play('7G', 'MES'))).toBe(21));
  it('MESES at J4 down making ESTRENOS scores 17', () =>
    expect(score(estreno, play('J4', 'MESES'))).toBe(17));
  it('CARAMELO at 5E with R and E placed scores 48 (S-03)', () => {
    const b = boardWith([
      ['5G', 'R'],
      ['5J', 'E'],
    ]);
    expect(score(b, play('5E', 'CA.AM.LO'))).toBe(48);
  });
  it('LAMENTO at 8F scores 70', () => expect(score(emptyBoard(), play('8F', 'LAMENTO'))).toBe(70));
  it('POLEA at 8H scores 16', () => expect(score(emptyBoard(), play('8H', 'POLEA'))).toBe(16));
  it('PROBLEMA at 8B with LEMA placed scores 15', () =>
    expect(score(lema, play('8B', 'PROB....'))).toBe(15));
  it('ASÍ at 9F under LEMA scores 13', () => expect(score(lema, play('9F', 'ASI'))).toBe(13));
  it('[CH]AQUETa at H4 down scores 88 (D-06, D-07)', () =>
    expect(score(emptyBoard(), play('H4', '[CH]AQUETa'))).toBe(88));
});

describe('placement rules', () => {
  const casa = boardWith([['8G', 'CASA']]);
  it('P-04: the first play must cover H8', () =>
    expect(error(emptyBoard(), play('7G', 'CASA'))).toBe('FIRST_NOT_CENTER'));
  it('P-04: the first play needs two tiles', () =>
    expect(error(emptyBoard(), play('8H', 'A'))).toBe('FIRST_TOO_SHORT'));
  it('P-05: later plays must connect', () =>
    expect(error(casa, play('2A', 'GATEA'))).toBe('NOT_CONNECTED'));
  it('P-02: a played-through square must hold a tile', () =>
    expect(error(casa, play('9A', 'SO.'))).toBe('GAP'));
  it('new tiles cannot go on occupied squares', () =>
    expect(error(casa, play('8G', 'PASA'))).toBe('SQUARE_OCCUPIED'));
  it('P-01: tiles in two lines are refused', () => {
    const r = evaluatePlacement(
      casa,
      [
        { square: 8 * 15 + 6, tile: 1 },
        { square: 9 * 15 + 7, tile: 1 },
      ],
      SPANISH,
    );
    expect(!r.ok && r.error.code).toBe('NOT_IN_LINE');
  });
});
