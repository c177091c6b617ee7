/**
 * Property tests of the game engine: thousands of seeded random games (random legal plays from
 * a real Spanish word list, phonies, challenges, exchanges, passes, resignations), 2–4 players,
 * every preset, challenge mode and variant. After every action: the 100 tiles are accounted
 * for and the scores equal the sum of the events; every game ends; the same seed gives the
 * same events, and replaying the events gives the same state; the GCG record written for a
 * game replays with every score and total right, and reading it back rebuilds the same game;
 * the events stored as jsonb (keys reordered) replay through `replayStored` to the same state.
 */
import { describe, expect, it } from 'vitest';
import { bagCounts } from '../src/engine/bag.js';
import { apply } from '../src/engine/apply.js';
import type { GameSetup, GameState } from '../src/engine/gameState.js';
import { newGame, replayGame } from '../src/engine/newGame.js';
import type { GameEvent } from '../src/engine/events.js';
import {
  type ChallengeMode,
  type PresetName,
  TOURNAMENT_CLOCK,
  makeRules,
} from '../src/engine/rules.js';
import { Rng, seedRng } from '../src/engine/rng.js';
import { type WordIndex, randomAction } from '../src/engine/testing/randomPlayer.js';
import { gameFromGcg, gameToGcg } from '../src/engine/notation/gameRecord.js';
import { parseGcgText, writeGcg } from '../src/engine/notation/gcg.js';
import { replayRecord } from '../src/engine/notation/recordAudit.js';
import { replayStored } from '../src/engine/stored.js';
import { jsonbCopy } from '../src/engine/testing/jsonb.js';
import { BLANK, BLANK_FLAG, SPANISH, fullDistribution } from '../src/engine/tiles.js';
import { loadWords } from './helpers/spanishWords.js';

const GAMES = Number(process.env.ATRIL_PROPERTY_GAMES ?? 1000);

const PRESET_NAMES: PresetName[] = ['fise', 'caja', 'sala'];
const MODES: ChallengeMode[] = ['single', 'double', 'penalty', 'automatic', 'void'];

/** A random but seed-determined setup covering presets, modes and variants. */
function setupFor(seed: number): GameSetup {
  const r = new Rng(seedRng(`setup-${seed}`));
  const preset = PRESET_NAMES[seed % 3]!;
  const overrides: Record<string, unknown> = {};
  if (r.below(2)) overrides.challengeMode = MODES[r.below(MODES.length)];
  if (r.below(2)) overrides.challengePenalty = [0, 5, 10][r.below(3)];
  if (r.below(3) === 0) overrides.challengePenaltyPer = 'word';
  if (r.below(4) === 0) overrides.rackSize = 9;
  if (r.below(5) === 0) overrides.targetScore = 100 + r.below(200);
  if (r.below(4) === 0) overrides.clock = TOURNAMENT_CLOCK;
  if (r.below(4) === 0) overrides.endRackScoring = 'naspa';
  if (r.below(3) === 0) overrides.firstPlayer = 'seat';
  return { rules: makeRules(preset, overrides), seed: `game-${seed}`, players: 2 + r.below(3) };
}

function checkTiles(s: GameState): void {
  const counts = bagCounts(SPANISH, s.bag);
  for (const r of s.racks) r.forEach((n, c) => (counts[c]! += n));
  for (const t of s.board) if (t) counts[t & BLANK_FLAG ? BLANK : t]!++;
  expect(Array.from(counts)).toEqual(Array.from(fullDistribution(SPANISH)));
}

/** The scores implied by the events alone. */
function scoresFromEvents(players: number, events: readonly GameEvent[]): number[] {
  const s = new Array<number>(players).fill(0);
  for (const e of events) {
    if (e.kind === 'play') s[e.seat]! += e.score;
    else if (e.kind === 'rejected') s[e.seat]! -= e.penalty;
    else if (e.kind === 'challenge') {
      s[e.target]! -= e.withdrawn;
      s[e.seat]! -= e.penalty;
    } else if (e.kind === 'end') {
      for (let k = 0; k < players; k++) {
        expect(e.before[k]).toBe(s[k]);
        s[k] = s[k]! + e.rackAdjust[k]! - e.timePenalty[k]!;
      }
    }
  }
  return s;
}

/** Plays one game to the end and returns its final state. */
function playGame(setup: GameSetup, words: WordIndex, checkEvery: boolean): GameState {
  const rng = new Rng(seedRng(`moves-${String(setup.seed)}`));
  let s = newGame(setup);
  for (let step = 0; step < 2000 && !s.result; step++) {
    const action = randomAction(s, words, rng);
    const timed = setup.rules.clock ? { ...action, elapsedMs: rng.below(200_000) } : action;
    const r = apply(s, timed, words);
    if (!r.ok) {
      // Only phonies in void mode may be refused: nothing changes, the player tries again.
      expect(r.error.code).toBe('INVALID_WORD');
      expect(setup.rules.challengeMode).toBe('void');
      continue;
    }
    expect(r.value.state.events.slice(s.events.length)).toEqual(r.value.events);
    s = r.value.state;
    if (checkEvery) {
      checkTiles(s);
      expect(s.scores).toEqual(scoresFromEvents(s.players, s.events));
    }
  }
  return s;
}

const withoutTime = (events: readonly GameEvent[]): string =>
  JSON.stringify(events, (k, v: unknown) => (k === 'elapsedMs' ? undefined : v));

/** Written GCG → parsed → replayed by recordAudit.ts (scores, totals) → rebuilt by gameFromGcg. */
function checkGcgRoundTrip(s: GameState, words: WordIndex): void {
  const text = writeGcg(gameToGcg(s));
  const parsed = parseGcgText(text);
  if (!parsed.ok) throw new Error(`unreadable GCG: ${parsed.error.code}\n${text}`);
  const replay = replayRecord(parsed.value.record, { isWord: (t) => words.isWord(t) });
  if (!replay.ok) throw new Error(`GCG does not replay: ${JSON.stringify(replay.error)}\n${text}`);
  expect(replay.value.mismatches, text).toEqual([]);
  expect(replay.value.final.players.map((p) => p.computed)).toEqual(s.scores);
  expect(replay.value.final.players.every((p) => p.ok)).toBe(true);
  // Where words are checked on submission, no invalid word stands (unchallenged phonies may).
  if (s.rules.challengeMode === 'void' || s.rules.challengeMode === 'automatic')
    expect(replay.value.invalidWords.filter((w) => !w.withdrawn)).toEqual([]);
  expect(Array.from(replay.value.board)).toEqual(Array.from(s.board));
  const back = gameFromGcg(parsed.value.record, words);
  if (!back.ok) throw new Error(`GCG does not rebuild: ${JSON.stringify(back.error)}\n${text}`);
  expect(withoutTime(back.value.events)).toBe(withoutTime(s.events));
  expect(back.value.result).toEqual(s.result);
}

/**
 * Stored as PostgreSQL jsonb would give it back (every object's keys reordered), the game
 * replays through the untrusted-input path to the same state.
 */
function checkStoredRoundTrip(setup: GameSetup, s: GameState): void {
  const r = replayStored(jsonbCopy(setup), jsonbCopy(s.events));
  if (!r.ok) throw new Error(`stored game does not replay: ${JSON.stringify(r.error)}`);
  expect(r.value.events).toEqual(s.events);
  expect(r.value.scores).toEqual(s.scores);
  expect(r.value.result).toEqual(s.result);
}

describe(`property: ${GAMES} seeded random games`, () => {
  const words = loadWords();
  const reasons = new Map<string, number>();
  const kinds = new Map<string, number>();
  const combos = new Set<string>();

  it('tiles are always accounted for, totals equal the events, every game ends, replay agrees', () => {
    for (let seed = 0; seed < GAMES; seed++) {
      const setup = setupFor(seed);
      const s = playGame(setup, words, seed % 4 === 0);
      expect(s.result, `game ${seed} did not end`).not.toBeNull();
      checkTiles(s);
      expect(s.scores).toEqual(scoresFromEvents(s.players, s.events));
      expect(s.result!.final).toEqual(s.scores);
      const again = replayGame(setup, s.events);
      expect(Array.from(again.board)).toEqual(Array.from(s.board));
      expect(again.scores).toEqual(s.scores);
      expect(again.result).toEqual(s.result);
      if (seed % 2 === 1) checkStoredRoundTrip(setup, s);
      if (seed % 2 === 0) {
        checkGcgRoundTrip(s, words);
        combos.add(`${setup.rules.preset}/${setup.players}/${setup.rules.challengeMode}`);
      }
      reasons.set(s.result!.reason, (reasons.get(s.result!.reason) ?? 0) + 1);
      for (const e of s.events) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
    }
    // The random games reach every way of ending and every kind of event.
    for (const reason of ['out', 'passes', 'scoreless', 'blocked', 'target', 'resign'])
      expect(reasons.get(reason) ?? 0, reason).toBeGreaterThan(0);
    // The GCG round trip ran for every preset × player count × challenge mode.
    for (const preset of PRESET_NAMES)
      for (const players of [2, 3, 4])
        for (const mode of MODES)
          expect(combos, `${preset}/${players}/${mode}`).toContain(`${preset}/${players}/${mode}`);
    for (const kind of ['play', 'exchange', 'pass', 'challenge', 'rejected', 'accept'])
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    // A guard against hangs only: the run takes ~20 s of CPU, far longer on a loaded machine.
  }, 600_000);

  it('the same seed gives the same events', () => {
    for (let seed = 0; seed < 40; seed++) {
      const setup = setupFor(seed);
      const a = playGame(setup, words, false);
      const b = playGame(setup, words, false);
      expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
    }
  }, 300_000);
});
