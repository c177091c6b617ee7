import { describe, expect, it } from 'vitest';
import type { GameSetup } from './gameState.js';
import { newGame, replayGame } from './newGame.js';
import { makeRules } from './rules.js';
import { type StoredEventProblem, type StoredGameErrorCode, replayStored } from './stored.js';
import { run, wordJudge } from './testing/games.js';
import { jsonbCopy } from './testing/jsonb.js';
import { rackToTiles } from './tiles.js';

/**
 * A seeded game with every kind of stored event but `rejected`/`accept`/`resign` (those come
 * from the property test's thousands of games): the opening draw (G-02), a play withdrawn by a
 * challenge (C-02), a play that stands, an exchange, four passes ending the game (E-02).
 */
function seededGame() {
  const setup: GameSetup = { rules: makeRules('fise'), seed: 'stored-1', players: 2 };
  const s0 = newGame(setup);
  const a = s0.turn;
  const b = 1 - a;
  const letters = (seat: number) => rackToTiles(s0.racks[seat]!).filter((t) => t !== 0);
  const place = (seat: number) =>
    ({ kind: 'place', seat, row: 7, col: 7, dir: 'H', tiles: letters(seat).slice(0, 2) }) as const;
  const pass = (seat: number) => ({ kind: 'pass', seat }) as const;
  const { state } = run(
    s0,
    [
      place(a),
      { kind: 'challenge', seat: b },
      place(b),
      { kind: 'exchange', seat: a, tiles: letters(a).slice(0, 2) },
      pass(b),
      pass(a),
      pass(b),
      pass(a),
    ],
    wordJudge([]),
  );
  return { setup, state };
}

const { setup, state } = seededGame();
/** The stored form: plain JSON, as a database gives it back. */
const json = () => ({ setup: jsonbCopy(setup), events: jsonbCopy(state.events) });
type Json = Record<string, unknown>;

describe('a stored game replays from untrusted JSON (DESIGN.md §2, §5)', () => {
  it('the seeded game has the events the table below corrupts', () => {
    expect(state.events.map((e) => e.kind)).toEqual(
      ['start', 'play', 'challenge', 'play', 'exchange', 'pass', 'pass', 'pass', 'pass', 'end'],
    ); // prettier-ignore
    expect(state.result?.reason).toBe('passes');
  });

  it('a game claimed from an absent seat replays with its claimer; a claimer past the seats is refused', () => {
    const s0 = newGame(setup);
    const claimed = run(s0, [{ kind: 'resign', seat: s0.turn, claimedBy: 1 - s0.turn }]).state;
    const events = jsonbCopy(claimed.events) as unknown as Json[];
    const r = replayStored(jsonbCopy(setup), events);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.events).toEqual(claimed.events);
    expect(r.value.events[1]).toEqual({ kind: 'resign', seat: s0.turn, claimedBy: 1 - s0.turn });
    events[1]!.claimedBy = 2;
    expect(replayStored(jsonbCopy(setup), events)).toMatchObject({
      ok: false,
      error: { code: 'BAD_EVENT', problem: 'BAD_SEAT', index: 1, field: 'claimedBy' },
    });
  });

  it('E-07: a resignation with a seat nobody took replays with the same winners; a vacant seat past the seats is refused', () => {
    const three: GameSetup = { ...setup, players: 3 };
    const s0 = newGame(three);
    const other = [0, 1, 2].filter((x) => x !== s0.turn);
    const resigned = run(s0, [{ kind: 'resign', seat: s0.turn, vacant: [other[1]!] }]).state;
    expect(resigned.result?.winners).toEqual([other[0]]);
    const events = jsonbCopy(resigned.events) as unknown as Json[];
    const r = replayStored(jsonbCopy(three), events);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.result?.winners).toEqual([other[0]]);
    expect(r.value.events).toEqual(resigned.events);
    events[1]!.vacant = [3];
    expect(replayStored(jsonbCopy(three), events)).toMatchObject({
      ok: false,
      error: { code: 'BAD_EVENT', problem: 'BAD_SEAT', index: 1, field: 'vacant.0' },
    });
  });

  it('after a jsonb round trip that reorders every object’s keys, it replays to the same state', () => {
    const stored = json();
    // The keys did move: the start event's read kind, first, racks, players, firstDraws.
    expect(Object.keys(stored.events[0]!)).not.toEqual(Object.keys(state.events[0]!));
    const r = replayStored(stored.setup, stored.events);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.events).toEqual(state.events);
    expect(Array.from(r.value.board)).toEqual(Array.from(state.board));
    expect(r.value.scores).toEqual(state.scores);
    expect(r.value.result).toEqual(state.result);
    // The trusting replay reads the reordered list too (its start check compared JSON text).
    expect(replayGame(setup, stored.events).result).toEqual(state.result);
  });

  // One row per way a stored game is wrong: what to corrupt, and the error it must give.
  const at = (i: number, change: (e: Json) => void) => (g: { events: Json[] }) =>
    change(g.events[i]!);
  type Row = [string, (g: { setup: Json; events: Json[] }) => void, object];
  const byCode: Record<Exclude<StoredGameErrorCode, 'BAD_EVENT'>, Row[]> = {
    BAD_SETUP: [['setup is a list', (g) => Object.assign(g, { setup: [] }), { code: 'BAD_SETUP', value: '[]' }]],
    BAD_RULES: [['rules with bingoBonus "7"', (g) => ((g.setup.rules as Json).bingoBonus = '7'), { code: 'BAD_RULES', error: { code: 'INVALID_RULES', problems: [{ code: 'WRONG_TYPE', field: 'bingoBonus' }] } }]],
    BAD_SEED: [['seed an object', (g) => (g.setup.seed = { s: 1 }), { code: 'BAD_SEED', value: '{"s":1}' }]],
    BAD_PLAYERS: [
      ['five players (G-01)', (g) => (g.setup.players = 5), { code: 'BAD_PLAYERS', value: '5' }],
      ['players as text', (g) => (g.setup.players = '2'), { code: 'BAD_PLAYERS', value: '"2"' }],
    ],
    NOT_A_LIST: [['events an object', (g) => Object.assign(g, { events: { 0: {} } }), { code: 'NOT_A_LIST', value: '{"0":{}}' }]],
    NO_START: [
      ['no events', (g) => g.events.splice(0), { code: 'NO_START' }],
      ['the start removed', (g) => g.events.shift(), { code: 'NO_START' }],
    ],
    ACTION_REFUSED: [['the first play by the seat not on turn', at(1, (e) => (e.seat = 1 - (e.seat as number))), { code: 'ACTION_REFUSED', index: 1, error: { code: 'NOT_YOUR_TURN' } }]],
    EVENT_MISMATCH: [
      ['a racks tile of the deal changed', at(0, (e) => ((e.racks as number[][])[0]![0] = 27)), { code: 'EVENT_MISMATCH', index: 0, field: 'racks.0.0' }],
      ['a score one point high (S-01)', at(3, (e) => (e.score = (e.score as number) + 1)), { code: 'EVENT_MISMATCH', index: 3, field: 'score' }],
      ['a draw that is not the bag’s', at(3, (e) => ((e.drew as number[])[0] = ((e.drew as number[])[0]! % 28) + 1)), { code: 'EVENT_MISMATCH', index: 3, field: 'drew.0' }],
      ['a challenge that says the play stood (C-02)', at(2, (e) => (e.valid = true)), { code: 'EVENT_MISMATCH', index: 2, field: 'valid' }],
      ['an end in place of a pass', (g) => (g.events[5] = g.events[9]!), { code: 'EVENT_MISMATCH', index: 5, field: 'kind' }],
      ['a second start', (g) => (g.events[5] = g.events[0]!), { code: 'EVENT_MISMATCH', index: 5, field: 'kind' }],
      ['final scores changed (E-05)', at(9, (e) => ((e.final as number[])[0] = 999)), { code: 'EVENT_MISMATCH', index: 9, field: 'final.0' }],
    ],
    MISSING_EVENT: [['the end removed', (g) => g.events.pop(), { code: 'MISSING_EVENT', index: 9 }]],
    EVENT_AFTER_END: [['a pass after the end', (g) => g.events.push({ kind: 'pass', seat: 0 }), { code: 'EVENT_AFTER_END', index: 10 }]],
  }; // prettier-ignore
  const byProblem: Record<StoredEventProblem, Row[]> = {
    NOT_AN_OBJECT: [['an event that is null', (g) => (g.events[4] = null as never), { index: 4, field: '', value: 'null' }]],
    UNKNOWN_KIND: [['kind "dance"', at(4, (e) => (e.kind = 'dance')), { index: 4, field: 'kind', value: '"dance"' }]],
    MISSING_FIELD: [['a play without its score', at(3, (e) => delete e.score), { index: 3, field: 'score' }]],
    UNKNOWN_FIELD: [['a pass with a score', at(5, (e) => (e.score = 0)), { index: 5, field: 'score', value: '0' }]],
    WRONG_TYPE: [
      ['a score as text', at(3, (e) => (e.score = String(e.score))), { index: 3, field: 'score' }],
      ['a direction D', at(3, (e) => (e.dir = 'D')), { index: 3, field: 'dir', value: '"D"' }],
      ['a negative time (TM-02)', at(5, (e) => (e.elapsedMs = -1)), { index: 5, field: 'elapsedMs', value: '-1' }],
      ['a draw of the opening that is not a pair (G-02)', at(0, (e) => ((e.firstDraws as unknown[][])[0]![0] = 3)), { index: 0, field: 'firstDraws.0.0', value: '3' }],
      ['bingo as 0', at(3, (e) => (e.bingo = 0)), { index: 3, field: 'bingo', value: '0' }],
    ],
    BAD_TILE: [
      ['a drawn tile past the set (T-01)', at(3, (e) => ((e.drew as number[])[0] = 29)), { index: 3, field: 'drew.0', value: '29' }],
      ['a placed blank with no letter (T-05)', at(3, (e) => ((e.tiles as number[])[0] = 0x80)), { index: 3, field: 'tiles.0', value: '128' }],
      ['an exchanged tile below zero', at(4, (e) => ((e.returned as number[])[1] = -1)), { index: 4, field: 'returned.1', value: '-1' }],
      ['an opening draw tile past the set', at(0, (e) => ((e.firstDraws as unknown[][][])[0]![1]![1] = 40)), { index: 0, field: 'firstDraws.0.1.1', value: '40' }],
    ],
    BAD_SEAT: [
      ['a pass by seat 2 of 2 players', at(5, (e) => (e.seat = 2)), { index: 5, field: 'seat', value: '2' }],
      ['a winner seat of −1', at(9, (e) => ((e.winners as number[])[0] = -1)), { index: 9, field: 'winners.0', value: '-1' }],
      ['a challenge target past the seats', at(2, (e) => (e.target = 3)), { index: 2, field: 'target', value: '3' }],
    ],
  }; // prettier-ignore
  const rows: Row[] = [
    ...Object.values(byCode).flat(),
    ...Object.entries(byProblem).flatMap(([problem, rs]) =>
      rs.map(([what, change, error]): Row => [
        what,
        change,
        { code: 'BAD_EVENT', problem, ...error },
      ]),
    ),
  ];

  it.each(rows)('refuses %s', (_, change, error) => {
    const g = json() as unknown as { setup: Json; events: Json[] };
    change(g);
    const r = replayStored(g.setup, g.events);
    expect(r).toMatchObject({ ok: false, error });
  });
});
