import { describe, expect, it } from 'vitest';
import { makeRules } from '../rules.js';
import { run, wordJudge } from '../testing/games.js';
import { newGame } from '../newGame.js';
import { rackToTiles as rackTiles, rackValue } from '../tiles.js';
import { SPANISH, tilesToGcg } from '../tiles.js';
import { gameFromGcg, gameToGcg } from './gameRecord.js';
import { parseGcgText, writeGcg } from './gcg.js';
import { replayRecord } from './recordAudit.js';

const judge = wordJudge(['casa', 'casas', 'as', 'xa']);

describe('gameToGcg (N-02, N-05)', () => {
  const seatOrder = makeRules('fise', { firstPlayer: 'seat' });

  it('E-02, E-05: passes are written with racks, then each own-rack penalty', () => {
    const s0 = newGame({ rules: seatOrder, seed: 'gcg-pass', players: 2 });
    const pass = (seat: number) => ({ kind: 'pass' as const, seat });
    const { state } = run(s0, [pass(0), pass(1), pass(0), pass(1)]);
    const rack = (seat: number) => tilesToGcg(SPANISH, rackTiles(s0.racks[seat]!), '?');
    const value = (seat: number) => rackValue(SPANISH, s0.racks[seat]!);
    const text = writeGcg(gameToGcg(state, { names: ['Ana', 'Beto'] }));
    expect(text).toContain(`>Ana: ${rack(0)} - +0 0\n>Beto: ${rack(1)} - +0 0\n`);
    expect(text).toContain(`>Ana: ${rack(0)} (${rack(0)}) -${value(0)} -${value(0)}`);
    expect(text).toContain(`>Beto: ${rack(1)} (${rack(1)}) -${value(1)} -${value(1)}`);
    expect(text).toContain('#player1 Ana Ana');
  });

  it("a record for one seat's eyes leaves out the other racks, the other exchanged tiles and the seed", () => {
    const s0 = newGame({ rules: seatOrder, seed: 'gcg-viewer', players: 2 });
    const first = rackTiles(s0.racks[1]!).slice(0, 2);
    const { state } = run(s0, [
      { kind: 'pass', seat: 0 },
      { kind: 'exchange', seat: 1, tiles: first },
      { kind: 'pass', seat: 0 },
    ]);
    const own = tilesToGcg(SPANISH, rackTiles(s0.racks[0]!), '?');
    const text = writeGcg(gameToGcg(state, { names: ['Ana', 'Beto'], viewer: 0 }));
    expect(text).toContain(`>Ana: ${own} - +0 0
>Beto: -2 +0 0
>Ana: ${own} - +0 0
`);
    expect(text).not.toContain('#atril-seed');
    expect(text).not.toContain(tilesToGcg(SPANISH, rackTiles(s0.racks[1]!), '?'));
    // It still reads back as a record, but not as a game to go on with.
    const parsed = parseGcgText(text);
    if (!parsed.ok) throw new Error(parsed.error.code);
    expect(gameFromGcg(parsed.value.record, judge)).toMatchObject({
      ok: false,
      error: { code: 'NOT_AN_ATRIL_RECORD' },
    });
  });

  it('C-02: a withdrawn play is written as -- with the challenger noted', () => {
    const s0 = newGame({ rules: seatOrder, seed: 'gcg-phony', players: 2 });
    const two = rackTiles(s0.racks[0]!)
      .slice(0, 2)
      .map((t) => (t === 0 ? 1 | 0x80 : t));
    const move = { kind: 'place' as const, seat: 0, row: 7, col: 7, dir: 'H' as const, tiles: two };
    const { state, events } = run(s0, [move, { kind: 'challenge', seat: 1 }], wordJudge([]));
    const score = events[0]!.kind === 'play' ? events[0]!.score : NaN;
    const rack = tilesToGcg(SPANISH, rackTiles(s0.racks[0]!), '?');
    const text = writeGcg(gameToGcg(state, { names: ['Ana', 'Beto'] }));
    expect(text).toContain(
      `>Ana: ${rack} 8H ${tilesToGcg(SPANISH, two)} +${score} ${score}\n>Ana: ${rack} -- -${score} 0\n#note atril-challenger 2\n`,
    );
  });

  it('round trip: the written record replays with every score right and rebuilds the game', () => {
    const rules = makeRules('fise', { challengeMode: 'penalty', challengePenalty: 5 });
    let s = newGame({ rules, seed: 'gcg', players: 2 });
    s = run(s, [{ kind: 'exchange', seat: s.turn, tiles: [...s.racks[s.turn]!.keys()].filter((c) => s.racks[s.turn]![c]! > 0).slice(0, 1) }, { kind: 'pass', seat: 1 - s.turn }]).state; // prettier-ignore
    const parsed = parseGcgText(writeGcg(gameToGcg(s)));
    if (!parsed.ok) throw new Error(parsed.error.code);
    const replay = replayRecord(parsed.value.record);
    expect(replay.ok && replay.value.mismatches).toEqual([]);
    const back = gameFromGcg(parsed.value.record, judge);
    expect(back.ok && JSON.stringify(back.value.events)).toBe(JSON.stringify(s.events));
  });

  it('E-06: a record written while the last play awaits an answer rebuilds a game still waiting', () => {
    // V-02 with a target of 1: the opening play reaches it and opens the final challenge window.
    const rules = makeRules('fise', { firstPlayer: 'seat', targetScore: 1 });
    const s0 = newGame({ rules, seed: 'gcg-window', players: 2 });
    const two = rackTiles(s0.racks[0]!)
      .filter((t) => t !== 0)
      .slice(0, 2);
    const move = { kind: 'place' as const, seat: 0, row: 7, col: 7, dir: 'H' as const, tiles: two };
    const { state } = run(s0, [move]);
    expect(state.result).toBeNull();
    const parsed = parseGcgText(writeGcg(gameToGcg(state)));
    if (!parsed.ok) throw new Error(parsed.error.code);
    const back = gameFromGcg(parsed.value.record, judge);
    if (!back.ok) throw new Error(back.error.code);
    expect(back.value.result).toBeNull();
    expect(JSON.stringify(back.value.events)).toBe(JSON.stringify(state.events));
    // Once accepted, the record is a finished game's, and reads back finished.
    const done = run(state, [{ kind: 'pass', seat: 1 }]).state;
    const parsedDone = parseGcgText(writeGcg(gameToGcg(done)));
    if (!parsedDone.ok) throw new Error(parsedDone.error.code);
    const backDone = gameFromGcg(parsedDone.value.record, judge);
    expect(backDone.ok && backDone.value.result).toEqual(done.result);
  });

  it('a claimed game: #atril-resign names the absent player and #atril-claim who claimed, and it reads back claimed', () => {
    const s0 = newGame({ rules: seatOrder, seed: 'gcg-claim', players: 2 });
    const { state } = run(s0, [
      { kind: 'pass', seat: 0 },
      { kind: 'resign', seat: 1, claimedBy: 0 },
    ]);
    const text = writeGcg(gameToGcg(state, { names: ['Ana', 'Beto'] }));
    expect(text).toContain('#atril-resign 2\n#atril-claim 1\n');
    const parsed = parseGcgText(text);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const back = gameFromGcg(parsed.value.record, judge);
    expect(back.ok && back.value.events.at(-2)).toEqual({ kind: 'resign', seat: 1, claimedBy: 0 });
    expect(back.ok && JSON.stringify(back.value.events)).toBe(JSON.stringify(state.events));
    // A plain resignation has no claim line.
    const resigned = run(s0, [{ kind: 'resign', seat: 1 }]).state;
    expect(writeGcg(gameToGcg(resigned))).not.toContain('#atril-claim');
    // A claim from the player on turn, or by nobody at the table, is refused as the engine does.
    for (const [claim, code] of [
      ['#atril-claim 2', 'BAD_ACTION'],
      ['#atril-claim x', 'BAD_ACTION'],
    ] as const) {
      const bad = parseGcgText(text.replace('#atril-claim 1', claim));
      if (!bad.ok) throw new Error(bad.error.code);
      expect(gameFromGcg(bad.value.record, judge)).toMatchObject({
        ok: false,
        error: { code: 'ACTION_REFUSED', error: { code } },
      });
    }
    const offTurn = parseGcgText(
      text
        .replace('#atril-resign 2', '#atril-resign 1')
        .replace('#atril-claim 1', '#atril-claim 2'),
    );
    if (!offTurn.ok) throw new Error(offTurn.error.code);
    expect(gameFromGcg(offTurn.value.record, judge)).toMatchObject({
      ok: false,
      error: { code: 'ACTION_REFUSED', error: { code: 'NOT_CLAIMABLE' } },
    });
  });

  it('E-07: #atril-vacant names the seats nobody took, and the record reads back with the same winners', () => {
    const s0 = newGame({ rules: seatOrder, seed: 'gcg-vacant', players: 3 });
    const { state } = run(s0, [{ kind: 'resign', seat: 0, vacant: [2] }]);
    expect(state.result?.winners).toEqual([1]);
    const text = writeGcg(gameToGcg(state, { names: ['Ana', 'Beto', 'Invitado'] }));
    expect(text).toContain('#atril-resign 1\n#atril-vacant 3\n');
    const parsed = parseGcgText(text);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const back = gameFromGcg(parsed.value.record, judge);
    expect(back.ok && back.value.result?.winners).toEqual([1]);
    expect(back.ok && JSON.stringify(back.value.events)).toBe(JSON.stringify(state.events));
    // Without the pragma the empty seat would tie for the win, as it did before it existed.
    const without = parseGcgText(text.replace('#atril-vacant 3\n', ''));
    if (!without.ok) throw new Error(without.error.code);
    const tie = gameFromGcg(without.value.record, judge);
    expect(tie.ok && tie.value.result?.winners).toEqual([1, 2]);
    // A resignation with every seat taken writes no such line; one naming no seat is refused.
    const plain = run(s0, [{ kind: 'resign', seat: 0 }]).state;
    expect(writeGcg(gameToGcg(plain))).not.toContain('#atril-vacant');
    for (const bad of ['4', 'x', '']) {
      const p = parseGcgText(text.replace('#atril-vacant 3', `#atril-vacant ${bad}`));
      if (!p.ok) throw new Error(p.error.code);
      expect(gameFromGcg(p.value.record, judge)).toMatchObject({
        ok: false,
        error: { code: 'ACTION_REFUSED', error: { code: 'BAD_ACTION' } },
      });
    }
  });

  it('gameFromGcg refuses a record without the Atril pragmas', () => {
    const parsed = parseGcgText('#player1 a A\n#player2 b B\n>a: AB - +0 0\n');
    if (!parsed.ok) throw new Error(parsed.error.code);
    expect(gameFromGcg(parsed.value.record, judge)).toMatchObject({
      ok: false,
      error: { code: 'NOT_AN_ATRIL_RECORD' },
    });
  });
});

describe('gameFromGcg checks the #atril-rules and #atril-seed pragmas (trust boundary)', () => {
  const rules = makeRules('fise', { firstPlayer: 'seat' });
  const record = (pragmas: string): string =>
    `#player1 a A\n#player2 b B\n${pragmas}>a: ABC - +0 0\n`;
  const fromText = (text: string) => {
    const parsed = parseGcgText(text);
    if (!parsed.ok) throw new Error(parsed.error.code);
    return gameFromGcg(parsed.value.record, judge);
  };
  const rulesWith = (field: string, value: unknown): string =>
    JSON.stringify({ ...rules, [field]: value });

  it('rebuilds a game whose pragmas are valid', () => {
    expect(fromText(record(`#atril-rules ${JSON.stringify(rules)}\n#atril-seed "s"\n`)).ok).toBe(
      true,
    );
  });

  // One row per way the pragmas can be wrong; the rules rows name the field and the code.
  it.each([
    ['bingoBonus as text ("7" once scored 0247)', rulesWith('bingoBonus', '7'), '"s"', { code: 'BAD_RULES_PRAGMA', error: { code: 'INVALID_RULES', problems: [{ code: 'WRONG_TYPE', field: 'bingoBonus' }] } }],
    ['passesToEnd zero (E-02)', rulesWith('passesToEnd', 0), '"s"', { code: 'BAD_RULES_PRAGMA', error: { code: 'INVALID_RULES', problems: [{ code: 'OUT_OF_RANGE', field: 'passesToEnd' }] } }],
    ['firstPlayer banana (G-02)', rulesWith('firstPlayer', 'banana'), '"s"', { code: 'BAD_RULES_PRAGMA', error: { code: 'INVALID_RULES', problems: [{ code: 'NOT_ALLOWED', field: 'firstPlayer' }] } }],
    ['rules that are not JSON', '{fise}', '"s"', { code: 'BAD_RULES_PRAGMA', error: { code: 'NOT_AN_OBJECT', value: '{fise}' } }],
    ['rules that are a name', '"fise"', '"s"', { code: 'BAD_RULES_PRAGMA', error: { code: 'NOT_AN_OBJECT', value: '"fise"' } }],
    ['a seed that is not JSON', JSON.stringify(rules), 's', { code: 'BAD_SEED_PRAGMA', value: 's' }],
    ['a seed that is an object', JSON.stringify(rules), '{"a":1}', { code: 'BAD_SEED_PRAGMA', value: '{"a":1}' }],
  ])('refuses %s', (_, rulesText, seedText, error) => {
    expect(fromText(record(`#atril-rules ${rulesText}\n#atril-seed ${seedText}\n`))).toMatchObject({
      ok: false,
      error,
    });
  }); // prettier-ignore

  it('refuses a record with rules but no seed as not an Atril record', () => {
    expect(fromText(record(`#atril-rules ${JSON.stringify(rules)}\n`))).toMatchObject({
      ok: false,
      error: { code: 'NOT_AN_ATRIL_RECORD' },
    });
  });
});

describe('replayRecord reads #atril-rules through the rules constructor', () => {
  const record = (rules: string) => {
    const parsed = parseGcgText(
      `#atril-rules ${rules}\n#player1 a A\n#player2 b B\n>a: ABC - +0 0\n`,
    );
    if (!parsed.ok) throw new Error(parsed.error.code);
    return parsed.value.record;
  };

  it('a partial object overrides the fise preset (V-01: {"rackSize":9})', () => {
    expect(replayRecord(record('{"rackSize":9}')).ok).toBe(true);
  });

  it.each([
    ['{"rackSize":"9"}', { code: 'INVALID_RULES', problems: [{ code: 'WRONG_TYPE', field: 'rackSize' }] }],
    ['{"passesToEnd":0}', { code: 'INVALID_RULES', problems: [{ code: 'OUT_OF_RANGE', field: 'passesToEnd' }] }],
    ['{"preset":"constructor"}', { code: 'UNKNOWN_PRESET', value: 'constructor' }],
    ['reglas', { code: 'NOT_AN_OBJECT', value: 'reglas' }],
  ])('refuses %s', (rules, error) => {
    expect(replayRecord(record(rules))).toMatchObject({ ok: false, error: { code: 'BAD_RULES', rules: error } });
  }); // prettier-ignore
});
