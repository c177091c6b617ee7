/**
 * The protocol's schemas accept exactly what the engine produces and a client may send
 * (DESIGN.md §5): views of every kind of history survive JSON and parse back equal; malformed
 * actions are refused.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../engine/gameState.js';
import { TOURNAMENT_CLOCK, makeRules } from '../engine/rules.js';
import { rigged, run, wordJudge } from '../engine/testing/games.js';
import { play, tilesOf } from '../engine/testing/positions.js';
import { viewFor } from '../engine/view.js';
import { clientActionSchema, clientView, clientViewSchema, engineAction } from './index.js';

const TABLE = { names: ['Ana', 'Luis'], bots: [false, true] };
const judge = wordJudge(['casa', 'casas', 'as', 'sos']);

/** A game with a play, a challenge that withdraws a phony, an exchange and a pass. */
function eventful(): GameState {
  const g = rigged({
    rules: makeRules('fise', { clock: TOURNAMENT_CLOCK }),
    racks: ['CASAEEE', 'SOSOIII'],
    bag: 'AEIOUAEIOUAEIOURST',
  });
  return run(
    g,
    [
      { ...play('8H', 'CASA'), seat: 0, elapsedMs: 60_000 },
      { ...play('9I', 'SOS'), seat: 1 }, // AS, SO: SO is not in the judge's list
      { kind: 'challenge', seat: 0 },
      { kind: 'exchange', seat: 0, tiles: tilesOf('EEE') },
      { kind: 'pass', seat: 1 },
    ],
    judge,
  ).state;
}

const roundTrip = (v: unknown): unknown => clientViewSchema.parse(JSON.parse(JSON.stringify(v)));

describe('clientViewSchema', () => {
  it('every viewer of a game with plays, a challenge, an exchange and a pass parses back equal', () => {
    const s = eventful();
    expect(s.events.map((e) => e.kind)).toEqual([
      'start',
      'play',
      'play',
      'challenge',
      'exchange',
      'pass',
    ]);
    for (const viewer of [0, 1, 'observer'] as const) {
      const v = clientView(viewFor(s, viewer), { ...TABLE, clock: { since: 5_000, at: 9_000 } });
      expect(roundTrip(v)).toEqual(v);
    }
  });

  it('TM-01: the clock base is the time left per seat and since when the seat on turn runs', () => {
    const s = eventful();
    const v = clientView(viewFor(s, 0), { ...TABLE, clock: { since: 5_000, at: 9_000 } });
    expect(v.clock).toEqual({
      remainingMs: [25 * 60_000 - 60_000, 25 * 60_000],
      running: 0,
      since: 5_000,
      at: 9_000,
    });
    expect(v.seats).toEqual([
      { name: 'Ana', score: 12, rackCount: 7, bot: false },
      { name: 'Luis', score: 0, rackCount: 7, bot: true },
    ]);
  });

  it('C-04 automatic, E-06 and the end: rejected plays, acceptance and the typed result', () => {
    const g = rigged({ rules: makeRules('sala'), racks: ['CAS', 'AS'], bag: '' });
    const s = run(
      g,
      [
        { ...play('8H', 'CAS'), seat: 0 }, // not a word: taken back, the turn is lost
        { ...play('8H', 'AS'), seat: 1 }, // Luis goes out (E-01)
      ],
      judge,
    ).state;
    const v = clientView(viewFor(s, 0), TABLE);
    expect(v.history.map((h) => h.kind)).toEqual(['rejected', 'play']);
    expect(v.phase).toBe('over');
    expect(v.result?.reason).toBe('out');
    expect(v.clock).toBeNull();
    expect(roundTrip(v)).toEqual(v);
  });

  it('G-02: the opening draw goes to every viewer; a view from an older server, without it, parses', () => {
    const s = eventful();
    const start = s.events[0]!;
    if (start.kind !== 'start') throw new Error('no start');
    for (const viewer of [0, 1, 'observer'] as const) {
      const v = clientView(viewFor(s, viewer), TABLE);
      expect(v.opening).toEqual({
        first: start.first,
        draws: start.firstDraws.map((r) => r.map(([seat, tile]) => ({ seat, tile }))),
      });
    }
    const older: Record<string, unknown> = { ...clientView(viewFor(s, 0), TABLE) };
    delete older['opening'];
    expect(clientViewSchema.parse(older).opening).toBeNull();
  });

  it('refuses an opening draw that is not one: a seat past the table, a round with nobody', () => {
    const v = clientView(viewFor(eventful(), 0), TABLE);
    const bad = [
      { first: 4, draws: [] },
      { first: 0, draws: [[{ seat: 5, tile: 1 }]] },
      { first: 0, draws: [[]] },
      { first: 0, draws: [[{ seat: 0, tile: 300 }]] },
    ];
    for (const opening of bad)
      expect(clientViewSchema.safeParse({ ...v, opening }).success, JSON.stringify(opening)).toBe(
        false,
      );
  });

  it('refuses a view that is not one: a short board, a tile code out of range, no phase', () => {
    const v = clientView(viewFor(eventful(), 0), TABLE);
    expect(clientViewSchema.safeParse({ ...v, board: v.board.slice(1) }).success).toBe(false);
    expect(clientViewSchema.safeParse({ ...v, rack: [300] }).success).toBe(false);
    expect(clientViewSchema.safeParse({ ...v, phase: undefined }).success).toBe(false);
    const badHistory = [{ kind: 'play', seat: 0 }];
    expect(clientViewSchema.safeParse({ ...v, history: badHistory }).success).toBe(false);
  });
});

describe('clientActionSchema', () => {
  it('accepts each kind of action with the version it was based on', () => {
    const actions = [
      { kind: 'place', version: 3, row: 7, col: 7, dir: 'H', tiles: tilesOf('CASA') },
      { kind: 'exchange', version: 3, tiles: [0, 1] },
      { kind: 'pass', version: 3 },
      { kind: 'challenge', version: 3 },
      { kind: 'accept', version: 3 },
      { kind: 'resign', version: 3 },
    ];
    for (const a of actions)
      expect(clientActionSchema.parse(JSON.parse(JSON.stringify(a)))).toEqual(a);
  });

  it('refuses what a client may not send: no version, a seat, an unknown kind, off the board', () => {
    const bad = [
      { kind: 'pass' },
      { kind: 'pass', version: 3, seat: 1 },
      { kind: 'pass', version: -1 },
      { kind: 'shout', version: 3 },
      { kind: 'place', version: 3, row: 15, col: 0, dir: 'H', tiles: [1] },
      { kind: 'place', version: 3, row: 7, col: 7, dir: 'D', tiles: [1] },
      { kind: 'exchange', version: 3, tiles: [] },
      { kind: 'exchange', version: 3, tiles: [1.5] },
    ];
    for (const a of bad)
      expect(clientActionSchema.safeParse(a).success, JSON.stringify(a)).toBe(false);
  });

  it('a parsed action becomes the engine action of the sender seat', () => {
    const a = clientActionSchema.parse({ kind: 'pass', version: 3 });
    expect(engineAction(a, 1, { turn: 1, elapsedMs: 2_000 })).toEqual({
      kind: 'pass',
      version: 3,
      seat: 1,
      elapsedMs: 2_000,
    });
  });

  it('a claim becomes the resignation of the seat on turn, claimed by the sender', () => {
    const a = clientActionSchema.parse({ kind: 'claim', version: 7 });
    expect(engineAction(a, 0, { turn: 1 })).toEqual({
      kind: 'resign',
      seat: 1,
      claimedBy: 0,
      version: 7,
    });
  });
});
