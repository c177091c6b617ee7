import { describe, expect, it } from 'vitest';
import { emptyBoard } from './board.js';
import { apply } from './apply.js';
import type { PlaceMove, PlayResult } from './move.js';
import { evaluatePlacement, placementOf } from './placement.js';
import { makeRules } from './rules.js';
import { rigged, run, wordJudge } from './testing/games.js';
import { boardWith, play, tilesOf } from './testing/positions.js';
import { BLANK_FLAG, SPANISH, tilesToWord } from './tiles.js';

function evaluate(board: Uint8Array, move: PlaceMove): PlayResult {
  const placed = placementOf(board, move);
  if (!placed.ok) throw new Error(placed.error.code);
  const r = evaluatePlacement(board, placed.value, SPANISH);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}
const score = (board: Uint8Array, move: PlaceMove): number => evaluate(board, move).score;
const voidRules = makeRules('fise', { challengeMode: 'void' });

describe('placement rules (§4)', () => {
  it('P-03: words read left to right and top to bottom only', () => {
    const judge = wordJudge(['as']);
    const g = rigged({ rules: voidRules, racks: ['SA', 'E'], bag: 'EEEE' });
    const r = apply(g, { ...play('8H', 'SA'), seat: 0 }, judge);
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_WORD', words: [tilesOf('SA')] });
    expect(apply(g, { ...play('8H', 'AS'), seat: 0 }, judge).ok).toBe(true);
  });

  it('P-06: every run of 2+ squares with a new tile must be a word, cross-words included', () => {
    const judge = wordJudge(['casa', 'ese', 'es']);
    const g = rigged({
      rules: voidRules,
      racks: ['ESE', 'E'],
      bag: 'EEEE',
      board: [['8H', 'CASA']],
    });
    // ESE across row 9 under CASA makes CE, AS, SE: AS is missing from the judge's words.
    const r = apply(g, { ...play('9H', 'ESE'), seat: 0 }, judge);
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_WORD' });
    expect(!r.ok && r.error.words).toEqual(['CE', 'AS', 'SE'].map((w) => tilesOf(w)));
  });

  it('P-07: tiles may not go into two lines (extending RAJE and TEST at once)', () => {
    const board = boardWith([
      ['8H', 'RAJE'],
      ['12B', 'TEST'],
    ]);
    const r = evaluatePlacement(
      board,
      [
        { square: 7 * 15 + 11, tile: 22 }, // S after RAJE
        { square: 11 * 15 + 5, tile: 1 }, // A after TEST
      ],
      SPANISH,
    );
    expect(!r.ok && r.error.code).toBe('NOT_IN_LINE');
  });

  it('P-08: a word may be extended at both ends (VALUAR → DEVALUARES) or bridged (CARAMELO)', () => {
    const r = evaluate(boardWith([['8H', 'VALUAR']]), play('8F', 'DE......ES'));
    expect(tilesToWord(SPANISH, r.words[0]!.tiles)).toBe('DEVALUARES');
    expect(r.placed).toHaveLength(4);
    const b = evaluate(boardWith([['5G', 'R'], ['5J', 'E']]), play('5E', 'CA.AM.LO')); // prettier-ignore
    expect(tilesToWord(SPANISH, b.words[0]!.tiles)).toBe('CARAMELO');
  });

  it('P-09: the same word may be played twice in a game', () => {
    const judge = wordJudge(['casa']);
    const g = rigged({ rules: voidRules, racks: ['CASAASA', 'EEEEEEE'], bag: 'EEEEEEEEEEEEEE' });
    const s = run(
      g,
      [
        { ...play('8H', 'CASA'), seat: 0 },
        { kind: 'pass', seat: 1 },
      ],
      judge,
    ).state;
    // CASA again, down through the C of the first one.
    const r = apply(s, { ...play('H8', '.ASA'), seat: 0 }, judge);
    expect(r.ok && r.value.events[0]).toMatchObject({ kind: 'play', words: [tilesOf('CASA')] });
  });

  it('P-10: a committed play is frozen: its squares cannot be played again, its blank keeps its letter', () => {
    const g = rigged({ racks: ['?ASA', 'CASA'], bag: 'EEEEEEEE' });
    const s = run(g, [{ ...play('8H', 'cASA'), seat: 0 }]).state;
    const r = apply(s, { ...play('8H', 'CASA'), seat: 1 }, wordJudge([]));
    expect(!r.ok && r.error.code).toBe('SQUARE_OCCUPIED');
    expect(s.board[7 * 15 + 7]).toBe(3 | BLANK_FLAG);
  });
});

describe('scoring (§5)', () => {
  it('S-01: a new tile on 2L counts double: CASAS at 8H (S on L8) 16, at 8G 14', () => {
    expect(score(emptyBoard(), play('8H', 'CASAS'))).toBe(16);
    expect(score(emptyBoard(), play('8G', 'CASAS'))).toBe(14);
  });

  it('S-06: a blank scores 0 on 2L, and still multiplies on 2W', () => {
    expect(score(emptyBoard(), play('8H', 'CASAs'))).toBe(12);
    expect(score(emptyBoard(), play('8H', 'cASA'))).toBe(6);
  });

  it('S-08: the centre star doubles the opening only', () => {
    expect(score(emptyBoard(), play('8H', 'CASA'))).toBe(12);
    expect(score(boardWith([['8H', 'CASA']]), play('H8', '.OSA'))).toBe(6);
  });

  it('D-03: a blank before an H tile never forms CH', () => {
    const judge = wordJudge(['che']);
    const g = rigged({ rules: voidRules, racks: ['?HE', 'E'], bag: 'EEEE' });
    const r = apply(g, { ...play('8H', 'cHE'), seat: 0 }, judge);
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_WORD', words: [tilesOf('cHE')] });
    expect(apply(g, { ...play('8H', '[ch]E'), seat: 0 }, judge).ok).toBe(true);
  });

  it('D-05: a 15-square word may hold more than 15 letters', () => {
    const word = '[CH]AAAAAAAAAAAAAA';
    const r = evaluate(emptyBoard(), play('8A', word));
    expect(r.words[0]!.squares).toHaveLength(15);
    expect(tilesToWord(SPANISH, r.words[0]!.tiles)).toHaveLength(16);
  });
});

describe('word judges (§9)', () => {
  it('W-03: the word judge is pluggable: one table accepts what another refuses', () => {
    const g = rigged({ rules: voidRules, racks: ['CASA', 'E'], bag: 'EEEE' });
    const m = { ...play('8H', 'CASA'), seat: 0 };
    expect(apply(g, m, wordJudge(['casa'])).ok).toBe(true);
    expect(apply(g, m, wordJudge(['cosa'])).ok).toBe(false);
  });
});
