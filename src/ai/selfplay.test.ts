/**
 * Self-play follows the engine's rules (RULES.md §3, §6, §7, §11–12): a differential test
 * replays thousands of fast self-play games through the engine's own transitions
 * (testing/engine-game.ts) over every preset, the 9-tile and target-score variants, 2–4 players
 * and every first player, and compares every bot's view (the opponent's last placement, for
 * inference, included), every move's score and every ending.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EndReason } from '../engine/events.js';
import type { Move } from '../engine/move.js';
import { type PresetName, type Rules, makeRules } from '../engine/rules.js';
import { loadDefaultLexicon, type Lexicon } from '../lexicon/index.js';
import { type Bot, BOT_LEVELS, makeBot } from './bots.js';
import { KIND_EXCHANGE, KIND_PLACE } from './movelist.js';
import { SelfPlay } from './selfplay.js';
import {
  type GameRecord,
  type TurnRecord,
  engineGame,
  plainPlacement,
} from './testing/engine-game.js';

let lex: Lexicon;
beforeAll(() => {
  const l = loadDefaultLexicon();
  if (!l.ok) throw new Error(JSON.stringify(l.error));
  lex = l.value;
});

/**
 * Plays like `inner` until the bag holds fewer than 8 tiles, then exchanges (a quarter of the
 * time, when the rules allow it) or passes: games that end by E-02, E-03 and V-03.
 */
function stubborn(inner: Bot): Bot {
  return {
    level: inner.level,
    choose(gen, input, list, rng) {
      const { rack, bagCount, rules } = input;
      if (bagCount >= 8) return inner.choose(gen, input, list, rng);
      if (bagCount < rules.exchangeMinBag || rng.next() >= 1 / 4) return -1; // a pass
      gen.generate({ rack, bagCount, exchangeMinBag: rules.exchangeMinBag }, list);
      const exchanges: number[] = [];
      for (let i = 0; i < list.count; i++) if (list.kind[i] === KIND_EXCHANGE) exchanges.push(i);
      return exchanges.length > 0 ? exchanges[rng.int(exchanges.length)]! : -1;
    },
  };
}

/** Wraps a bot so that every decision is logged as the fast path saw it. */
function recorded(bot: Bot, seat: number, log: TurnRecord[]): Bot {
  return {
    level: bot.level,
    choose(gen, input, list, rng) {
      const i = bot.choose(gen, input, list, rng);
      const move: Move = i < 0 ? { kind: 'pass' } : list.toMove(i);
      const score = i >= 0 && list.kind[i] === KIND_PLACE ? list.score[i]! : 0;
      const { rack, bagCount, unseen, lastExchange } = input;
      const lastPlay = plainPlacement(input.lastPlay);
      log.push({
        seat,
        rack: Array.from(rack),
        bagCount,
        unseen: Array.from(unseen),
        move,
        score,
        lastPlay,
        lastExchange,
      });
      return i;
    },
  };
}

/** A fast self-play game as the same records the engine reference produces. */
function fastGame(table: SelfPlay, bots: readonly Bot[], seed: number): GameRecord {
  const turns: TurnRecord[] = [];
  const r = table.play(
    bots.map((b, seat) => recorded(b, seat, turns)),
    seed,
  );
  expect(r.turns).toBe(turns.length);
  const end = {
    reason: r.reason,
    wentOut: r.wentOut,
    before: r.before,
    final: r.scores,
    winners: r.winners,
    racks: r.racks.map((x) => Array.from(x)),
  };
  return { first: r.first, turns, end };
}

// The static levels: campeon simulates every move, far too slow for two thousand games, and its
// moves reach self-play through the same Bot interface as these.
const LEVELS = BOT_LEVELS.filter((level) => level !== 'campeon');

// Seat s of game `seed` gets a level by rotation; every third game its stubborn variant.
function botsFor(players: number, seed: number): Bot[] {
  return Array.from({ length: players }, (_, s) => {
    const bot = makeBot(LEVELS[(s + seed) % LEVELS.length]!);
    return seed % 3 === 0 ? stubborn(bot) : bot;
  });
}

// Per preset: [variant name, overrides, games per player count]; 2,070 games in all. The short
// target-score games are many, the slow 9-tile ones few.
type Variant = [string, Partial<Rules>, number];
const COMMON: Variant[] = [
  ['', {}, 70],
  ['9 fichas', { rackSize: 9 }, 20],
  ['fin de línea a 150', { targetScore: 150 }, 120],
];
const PRESET_VARIANTS: [PresetName, Variant[], EndReason[]][] = [
  [
    'fise',
    [
      ...COMMON,
      ['naspa end scoring', { endRackScoring: 'naspa' }, 40],
      ['seat 0 starts', { firstPlayer: 'seat' }, 20],
    ],
    ['out', 'passes', 'scoreless', 'target'],
  ],
  ['caja', COMMON, ['out', 'passes', 'target']],
  ['sala', COMMON, ['blocked', 'out', 'target']],
];

describe('SelfPlay equals the engine (differential, thousands of games)', () => {
  for (const [preset, variants, endings] of PRESET_VARIANTS) {
    const names = variants.map(([v]) => v || 'plain').join(', ');
    it(`${preset} (${names}), 2–4 players: every bot's view, score and ending as apply()`, () => {
      const reasons = new Set<EndReason>();
      for (const [variant, overrides, games] of variants) {
        const rules = makeRules(preset, overrides);
        const table = new SelfPlay(lex.nodes, rules);
        for (const players of [2, 3, 4]) {
          const name = `${[preset, variant].filter(Boolean).join(' ')}, ${players} players`;
          const firsts = new Set<number>();
          for (let g = 0; g < games; g++) {
            const seed = 1000 * players + g;
            const fast = fastGame(table, botsFor(players, seed), seed);
            const moves = fast.turns.map((t) => t.move);
            const engine = engineGame({ rules, seed, players }, moves, lex);
            expect(engine, `${name}, seed ${seed}`).toEqual(fast);
            firsts.add(fast.first);
            reasons.add(fast.end!.reason);
          }
          // G-02: the opening draw gives every seat the first move in some game.
          expect(firsts.size, name).toBe(rules.firstPlayer === 'draw' ? players : 1);
        }
      }
      // The games end in every way the preset allows (E-01, E-02, E-03, V-02, V-03).
      expect([...reasons].sort()).toEqual(endings);
    }, 600_000);
  }
});

describe('SelfPlay rules', () => {
  it('V-03: a sala game ends once the bag cannot fund an exchange and 3 turns leave the board unchanged', () => {
    const table = new SelfPlay(lex.nodes, makeRules('sala'));
    const moves: { score: number; bagAfter: number }[] = [];
    const bot = stubborn(makeBot('experto'));
    const r = table.play([bot, bot], 5, (m) => moves.push({ ...m }));
    // From the first turn with fewer than 8 tiles in the bag (X-03: no exchange) both pass.
    const blocked = moves.findIndex((m) => m.bagAfter < 8);
    expect(blocked).toBeGreaterThan(0);
    expect(moves.slice(blocked).every((m) => m.score === 0)).toBe(true);
    // Sala has no E-02 pass limit: without V-03 the passes would go on for ever.
    expect(r.reason).toBe('blocked');
    expect(r.turns).toBe(blocked + 3);
  });

  it('V-02: a play that reaches the target ends the game with no rack adjustment, even when it also goes out', () => {
    // Seed 11, fin de línea a 500, two aficionados: seat 1 goes out with the bag empty on the
    // play that takes it to 500, while seat 0 still holds tiles.
    const rules = makeRules('fise', { targetScore: 500 });
    const table = new SelfPlay(lex.nodes, rules);
    const bot = makeBot('aficionado');
    const fast = fastGame(table, [bot, bot], 11);
    expect(fast.end).toMatchObject({ reason: 'target', wentOut: null, before: [300, 500] });
    expect(fast.end!.racks[1]!.every((c) => c === 0)).toBe(true);
    expect(fast.end!.racks[0]!.some((c) => c > 0)).toBe(true);
    expect(fast.end!.final).toEqual([300, 500]);
    const moves = fast.turns.map((t) => t.move);
    expect(engineGame({ rules, seed: 11, players: 2 }, moves, lex)).toEqual(fast);
  });

  it('E-07 (caja): a tie after the rack adjustment goes to the higher score before it', () => {
    // Seed 158 between two aficionados ends 431–431 after a player goes out (E-01, E-05),
    // from 432–430 before the adjustment.
    const bots = [makeBot('aficionado'), makeBot('aficionado')];
    const fise = new SelfPlay(lex.nodes, makeRules('fise')).play(bots, 158);
    expect(fise.reason).toBe('out');
    expect(fise.scores).toEqual([431, 431]);
    expect(fise.winners).toEqual([0, 1]);
    const caja = new SelfPlay(lex.nodes, makeRules('caja')).play(bots, 158);
    expect(caja.scores).toEqual([431, 431]);
    expect(caja.before).toEqual([432, 430]);
    expect(caja.winners).toEqual([0]);
  });
});
