import { describe, expect, it } from 'vitest';
import { initialState } from './gameState.js';
import { newGame } from './newGame.js';
import { PRESETS, makeRules } from './rules.js';
import { replayStored } from './stored.js';
import { ANY_WORD, rigged, run, wordJudge } from './testing/games.js';
import { play, tilesOf } from './testing/positions.js';
import { type Viewer, eventsFor, unseenTiles, viewFor } from './view.js';
import { SPANISH, fullDistribution, parseNotation } from './tiles.js';
import { unwrap } from './testing/unwrap.js';

const tiles = (t: string) => unwrap(parseNotation(SPANISH, t, { allowUndesignatedBlank: true }));

describe('viewFor: what each seat may see (DESIGN §5)', () => {
  const g = rigged({ racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUXYZ' });
  const { state } = run(g, [
    { ...play('8H', 'CASA'), seat: 0 },
    { kind: 'exchange', seat: 1, tiles: tiles('OOO') },
  ]);

  it('a seat sees its own rack and never the others', () => {
    const v0 = viewFor(state, 0);
    const v1 = viewFor(state, 1);
    expect(v0.rack).toEqual(tiles('EEEAEIO').sort((a, b) => a - b));
    expect(v1.rack).toHaveLength(7);
    const text = JSON.stringify(v0);
    // Seat 1's exchanged tiles show to seat 1 only; seat 0 sees the count.
    expect(v0.history[1]).toMatchObject({ kind: 'exchange', count: 3, tiles: null });
    expect(v1.history[1]).toMatchObject({ kind: 'exchange', count: 3, tiles: tiles('OOO') });
    expect(text).not.toContain('"bag"');
    expect(text).not.toContain('racks');
    expect(v0.rackCounts).toEqual([7, 7]);
  });

  it("TM-02: each entry of a timed game carries its turn's time on the clock; an untimed one none", () => {
    const timed = rigged({
      rules: makeRules('fise', { clock: { minutesPerPlayer: 25, penaltyPerMinute: 10 } }),
      racks: ['CASAEEE', 'SEOOOII'],
      bag: 'AEIOUAEIOUXYZ',
    });
    const { state: s } = run(timed, [
      { ...play('8H', 'CASA'), seat: 0, elapsedMs: 61_000 },
      { kind: 'pass', seat: 1, elapsedMs: 1_500 },
    ]);
    expect(viewFor(s, 'observer').history.map((h) => h.elapsedMs)).toEqual([61_000, 1_500]);
    expect(viewFor(state, 0).history.every((h) => !('elapsedMs' in h))).toBe(true);
  });

  it('no view carries the seed or the PRNG state, which would predict every draw', () => {
    const secret = newGame({ rules: PRESETS.fise, seed: 'semilla-secreta-42', players: 2 });
    for (const viewer of [0, 1, 'observer'] as const) {
      const text = JSON.stringify(viewFor(secret, viewer));
      expect(text).not.toContain('semilla-secreta-42');
      expect(text).not.toMatch(/"(seed|rng|bag|events)"/);
    }
  });

  it('an observer sees board and scores but no rack', () => {
    const v = viewFor(state, 'observer');
    expect(v.rack).toBeNull();
    expect(v.lastDrawn).toEqual([]);
    expect(v.scores).toEqual([12, 0]);
    expect(v.board[7 * 15 + 7]).toBe(3);
  });

  it('shows bag count, turn, the last play (8H: row 7, column 7, across) and the rules', () => {
    const v = viewFor(state, 0);
    expect(v.bagCount).toBe(13 - 4);
    expect(v.turn).toBe(0);
    expect(v.lastPlay).toEqual({
      seat: 0,
      row: 7,
      col: 7,
      dir: 'H',
      tiles: tilesOf('CASA'),
      words: [tilesOf('CASA')],
      score: 12,
      bingo: false,
      squares: [112, 113, 114, 115],
    });
    expect(v.rules).toEqual(PRESETS.fise);
    expect(v.phase).toBe('playing');
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it('canChallenge only for another seat while the play is open (C-01)', () => {
    const s = run(g, [{ ...play('8H', 'CASA'), seat: 0 }]).state;
    expect(viewFor(s, 1).canChallenge).toBe(true);
    expect(viewFor(s, 0).canChallenge).toBe(false);
    expect(viewFor(state, 0).canChallenge).toBe(false);
  });

  it('a withdrawn play is no longer the last play', () => {
    const s = run(
      g,
      [
        { ...play('8H', 'CASA'), seat: 0 },
        { kind: 'challenge', seat: 1 },
      ],
      wordJudge([]),
    ).state;
    expect(viewFor(s, 1).lastPlay).toBeNull();
    expect(viewFor(s, 1).history.map((h) => h.kind)).toEqual(['play', 'challenge']);
    // C-02: the target's total after the withdrawal, for the history's `--` line.
    expect(viewFor(s, 1).history[1]).toMatchObject({
      target: 0,
      targetTotal: 0,
      valid: false,
      withdrawn: 12,
    });
  });

  it('E-06: the final challenge window and the result are shown', () => {
    const end = rigged({ racks: ['CASA', 'XA'] });
    const s = run(end, [{ ...play('8H', 'CASA'), seat: 0 }]).state;
    expect(viewFor(s, 1).phase).toBe('final-challenge');
    const over = run(s, [{ kind: 'pass', seat: 1 }], ANY_WORD).state;
    const v = viewFor(over, 0);
    expect(v.phase).toBe('over');
    expect(v.result).toMatchObject({
      reason: 'out',
      final: [21, -9],
      winners: [0],
      racks: [[], tiles('AX')],
    });
  });
});

describe('viewFor: the opening draw (G-02)', () => {
  it('G-02: every viewer sees each round of the draw and who started, ties and blanks included', () => {
    // Seed 56, 3 players: L E E; the two E draw again (L L), and again (I E): seat 2 starts.
    const s = newGame({ rules: PRESETS.fise, seed: 56, players: 3 });
    const start = s.events[0]!;
    if (start.kind !== 'start') throw new Error('no start');
    expect(start.firstDraws.length).toBe(3);
    for (const viewer of [0, 1, 2, 'observer'] as const) {
      const v = viewFor(s, viewer);
      expect(v.opening).toEqual({
        first: start.first,
        draws: start.firstDraws.map((r) => r.map(([seat, tile]) => ({ seat, tile }))),
      });
    }
    expect(viewFor(s, 0).opening?.draws[2]).toEqual([
      { seat: 1, tile: 10 },
      { seat: 2, tile: 6 },
    ]);
    // A blank (code 0) wins the draw.
    const blank = newGame({ rules: PRESETS.fise, seed: 67, players: 2 });
    expect(viewFor(blank, 0).opening).toEqual({
      first: 1,
      draws: [
        [
          { seat: 0, tile: 6 },
          { seat: 1, tile: 0 },
        ],
      ],
    });
  });

  it('G-02: a game read back from its stored events shows the same opening', () => {
    const s = newGame({ rules: PRESETS.fise, seed: 129, players: 2 });
    const stored = JSON.parse(JSON.stringify(s.events)) as unknown;
    const back = replayStored({ rules: s.rules, seed: 129, players: 2 }, stored);
    if (!back.ok) throw new Error(back.error.code);
    expect(viewFor(back.value, 1).opening).toEqual(viewFor(s, 1).opening);
    expect(viewFor(s, 1).opening?.draws).toHaveLength(2); // A A, then L P: seat 0 starts
  });

  it('G-02: seats in order draw nothing; before the start there is no opening', () => {
    const rules = makeRules('fise', { firstPlayer: 'seat' });
    const s = newGame({ rules, seed: 5, players: 3 });
    expect(viewFor(s, 'observer').opening).toEqual({ first: 0, draws: [] });
    expect(viewFor(initialState({ rules, seed: 5, players: 3 }), 0).opening).toBeNull();
  });
});

describe('unseenTiles', () => {
  it('is the full set minus the board and the own rack (bag + opponents)', () => {
    const s = newGame({ rules: PRESETS.fise, seed: 4, players: 2 });
    const u = unseenTiles(s, 0);
    const full = fullDistribution(SPANISH);
    let n = 0;
    u.forEach((c, i) => {
      expect(c).toBe(full[i]! - s.racks[0]![i]!);
      n += c;
    });
    expect(n).toBe(93);
    expect(unseenTiles(s, 'observer').reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('counts a blank on the board as a blank', () => {
    const g = rigged({ racks: ['?ASA', 'E'], bag: 'EEEE' });
    const s = run(g, [{ ...play('8H', 'cASA'), seat: 0 }]).state;
    const u = unseenTiles(s, 'observer');
    expect(u[0]).toBe(1);
    expect(u[3]).toBe(4); // all four real C tiles are unseen
  });
});

describe('eventsFor: the event list each viewer may see (DESIGN §5)', () => {
  const g = newGame({ rules: PRESETS.fise, seed: 'semilla-secreta-7', players: 2 });
  const s = run(g, [{ kind: 'pass', seat: g.turn }]).state;

  it('a seat sees its own dealt rack; the other rack is only counted, the seed is hidden', () => {
    const start = s.events[0]!;
    if (start.kind !== 'start') throw new Error('no start');
    const mine = eventsFor(s, 0);
    expect(mine.seed).toBeNull();
    expect(mine.events[0]).toMatchObject({ racks: [start.racks[0], { hidden: 7 }] });
    expect(eventsFor(s, 'observer').events[0]).toMatchObject({
      racks: [{ hidden: 7 }, { hidden: 7 }],
    });
    expect(JSON.stringify(eventsFor(s, 1))).not.toContain('semilla-secreta-7');
    expect(eventsFor(s, 1, 1)).toEqual({ seed: null, from: 1, events: [s.events[1]] });
  });

  it('an exchange shows its tiles to the seat that made it, and their count to the others', () => {
    const x = rigged({ racks: ['CASAEEE', 'SEOOOII'], bag: 'AEIOUAEIOUXYZ' });
    const after = run(x, [{ kind: 'exchange', seat: 0, tiles: tiles('EEE') }]).state;
    const last = (v: Viewer) => eventsFor(after, v).events.at(-1);
    expect(last(0)).toMatchObject({ returned: tiles('EEE'), drew: tiles('AEI') });
    expect(last(1)).toMatchObject({ returned: { hidden: 3 }, drew: { hidden: 3 } });
  });

  it('once the game is over every event and the seed are public', () => {
    const over = run(s, [{ kind: 'resign', seat: 0 }]).state;
    expect(eventsFor(over, 1)).toEqual({ seed: 'semilla-secreta-7', from: 0, events: over.events });
  });
});
