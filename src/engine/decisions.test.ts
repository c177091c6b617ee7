/**
 * The decisions at the end of RULES.md §12, each built as a position and checked in the engine
 * and through the game record (issue 10, item 11).
 */
import { describe, expect, it } from 'vitest';
import { type Action, apply } from './apply.js';
import type { GameState } from './gameState.js';
import { newGame } from './newGame.js';
import { gameFromGcg, gameToGcg } from './notation/gameRecord.js';
import { parseGcgText, writeGcg } from './notation/gcg.js';
import { replayRecord } from './notation/recordAudit.js';
import { makeRules } from './rules.js';
import { rigged, run, wordJudge } from './testing/games.js';
import { play } from './testing/positions.js';

const at = (seat: number, coord: string, word: string): Action => ({ ...play(coord, word), seat });
const pass = (seat: number): Action => ({ kind: 'pass', seat });
const challenge = (seat: number): Action => ({ kind: 'challenge', seat });
const judge = wordJudge(['casa', 'casas', 'so', 'os']);
const double = makeRules('fise', { challengeMode: 'double' });

describe('§12 double: the lost turn is a pass line and a pass (E-02, E-03)', () => {
  it('a failed challenge adds one to the pass run and the scoreless run', () => {
    const g = rigged({ rules: double, racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUAEIOU' });
    const s = run(g, [at(0, '8H', 'CASA'), challenge(1)], judge).state;
    expect([s.passRun, s.scorelessRun, s.turn]).toEqual([1, 1, 0]);
  });

  it('E-02: play, failed challenge, then three passes end the game with 2 players', () => {
    const g = rigged({ rules: double, racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUAEIOU' });
    const s = run(g, [at(0, '8H', 'CASA'), challenge(1), pass(0), pass(1)], judge).state;
    expect(s.result).toBeNull();
    const end = run(s, [pass(0)], judge).state;
    expect(end.result?.reason).toBe('passes');
  });

  it('written as `- +0` with #note #unsuccessful-challenge, read back to the same game', () => {
    let s: GameState = newGame({ rules: double, seed: 'doble', players: 2 });
    const rack = (seat: number): string => Array.from(s.racks[seat]!).join(',');
    // Seat 0 opens with any two tiles through H8; seat 1 challenges it and fails.
    const any = { isWord: () => true };
    const tiles = Array.from(s.racks[0]!).flatMap((n, c) => (c > 0 ? Array(n).fill(c) : []));
    const opening: Action = {
      kind: 'place',
      seat: s.turn,
      row: 7,
      col: 7,
      dir: 'H',
      tiles: tiles.slice(0, 2),
    };
    const first = s.turn;
    s = run(s, [opening, challenge(1 - first)], any).state;
    expect(s.turn).toBe(first);
    const text = writeGcg(gameToGcg(s));
    expect(text).toMatch(/\n>[^:]+: \S* - \+0 0\n#note #unsuccessful-challenge\n/);
    const parsed = parseGcgText(text);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const back = gameFromGcg(parsed.value.record, any);
    if (!back.ok) throw new Error(back.error.code);
    expect(back.value.events).toEqual(s.events);
    expect([back.value.passRun, back.value.turn, rack(first)]).toEqual([
      s.passRun,
      s.turn,
      rack(first),
    ]);
    const replay = replayRecord(parsed.value.record);
    expect(replay.ok && replay.value.ok).toBe(true);
  });
});

describe('§12: with 3 or 4 players any opponent may challenge (C-01)', () => {
  const single = makeRules('fise');
  const three = (): GameState =>
    rigged({
      rules: single,
      racks: ['CASAEEE', 'SEOOOII', 'AAAAAAA'],
      bag: 'AEIOUAEIOUAEIOU',
    });

  it('the player after next may challenge; the first challenge decides', () => {
    const s = run(three(), [at(0, '8H', 'CASA')], judge).state;
    const r = apply(s, challenge(2), judge);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.events[0]).toMatchObject({ kind: 'challenge', seat: 2, target: 0, valid: true });
    const again = apply(r.value.state, challenge(1), judge);
    expect(again.ok ? 'ok' : again.error.code).toBe('NOTHING_TO_CHALLENGE');
  });

  it('until the next player starts a turn: after seat 1 passes, seat 2 can no longer', () => {
    const s = run(three(), [at(0, '8H', 'CASA'), pass(1)], judge).state;
    const r = apply(s, challenge(2), judge);
    expect(r.ok ? 'ok' : r.error.code).toBe('NOTHING_TO_CHALLENGE');
  });

  it('the player who made the play cannot challenge it', () => {
    const s = run(three(), [at(0, '8H', 'CASA')], judge).state;
    const r = apply(s, challenge(0), judge);
    expect(r.ok ? 'ok' : r.error.code).toBe('NOTHING_TO_CHALLENGE');
  });
});

describe('§12 Fin de línea: the challenge window applies to a play reaching the target', () => {
  const target = makeRules('fise', { targetScore: 10 });

  it('a play reaching the target may be challenged; the game ends when it stands', () => {
    const g = rigged({ rules: target, racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUAEIOU' });
    const s = run(g, [at(0, '8H', 'CASA')], judge).state;
    expect(s.result).toBeNull(); // the window is open (E-06)
    const withdrawn = run(s, [challenge(1)], wordJudge(['so'])).state;
    expect(withdrawn.result).toBeNull(); // CASA withdrawn: the game goes on
    const stands = run(s, [{ kind: 'accept', seat: 1 }], judge).state;
    expect(stands.result).toMatchObject({ reason: 'target', winners: [0] });
  });

  it('no rack adjustment, even when the play that reaches it also empties the rack', () => {
    const g = rigged({ rules: target, racks: ['CASA', 'SEOOOII'], bag: '' });
    const s = run(g, [at(0, '8H', 'CASA'), { kind: 'accept', seat: 1 }], judge).state;
    expect(s.result).toMatchObject({ reason: 'target', wentOut: null });
    expect(s.result!.rackAdjust).toEqual([0, 0]);
    expect(s.scores).toEqual([12, 0]);
  });
});
