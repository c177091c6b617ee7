import { describe, expect, it } from 'vitest';
import { type Action, apply } from './apply.js';
import type { GameState } from './gameState.js';
import { newGame, replayGame } from './newGame.js';
import { PRESETS, TOURNAMENT_CLOCK, makeRules } from './rules.js';
import { ANY_WORD, rigged, run, wordJudge } from './testing/games.js';
import { play, tilesOf } from './testing/positions.js';
import {
  BLANK_FLAG,
  SPANISH,
  fullDistribution,
  parseNotation,
  rackToTiles,
  wordToTiles,
} from './tiles.js';
import { bagCounts } from './bag.js';
import type { PlaceMove } from './move.js';
import { unwrap } from './testing/unwrap.js';

const at = (seat: number, coord: string, word: string): Action => ({ ...play(coord, word), seat });
const pass = (seat: number): Action => ({ kind: 'pass', seat });
/** Seat 0 puts raw tile codes across from the centre (for codes no word can spell). */
const onStar = (tiles: number[]): Action => ({
  kind: 'place',
  seat: 0,
  row: 7,
  col: 7,
  dir: 'H',
  tiles,
});
const challenge = (seat: number): Action => ({ kind: 'challenge', seat });
const exchange = (seat: number, tiles: string): Action => ({
  kind: 'exchange',
  seat,
  tiles: unwrap(parseNotation(SPANISH, tiles, { allowUndesignatedBlank: true })),
});
const rackText = (s: GameState, seat: number): string =>
  rackToTiles(s.racks[seat]!)
    .map((c) => (c === 0 ? '?' : SPANISH.letters[c - 1]!.gcg))
    .join('');
const code = (s: GameState, a: Action, judge = ANY_WORD): string => {
  const r = apply(s, a, judge);
  return r.ok ? 'OK' : r.error.code;
};
const voidRules = makeRules('fise', { challengeMode: 'void' });

function tileTotal(s: GameState): number {
  let n = s.bag.length;
  for (const r of s.racks) n += r.reduce((a, b) => a + b, 0);
  for (const t of s.board) if (t) n++;
  return n;
}

describe('setup and turns (§3)', () => {
  it('G-01: a game is for 2 to 4 players', () => {
    for (const players of [2, 3, 4])
      expect(newGame({ rules: PRESETS.fise, seed: 1, players }).players).toBe(players);
    expect(() => newGame({ rules: PRESETS.fise, seed: 1, players: 1 })).toThrow();
    expect(() => newGame({ rules: PRESETS.fise, seed: 1, players: 5 })).toThrow();
  });

  it('T-01: the bag starts with exactly the 100 FISE tiles', () => {
    const s = newGame({ rules: PRESETS.fise, seed: 'x', players: 2 });
    const counts = bagCounts(SPANISH, s.bag);
    for (const r of s.racks) r.forEach((n, c) => (counts[c]! += n));
    expect(Array.from(counts)).toEqual(Array.from(fullDistribution(SPANISH)));
    expect(tileTotal(s)).toBe(100);
  });

  it('G-02: the tile closest to A starts, a blank beats every letter, ties redraw', () => {
    let sawTie = false;
    let sawBlank = false;
    for (let seed = 0; seed < 300; seed++) {
      const s = newGame({ rules: PRESETS.fise, seed, players: 4 });
      const start = s.events[0]!;
      if (start.kind !== 'start') throw new Error('no start');
      const last = start.firstDraws[start.firstDraws.length - 1]!;
      const best = Math.min(...last.map(([, t]) => t));
      expect(last.filter(([, t]) => t === best).map(([seat]) => seat)).toEqual([start.first]);
      for (let k = 1; k < start.firstDraws.length; k++) {
        const prev = start.firstDraws[k - 1]!;
        const low = Math.min(...prev.map(([, t]) => t));
        // Only the tied players draw again.
        expect(start.firstDraws[k]!.map(([seat]) => seat)).toEqual(
          prev.filter(([, t]) => t === low).map(([seat]) => seat),
        );
        sawTie = true;
      }
      if (best === 0) sawBlank = true;
      expect(s.turn).toBe(start.first);
      // The drawn tiles went back: every tile is in the bag or a rack.
      expect(tileTotal(s)).toBe(100);
      expect(s.bag.length).toBe(100 - 4 * 7);
    }
    expect(sawTie).toBe(true);
    expect(sawBlank).toBe(true);
  });

  it('G-02: the seat-order option starts with seat 0 and draws nothing', () => {
    const s = newGame({ rules: makeRules('fise', { firstPlayer: 'seat' }), seed: 5, players: 3 });
    expect(s.turn).toBe(0);
    expect(s.events[0]!.kind === 'start' && s.events[0]!.firstDraws).toEqual([]);
  });

  it('G-03: each player draws 7 and refills to 7 after a play', () => {
    const s = newGame({ rules: PRESETS.fise, seed: 9, players: 3 });
    for (const r of s.racks) expect(r.reduce((a, b) => a + b, 0)).toBe(7);
    const g = rigged({ racks: ['CASAXYZ', 'EEEEEEE'], bag: 'LMNOPQRS' });
    const { state } = run(g, [at(0, '8H', 'CASA')]);
    expect(rackText(state, 0)).toBe('LMNOXYZ');
    expect(state.bag.length).toBe(4);
  });

  it('G-03: a player takes whatever is left when the bag runs low', () => {
    const g = rigged({ racks: ['CASAXYZ', 'EEEEEEE'], bag: 'LM' });
    const { state } = run(g, [at(0, '8H', 'CASA')]);
    expect(rackText(state, 0)).toBe('LMXYZ');
    expect(state.bag.length).toBe(0);
  });

  it('G-04: players act in seat order, one action per turn', () => {
    const g = rigged({ players: 3, racks: ['CASA', 'EEE', 'OOO'], bag: 'AAAAAAAAAA' });
    expect(code(g, pass(1))).toBe('NOT_YOUR_TURN');
    const { state } = run(g, [at(0, '8H', 'CASA'), pass(1), pass(2)]);
    expect(state.turn).toBe(0);
    expect(code(state, pass(2))).toBe('NOT_YOUR_TURN');
  });
});

describe('tiles in play (§1–§2)', () => {
  it('T-02: a blank may not be declared K or W (no such tile)', () => {
    const g = rigged({ racks: ['?ASA', 'E'], bag: 'EEEE' });
    const kCode = SPANISH.letters.length + 1; // one past Z: no K exists
    const r = apply(g, onStar([kCode | BLANK_FLAG, 1, 22, 1]), ANY_WORD);
    expect(!r.ok && r.error.code).toBe('LETTER_NOT_IN_SET');
    expect(wordToTiles(SPANISH, 'kiwi')).toMatchObject({
      error: { code: 'LETTER_NOT_IN_SET', letter: 'K' },
    });
  });

  it('T-05: a blank must be designated when played', () => {
    const g = rigged({ racks: ['?ASA', 'E'], bag: 'EEEE' });
    expect(code(g, onStar([BLANK_FLAG, 1, 22, 1]))).toBe('BLANK_NOT_DESIGNATED');
  });

  it('T-05: a blank keeps its letter and scores 0 in later words', () => {
    const g = rigged({ racks: ['?ASA', 'SEEE'], bag: 'EEEEEEEE' });
    const { state } = run(g, [at(0, '8H', 'cASA'), at(1, '8H', '....S')]);
    expect(state.board[7 * 15 + 7]).toBe(3 | BLANK_FLAG);
    // CASAS through the blank C: 0+1+1+1+1 = 4, no premium at L8? L8 is 2L: S doubled → 5.
    expect(state.scores[1]).toBe(5);
  });

  it('NOT_IN_RACK: tiles the rack does not hold are refused', () => {
    const g = rigged({ racks: ['CASO', 'E'], bag: 'EEEE' });
    const r = apply(g, at(0, '8H', 'CASA'), ANY_WORD);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'NOT_IN_RACK', tiles: [1] });
  });

  it('D-06, S-07: a bingo counts rack tiles, not letters: [CH]AQUETa is 7 tiles, +50', () => {
    const g = rigged({ racks: ['[CH]AQUET?', 'E'], bag: 'EEEEEEE' });
    const { events } = run(g, [at(0, 'H4', '[CH]AQUETa')]);
    expect(events[0]).toMatchObject({ kind: 'play', score: 88, bingo: true });
  });

  it('D-01: a digraph tile takes one square and one rack slot', () => {
    const g = rigged({ racks: ['CA[LL]E', 'E'], bag: 'AAAAAAA' });
    const { state, events } = run(g, [at(0, '8H', 'CA[LL]E')]);
    expect(events[0]).toMatchObject({ words: [tilesOf('CA[LL]E')] });
    expect(state.board[7 * 15 + 9]).toBe(13); // LL on J8
    expect(state.board[7 * 15 + 11]).toBe(0); // only four squares used
  });

  it('D-02: with C A L L E on the rack, CALLE (C·A·L·L·E) is not a word', () => {
    const judge = wordJudge(['calle']); // tokenised as C·A·LL·E
    const g = rigged({ rules: voidRules, racks: ['CALLE', 'E'], bag: 'AAAAAAA' });
    const r = apply(g, at(0, '8H', 'CALLE'), judge);
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_WORD', words: [tilesOf('CALLE')] });
    const ok = rigged({ rules: voidRules, racks: ['CA[LL]E', 'E'], bag: 'AAAAAAA' });
    expect(code(ok, at(0, '8H', 'CA[LL]E'), judge)).toBe('OK');
  });
});

describe('exchange (§6)', () => {
  it('X-01: an exchange draws first, then returns: the new tiles come from the old bag', () => {
    const g = rigged({ racks: ['AAAEEEO', 'E'], bag: 'XYZ' });
    const { state, events } = run(g, [exchange(0, 'AAA')]);
    expect(rackText(state, 0)).toBe('EEEOXYZ');
    expect(events[0]).toMatchObject({ kind: 'exchange', drew: [26, 27, 28] });
    expect(state.bag.length).toBe(3);
    expect(state.scores[0]).toBe(0); // S-09
    expect(state.turn).toBe(1);
  });

  it('X-01: never more tiles than the bag holds', () => {
    const g = rigged({ racks: ['AAAEEEO', 'E'], bag: 'XYZ' });
    const r = apply(g, exchange(0, 'AAAE'), ANY_WORD);
    expect(!r.ok && r.error).toMatchObject({
      code: 'BAG_TOO_SMALL_TO_EXCHANGE',
      bag: 3,
      needed: 4,
    });
    // The tiles asked for say it was their number, not the bag, that stopped it.
    expect(!r.ok && r.error.tiles).toHaveLength(4);
    const none = apply(rigged({ racks: ['AAAEEEO', 'E'] }), exchange(0, 'O'), ANY_WORD);
    expect(!none.ok && none.error).toEqual({
      code: 'BAG_TOO_SMALL_TO_EXCHANGE',
      bag: 0,
      needed: 1,
    });
  });

  it('X-02: in fise an exchange is legal with a single tile in the bag', () => {
    const g = rigged({ racks: ['AAAEEEO', 'E'], bag: 'X' });
    expect(code(g, exchange(0, 'O'))).toBe('OK');
    expect(code(rigged({ racks: ['AAAEEEO', 'E'] }), exchange(0, 'O'))).toBe(
      'BAG_TOO_SMALL_TO_EXCHANGE',
    );
  });

  it('X-03: in sala an exchange needs 8 tiles in the bag', () => {
    const rules = PRESETS.sala;
    expect(code(rigged({ rules, racks: ['AAAEEEO', 'E'], bag: 'XYZXYZX' }), exchange(0, 'O'))).toBe(
      'BAG_TOO_SMALL_TO_EXCHANGE',
    );
    expect(
      code(rigged({ rules, racks: ['AAAEEEO', 'E'], bag: 'XYZXYZXY' }), exchange(0, 'O')),
    ).toBe('OK');
  });

  it('X-01: exchanging tiles not on the rack, or none, is refused', () => {
    const g = rigged({ racks: ['AAAEEEO', 'E'], bag: 'XYZ' });
    expect(code(g, exchange(0, 'Z'))).toBe('NOT_IN_RACK');
    expect(code(g, exchange(0, ''))).toBe('NOTHING_TO_EXCHANGE');
  });

  it('X-04: an exchange is not a pass and breaks the run of passes', () => {
    const g = rigged({ racks: ['AAAEEEO', 'EEEAAAO'], bag: 'XYZXYZXYZ', board: [['8H', 'CASA']] });
    const { state } = run(g, [
      pass(0),
      pass(1),
      pass(0),
      exchange(1, 'E'),
      pass(0),
      pass(1),
      pass(0),
    ]);
    expect(state.result).toBeNull();
    const end = run(state, [pass(1)]).state;
    expect(end.result?.reason).toBe('passes');
  });
});

describe('end of game (§7)', () => {
  it('E-01, E-05: going out with the bag empty ends the game; X+A is −9 / +9', () => {
    const g = rigged({ rules: voidRules, racks: ['CASA', 'XA'] });
    const { state } = run(g, [at(0, '8H', 'CASA')]);
    expect(state.result).toMatchObject({ reason: 'out', wentOut: 0, rackAdjust: [9, -9] });
    expect(state.result?.final).toEqual([12 + 9, -9]);
    expect(state.result?.winners).toEqual([0]);
    expect(code(state, pass(1))).toBe('GAME_OVER');
  });

  it('E-05: the NASPA option gives the player going out twice the rack and nobody deducts', () => {
    const g = rigged({
      rules: makeRules('fise', { challengeMode: 'void', endRackScoring: 'naspa' }),
      racks: ['CASA', 'XA'],
    });
    const { state } = run(g, [at(0, '8H', 'CASA')]);
    expect(state.result?.rackAdjust).toEqual([18, 0]);
  });

  it('E-05: three players: the player going out adds both other racks', () => {
    const g = rigged({ rules: voidRules, racks: ['CASA', 'XA', '[CH]?'] });
    const { state } = run(g, [at(0, '8H', 'CASA')]);
    expect(state.result?.rackAdjust).toEqual([14, -9, -5]);
  });

  it('E-05: rack values count a blank 0, CH 5, LL and RR 8', () => {
    const g = rigged({ rules: voidRules, racks: ['CASA', '?[CH][LL][RR]'] });
    const { state } = run(g, [at(0, '8H', 'CASA')]);
    expect(state.result?.rackAdjust).toEqual([21, -21]);
  });

  it('E-02, X-04: with 3 players an exchange breaks the run of passes', () => {
    const g = rigged({ racks: ['A', 'E', 'I'], bag: 'AEIOUAEIOU', board: [['8H', 'CASA']] });
    const five = run(g, [pass(0), pass(1), pass(2), pass(0), pass(1), exchange(2, 'I')]).state;
    const more = run(five, [pass(0), pass(1), pass(2), pass(0), pass(1)]).state;
    expect(more.result).toBeNull();
    expect(run(more, [pass(2)]).state.result?.reason).toBe('passes');
  });

  it('E-02: four passes in a row end a 2-player game; everyone subtracts their rack', () => {
    const g = rigged({
      racks: ['ZA', 'QE'],
      bag: 'AEIOU',
      board: [['8H', 'CASA']],
      scores: [30, 20],
    });
    const three = run(g, [pass(0), pass(1), pass(0)]).state;
    expect(three.result).toBeNull();
    const { state } = run(three, [pass(1)]);
    expect(state.result).toMatchObject({
      reason: 'passes',
      rackAdjust: [-11, -6],
      final: [19, 14],
    });
  });

  it('E-02: with 3 players the game ends after 6 passes in a row', () => {
    const g = rigged({ racks: ['A', 'E', 'I'], bag: 'AEIOU', board: [['8H', 'CASA']] });
    const five = run(g, [pass(0), pass(1), pass(2), pass(0), pass(1)]).state;
    expect(five.result).toBeNull();
    expect(run(five, [pass(2)]).state.result?.reason).toBe('passes');
  });

  it('E-02, C-02: a withdrawn play counts as a pass', () => {
    const judge = wordJudge(['casa']);
    const g = rigged({
      racks: ['CASA', 'XXXX'.replace(/X/g, 'E')],
      bag: 'AEIOUAEIOU',
      board: [['8H', 'CASA']],
    });
    // seat 0 passes, seat 1 plays a phony which seat 0 challenges off, then two passes.
    const s1 = run(g, [pass(0), at(1, 'K6', 'EE.E')], judge).state;
    const s2 = run(s1, [challenge(0)], judge).state;
    expect(s2.passRun).toBe(2);
    expect(run(s2, [pass(0)], judge).state.result).toBeNull();
    expect(run(s2, [pass(0), pass(1)], judge).state.result?.reason).toBe('passes');
  });

  it('E-04: a stuck player must pass, so "no move possible" ends the game by E-02', () => {
    const g = rigged({ rules: voidRules, racks: ['Ñ', 'Ñ'], board: [['8H', 'CASA']] });
    const judge = wordJudge(['casa']);
    expect(code(g, at(0, '9H', 'Ñ'), judge)).toBe('INVALID_WORD');
    const { state } = run(g, [pass(0), pass(1), pass(0), pass(1)], judge);
    expect(state.result?.reason).toBe('passes');
  });

  it('E-03: 12 scoreless turns on a non-empty board end a fise game', () => {
    const g = rigged({ racks: ['AAAAAAA', 'EEEEEEE'], bag: 'IIIIIIIIII', board: [['8H', 'CASA']] });
    const turns: Action[] = [];
    for (let k = 0; k < 6; k++) turns.push(pass(0), exchange(1, 'E'));
    const eleven = run(g, turns.slice(0, 11)).state;
    expect(eleven.result).toBeNull();
    expect(run(eleven, turns.slice(11)).state.result?.reason).toBe('scoreless');
  });

  it('E-03: scoreless turns cannot end the game on an empty board, nor in caja', () => {
    const turns: Action[] = [];
    for (let k = 0; k < 8; k++) turns.push(exchange(0, 'A'), exchange(1, 'E'));
    const empty = rigged({ racks: ['AAAAAAA', 'EEEEEEE'], bag: 'IIIIIIIIII' });
    expect(run(empty, turns).state.result).toBeNull();
    const caja = rigged({
      rules: PRESETS.caja,
      racks: ['AAAAAAA', 'EEEEEEE'],
      bag: 'IIIIIIIIII',
      board: [['8H', 'CASA']],
    });
    expect(run(caja, turns).state.result).toBeNull();
  });

  it('E-06: after going out, the opponent may still challenge; place is refused, pass accepts', () => {
    const g = rigged({ racks: ['CASA', 'XA'] });
    const { state } = run(g, [at(0, '8H', 'CASA')]);
    expect(state.result).toBeNull();
    expect(code(state, at(1, '9H', 'XA'))).toBe('FINAL_CHALLENGE_WINDOW');
    expect(code(state, exchange(1, 'X'))).toBe('FINAL_CHALLENGE_WINDOW');
    const ended = run(state, [pass(1)]).state;
    expect(ended.result).toMatchObject({ reason: 'out', final: [21, -9] });
    const accepted = run(state, [{ kind: 'accept', seat: 1 }]).state;
    expect(accepted.result?.final).toEqual([21, -9]);
  });

  it('E-06, C-02: a successful challenge of the last play reopens the game', () => {
    const g = rigged({ racks: ['CASA', 'XA'] });
    const s = run(g, [at(0, '8H', 'CASA')]).state;
    const { state } = run(s, [challenge(1)], wordJudge(['xa']));
    expect(state.result).toBeNull();
    expect(rackText(state, 0)).toBe('AACS');
    expect(state.scores).toEqual([0, 0]);
    expect(state.turn).toBe(1);
  });

  it('E-07: equal final scores are a draw (fise)', () => {
    const g = rigged({
      racks: ['A', 'E'],
      bag: 'AEIOU',
      board: [['8H', 'CASA']],
      scores: [10, 10],
    });
    const { state } = run(g, [pass(0), pass(1), pass(0), pass(1)]);
    expect(state.result).toMatchObject({ winners: [0, 1], draw: true, final: [9, 9] });
  });

  it('E-07: caja breaks a tie by the score before the rack adjustment', () => {
    const g = rigged({
      rules: PRESETS.caja,
      racks: ['AE', 'E'],
      bag: 'AEIOU',
      board: [['8H', 'CASA']],
      scores: [11, 10],
    });
    const { state } = run(g, [pass(0), pass(1), pass(0), pass(1)]);
    expect(state.result).toMatchObject({ final: [9, 9], winners: [0], draw: false });
  });

  it('resigning ends the game and the other player wins', () => {
    const g = rigged({ racks: ['A', 'E'], bag: 'AEIOU', scores: [50, 10] });
    const { state } = run(g, [{ kind: 'resign', seat: 0 }]);
    expect(state.result).toMatchObject({ reason: 'resign', resigned: 0, winners: [1] });
  });

  it('a game claimed from a seat away on its turn ends as that seat resigning, with who claimed it', () => {
    const g = rigged({ racks: ['A', 'E'], bag: 'AEIOU', scores: [50, 10] });
    // Seat 0 is on turn: seat 1 may claim it; not seat 1 from itself, nor seat 0 off turn.
    expect(code(g, { kind: 'resign', seat: 1, claimedBy: 0 })).toBe('NOT_CLAIMABLE');
    expect(code(g, { kind: 'resign', seat: 0, claimedBy: 0 })).toBe('BAD_ACTION');
    expect(code(g, { kind: 'resign', seat: 0, claimedBy: 2 })).toBe('BAD_ACTION');
    const { state, events } = run(g, [{ kind: 'resign', seat: 0, claimedBy: 1 }]);
    expect(events[0]).toEqual({ kind: 'resign', seat: 0, claimedBy: 1 });
    expect(state.result).toMatchObject({ reason: 'resign', resigned: 0, winners: [1] });
  });
});

describe('E-07 winners of a game resigned with a seat nobody took', () => {
  it('a seat never taken does not share the win; alone with the one who resigned, it is all there is', () => {
    const three = rigged({ racks: ['A', 'E', 'I'], bag: 'AEIOU', scores: [0, 0, 0] });
    expect(run(three, [{ kind: 'resign', seat: 0 }]).state.result?.winners).toEqual([1, 2]);
    const { state, events } = run(three, [{ kind: 'resign', seat: 0, vacant: [2] }]);
    expect(state.result).toMatchObject({ reason: 'resign', resigned: 0, winners: [1] });
    // The resignation names the vacant seats, so that a replay finds the same winners; the end
    // event says who won.
    expect(events[0]).toEqual({ kind: 'resign', seat: 0, vacant: [2] });
    expect(events[1]).toMatchObject({ kind: 'end', winners: [1] });
    const two = rigged({ racks: ['A', 'E'], bag: 'AEIOU', scores: [0, 0] });
    expect(run(two, [{ kind: 'resign', seat: 0, vacant: [1] }]).state.result?.winners).toEqual([1]);
    expect(code(two, { kind: 'resign', seat: 0, vacant: [5] })).toBe('BAD_ACTION');
  });
});

describe('challenges (§8)', () => {
  const judge = wordJudge(['casa', 'casas', 'es', 'as']);
  const base = (rules = PRESETS.fise) =>
    rigged({ rules, racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUAEIOU' });

  it('C-01: only the last play, and only before the next player acts', () => {
    const s = run(base(), [at(0, '8H', 'CASA')], judge).state;
    expect(code(s, challenge(0), judge)).toBe('NOTHING_TO_CHALLENGE'); // own play
    const later = run(s, [pass(1)], judge).state;
    expect(code(later, challenge(1), judge)).toBe('NOTHING_TO_CHALLENGE');
    expect(code(base(), challenge(1), judge)).toBe('NOTHING_TO_CHALLENGE');
  });

  it('C-01: all words of the play are judged together; one bad word withdraws it', () => {
    const s = run(base(), [at(0, '8H', 'CASA'), at(1, '9I', 'SO')], judge).state; // AS ok, SO bad? no: crosses
    const r = apply(s, challenge(0), judge);
    expect(r.ok && r.value.events[0]).toMatchObject({ kind: 'challenge', valid: false });
    if (r.ok)
      expect(
        r.value.events[0]!.kind === 'challenge' && r.value.events[0]!.invalidWords,
      ).toContainEqual(tilesOf('SO'));
  });

  it('C-02: an invalid play goes back to the rack, scores 0, the drawn tiles return to the bag', () => {
    const s0 = base();
    const s1 = run(s0, [at(0, '8H', 'CASA'), at(1, '9I', 'SO')], judge).state;
    const { state } = run(s1, [challenge(0)], judge);
    expect(rackText(state, 1)).toBe('EIIOOOS');
    expect(state.scores[1]).toBe(0);
    expect(state.board[8 * 15 + 8]).toBe(0);
    expect(state.bag.length).toBe(s1.bag.length + 2);
    expect(state.turn).toBe(0); // seat 1 lost the turn
    expect(tileTotal(state)).toBe(tileTotal(s0));
  });

  it('C-03: a valid play stands and a single-mode challenger loses nothing', () => {
    const s = run(base(), [at(0, '8H', 'CASA')], judge).state;
    const { state, events } = run(s, [challenge(1)], judge);
    expect(events[0]).toMatchObject({ valid: true, penalty: 0, loseTurn: false });
    expect(state.scores).toEqual([12, 0]);
    expect(state.turn).toBe(1);
    expect(code(state, challenge(1), judge)).toBe('NOTHING_TO_CHALLENGE');
  });

  it('C-05 double: a failed challenger loses their next turn', () => {
    const s = run(
      base(makeRules('fise', { challengeMode: 'double' })),
      [at(0, '8H', 'CASA')],
      judge,
    ).state;
    const { state } = run(s, [challenge(1)], judge);
    expect(state.turn).toBe(0);
    expect(state.scores).toEqual([12, 0]);
  });

  it('C-05 double, 3 players: a challenger off turn skips their next turn', () => {
    const rules = makeRules('fise', { challengeMode: 'double' });
    const g = rigged({ rules, racks: ['CASAEEE', 'SEOOOII', 'AAAAAAA'], bag: 'AEIOUAEIOUAEIOU' });
    const s = run(g, [at(0, '8H', 'CASA'), challenge(2)], judge).state;
    expect(s.turn).toBe(1);
    const after = run(s, [pass(1)], judge).state;
    expect(after.turn).toBe(0); // seat 2 skipped once
    expect(run(after, [pass(0)], judge).state.turn).toBe(1);
  });

  it('C-05 penalty: a failed challenge costs 5 (or 10) points, per challenge or per word', () => {
    for (const challengePenalty of [5, 10]) {
      const rules = makeRules('fise', { challengeMode: 'penalty', challengePenalty });
      const s = run(base(rules), [at(0, '8H', 'CASA')], judge).state;
      expect(run(s, [challenge(1)], judge).state.scores).toEqual([12, -challengePenalty]);
    }
    const perWord = makeRules('fise', {
      challengeMode: 'penalty',
      challengePenalty: 5,
      challengePenaltyPer: 'word',
    });
    const g = rigged({
      rules: perWord,
      racks: ['CASAEEE', 'SEOOOII'],
      bag: 'AEIOUAEIOUAEIOU',
      board: [['8H', 'CASA']],
    });
    const two = run(g, [at(0, 'L7', 'ES')], judge).state; // ES down, CASAS across
    expect(two.pending?.words.length).toBe(2);
    expect(run(two, [challenge(1)], judge).state.scores[1]).toBe(-10);
  });

  it("C-05 penalty: choosing the mode without a penalty costs 5, not the presets' 0", () => {
    const rules = makeRules('fise', { challengeMode: 'penalty' });
    const s = run(base(rules), [at(0, '8H', 'CASA')], judge).state;
    expect(run(s, [challenge(1)], judge).state.scores).toEqual([12, -5]);
    expect(
      makeRules('fise', { challengeMode: 'penalty', challengePenalty: 0 }).challengePenalty,
    ).toBe(0);
  });

  it('C-04 automatic: an invalid play is taken back, the turn is lost, optional penalty', () => {
    const rules = makeRules('sala', { challengePenalty: 10 });
    const g = rigged({ rules, racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUAEIOU' });
    const { state, events } = run(g, [at(0, '8H', 'CAS')], judge);
    expect(events[0]).toMatchObject({
      kind: 'rejected',
      invalidWords: [tilesOf('CAS')],
      penalty: 10,
    });
    expect(state.scores).toEqual([-10, 0]);
    expect(state.turn).toBe(1);
    expect(state.passRun).toBe(1);
    expect(rackText(state, 0)).toBe('AACEEES');
    expect(code(state, challenge(1), judge)).toBe('NO_CHALLENGES');
  });

  it('C-04 void: an invalid play is refused and the same player tries again', () => {
    const g = rigged({ rules: voidRules, racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUAEIOU' });
    const r = apply(g, at(0, '8H', 'CAS'), judge);
    expect(!r.ok && r.error).toMatchObject({ code: 'INVALID_WORD', words: [tilesOf('CAS')] });
    expect(code(g, at(0, '8H', 'CASA'), judge)).toBe('OK');
  });
});

describe('time and variants (§10–§11)', () => {
  it('TM-01: the tournament clock is 25 minutes each', () => {
    expect(TOURNAMENT_CLOCK).toEqual({ minutesPerPlayer: 25, penaltyPerMinute: 10 });
  });

  it('TM-02: −10 per started minute over, no loss on time', () => {
    const rules = makeRules('fise', { clock: TOURNAMENT_CLOCK });
    const g = rigged({
      rules,
      racks: ['A', 'E'],
      bag: 'AEIOU',
      board: [['8H', 'CASA']],
      scores: [100, 10],
    });
    const min = 60_000;
    const { state } = run(g, [
      { kind: 'pass', seat: 0, elapsedMs: 26 * min + 1 }, // 1:00.001 over: 2 started minutes
      { kind: 'pass', seat: 1, elapsedMs: 25 * min }, // exactly on time
      pass(0),
      pass(1),
    ]);
    expect(state.result).toMatchObject({
      timePenalty: [20, 0],
      final: [100 - 1 - 20, 10 - 1],
      winners: [0],
    });
  });

  it('V-01: with 9-tile racks a play of 7, 8 or 9 tiles earns one +50', () => {
    const rules = makeRules('fise', { rackSize: 9 });
    expect(newGame({ rules, seed: 3, players: 2 }).racks[0]!.reduce((a, b) => a + b, 0)).toBe(9);
    for (const [coord, word, tiles] of [
      ['8A', 'ESTRENOS', 8],
      ['8B', 'ESTRENO', 7],
      ['8A', 'ESTRENOSA', 9],
    ] as const) {
      const g = rigged({ rules, racks: ['ESTRENOSA', 'E'], bag: 'AEIOUAEIOU' });
      const { events } = run(g, [at(0, coord, word)]);
      const e = events[0]!;
      if (e.kind !== 'play') throw new Error('no play');
      expect(e.bingo).toBe(true);
      expect(tiles).toBe(word.length);
    }
    const six = run(rigged({ rules, racks: ['ESTRENOSA', 'E'], bag: 'A' }), [at(0, '8C', 'ESTREN')])
      .events[0]!;
    expect(six.kind === 'play' && six.bingo).toBe(false);
  });

  it('V-01: a 9-tile opening from A8 multiplies 3W by 2W (×6) and adds 50 once', () => {
    const rules = makeRules('fise', { rackSize: 9 });
    const g = rigged({ rules, racks: ['AAAAAAAAE', 'E'], bag: 'AEIOU' });
    // A8..I8: A8 3W, D8 2L, H8 2W: letters 9 + 1 extra for D8 = 10, ×6 = 60, +50.
    const { events } = run(g, [at(0, '8A', 'AAAAAAAAE')]);
    expect(events[0]).toMatchObject({ score: 110 });
  });

  it('V-02: reaching the target score ends the game at once, with no rack adjustment', () => {
    const rules = makeRules('fise', { targetScore: 20, challengeMode: 'void' });
    const g = rigged({ rules, racks: ['CASAZ', 'XA'], bag: 'AEIOUAEIOU', scores: [10, 0] });
    const { state } = run(g, [at(0, '8H', 'CASA')]);
    expect(state.result).toMatchObject({
      reason: 'target',
      final: [22, 0],
      rackAdjust: [0, 0],
      winners: [0],
    });
  });

  it('V-02: in a challenge mode the target play can still be challenged first (E-06)', () => {
    const rules = makeRules('fise', { targetScore: 20 });
    const g = rigged({ rules, racks: ['CASAZ', 'XA'], bag: 'AEIOUAEIOU', scores: [10, 0] });
    const s = run(g, [at(0, '8H', 'CASA')]).state;
    expect(s.result).toBeNull();
    expect(run(s, [challenge(1)], wordJudge(['xa'])).state.scores).toEqual([10, 0]);
  });

  it('V-03: sala ends when the bag cannot fund an exchange and the board stood still 3 turns', () => {
    const g = rigged({
      rules: PRESETS.sala,
      racks: ['AQ', 'EZ'],
      bag: 'AEIOUAE',
      board: [['8H', 'CASA']],
    });
    const two = run(g, [pass(0), pass(1)]).state;
    expect(two.result).toBeNull();
    const { state } = run(two, [pass(0)]);
    expect(state.result).toMatchObject({ reason: 'blocked', rackAdjust: [-6, -11] });
    // With 8 tiles in the bag the table is not blocked (sala has no E-02).
    const open = rigged({
      rules: PRESETS.sala,
      racks: ['AQ', 'EZ'],
      bag: 'AEIOUAEI',
      board: [['8H', 'CASA']],
    });
    expect(run(open, [pass(0), pass(1), pass(0), pass(1), pass(0)]).state.result).toBeNull();
  });
});

describe('transitions', () => {
  it('S-09: passes and exchanges score 0', () => {
    const g = rigged({ racks: ['AAAEEEO', 'E'], bag: 'XYZ' });
    const { state } = run(g, [exchange(0, 'A'), pass(1)]);
    expect(state.scores).toEqual([0, 0]);
  });

  it('apply is pure: a refused or accepted action leaves the old state untouched', () => {
    const g = rigged({ racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUAEIOU' });
    const snapshot = JSON.stringify([
      Array.from(g.board),
      Array.from(g.bag),
      g.racks.map((r) => Array.from(r)),
      g.scores,
    ]);
    run(g, [at(0, '8H', 'CASA'), at(1, '9I', 'SO')]);
    apply(g, at(0, '8H', 'CASO'), ANY_WORD);
    expect(
      JSON.stringify([
        Array.from(g.board),
        Array.from(g.bag),
        g.racks.map((r) => Array.from(r)),
        g.scores,
      ]),
    ).toBe(snapshot);
  });

  it('STALE_VERSION, BAD_SEAT and GAME_OVER are refused with their codes', () => {
    const g = newGame({ rules: PRESETS.fise, seed: 2, players: 2 });
    expect(code(g, { kind: 'pass', seat: g.turn, version: g.version - 1 })).toBe('STALE_VERSION');
    expect(code(g, { kind: 'pass', seat: g.turn, version: g.version })).toBe('OK');
    expect(code(g, { kind: 'pass', seat: 7 })).toBe('BAD_SEAT');
    const over = run(g, [{ kind: 'resign', seat: 0 }]).state;
    expect(code(over, pass(over.turn))).toBe('GAME_OVER');
  });

  it('placement codes come through: GAP, NOT_CONNECTED, FIRST_NOT_CENTER, FIRST_TOO_SHORT, NOT_IN_LINE', () => {
    const g = rigged({ racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOU' });
    expect(code(g, at(0, '7G', 'CASA'))).toBe('FIRST_NOT_CENTER');
    expect(code(g, at(0, '8H', 'A'))).toBe('FIRST_TOO_SHORT');
    const s = run(g, [at(0, '8H', 'CASA')]).state;
    expect(code(s, at(1, '2A', 'SE'))).toBe('NOT_CONNECTED');
    expect(code(s, at(1, '9A', 'SE.'))).toBe('GAP');
    const diag: PlaceMove = { kind: 'place', row: 8, col: 8, dir: 'H', tiles: [22] };
    expect(code(s, { ...diag, seat: 1 })).toBe('OK');
  });

  it('replaying the events rebuilds the same state (same seed, same events, same game)', () => {
    let s = newGame({ rules: PRESETS.fise, seed: 'replay', players: 2 });
    for (let k = 0; k < 6; k++) {
      const tiles = rackToTiles(s.racks[s.turn]!).slice(0, 2);
      s = run(s, [{ kind: 'exchange', seat: s.turn, tiles }]).state;
    }
    const again = replayGame({ rules: PRESETS.fise, seed: 'replay', players: 2 }, s.events);
    expect(Array.from(again.bag)).toEqual(Array.from(s.bag));
    expect(again.racks.map((r) => Array.from(r))).toEqual(s.racks.map((r) => Array.from(r)));
    expect(() =>
      replayGame({ rules: PRESETS.fise, seed: 'other', players: 2 }, s.events),
    ).toThrow();
  });
});
