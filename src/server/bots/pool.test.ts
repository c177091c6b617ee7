/**
 * The bot pool: moves computed in worker threads equal the ones the AI computes in-thread,
 * whole games can be played from them, a long think leaves the main event loop free, and
 * the time budget holds — for `campeon` too, whose simulation runs in the worker with its
 * own thinking time added to the budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botMove, makeBot, type BotLevel } from '../../ai/bots.js';
import { MoveGenerator } from '../../ai/movegen.js';
import { MoveList } from '../../ai/movelist.js';
import { Rng } from '../../ai/rng.js';
import { apply } from '../../engine/apply.js';
import { newGame } from '../../engine/newGame.js';
import { makeRules, scoringOf } from '../../engine/rules.js';
import { boardWith } from '../../engine/testing/positions.js';
import { SPANISH, wordToTiles } from '../../engine/tiles.js';
import { type GameView, viewFor } from '../../engine/view.js';
import { defaultLexiconPath, loadDefaultLexicon, type Lexicon } from '../../lexicon/index.js';
import { BotPool, type BotPoolOptions } from './pool.js';

let pool: BotPool;
let lex: Lexicon;

beforeAll(() => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
  pool = new BotPool({ lexicons: { spanish: defaultLexiconPath() }, threads: 2 });
});

afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await pool?.destroy();
});

const rules = makeRules('fise');

/** Runs `use` with a pool of its own (these options, the default lexicon), destroyed after. */
async function withPool(
  opts: Omit<BotPoolOptions, 'lexicons'>,
  use: (pool: BotPool) => Promise<void>,
): Promise<void> {
  const own = new BotPool({ lexicons: { spanish: defaultLexiconPath() }, ...opts });
  try {
    await use(own);
  } finally {
    await own.destroy();
  }
}

/**
 * A crowded mid-game board and, in the "9 fichas" variant, a rack with both blanks
 * (? ? A E I R S N T). The beginner enumerates every placement before it picks a modest one:
 * hundreds of thousands here, the longest think of any level (tenths of a second on a quiet
 * machine, every time), which the tests below need to watch the main thread during a move.
 */
function hardView(): GameView {
  const rules9 = makeRules('fise', { rackSize: 9, bingoTiles: 9 });
  const start = viewFor(newGame({ rules: rules9, seed: 1, players: 2 }), 0);
  const board = boardWith([
    ['8D', 'CASAREMOS'],
    ['D4', 'PERRAS'],
    ['L8', 'SOLTERA'],
    ['4D', 'PIANOLA'],
    ['H3', 'CANTAS'],
    ['15G', 'RATONES'],
  ]);
  const tiles = wordToTiles(SPANISH, 'AEIRSNT');
  if (!tiles.ok) throw new Error(tiles.error.letter);
  return { ...start, board: [...board], rack: [0, 0, ...tiles.value] };
}

function inThread(level: BotLevel, view: GameView, seed: number) {
  const gen = new MoveGenerator(lex.nodes, lex.set, scoringOf(view.rules));
  return botMove(makeBot(level), view, gen, new MoveList(), new Rng(seed), (t) => lex.isWord(t));
}

describe('bot pool', () => {
  it.each(['principiante', 'aficionado', 'experto'] as const)(
    '%s: the worker picks the move the AI picks in-thread with the same seed',
    async (level) => {
      const view = hardView();
      const r = await pool.move({ level, lexicon: 'spanish', view, seed: 7 });
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.move).toEqual(inThread(level, view, 7));
    },
  );

  it('plays a whole experto–principiante game whose every move the engine accepts', async () => {
    let state = newGame({ rules, seed: 'pool-game', players: 2 });
    const levels: BotLevel[] = ['experto', 'principiante'];
    let moves = 0;
    while (state.result === null) {
      const seat = state.turn;
      const r = await pool.move({
        level: levels[seat]!,
        lexicon: 'spanish',
        view: viewFor(state, seat),
        seed: state.version,
      });
      if (!r.ok) throw new Error(r.code);
      const next = apply(state, { ...r.move, seat, version: state.version }, lex);
      if (!next.ok) throw new Error(`${JSON.stringify(r.move)}: ${next.error.code}`);
      state = next.value.state;
      moves++;
      expect(moves).toBeLessThan(400);
    }
    expect(state.events.filter((e) => e.kind === 'play').length).toBeGreaterThan(5);
    expect(state.scores.some((s) => s > 0)).toBe(true);
  });

  it('leaves the event loop free while a bot thinks', async () => {
    const view = hardView();
    // In-thread, the same move blocks the loop: not one timer fires until it is done.
    let blockedTicks = 0;
    const blocked = setInterval(() => blockedTicks++, 1);
    inThread('principiante', view, 1);
    const ticksDuringSyncMove = blockedTicks;
    clearInterval(blocked);
    expect(ticksDuringSyncMove).toBe(0);
    // Through the pool, timers keep firing while the worker thinks.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const r = await pool.move({ level: 'principiante', lexicon: 'spanish', view, seed: 1 });
    clearInterval(timer);
    expect(r.ok).toBe(true);
    expect(ticks).toBeGreaterThan(0);
  });

  it('gives up a move that does not fit its budget and keeps serving', async () => {
    const view = hardView();
    const late = await pool.move({ level: 'principiante', lexicon: 'spanish', view, seed: 1 }, 1);
    expect(late).toEqual({ ok: false, code: 'BOT_TIMEOUT', budgetMs: 1 });
    const both = await Promise.all([
      pool.move({ level: 'aficionado', lexicon: 'spanish', view, seed: 1 }),
      pool.move({ level: 'aficionado', lexicon: 'spanish', view, seed: 2 }),
    ]);
    expect(both.map((r) => r.ok)).toEqual([true, true]);
  });

  it('campeon simulates in a worker: a move the engine accepts, timers firing meanwhile', async () => {
    await withPool({ threads: 1, campeonMs: 300 }, async (campeon) => {
      const state = newGame({ rules, seed: 'campeon-pool', players: 2 });
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      const r = await campeon.move({
        level: 'campeon',
        lexicon: 'spanish',
        view: viewFor(state, state.turn),
        seed: 1,
      });
      clearInterval(timer);
      if (!r.ok) throw new Error(r.code);
      expect(r.move.kind).not.toBe('pass'); // it chose, rather than ran out of time
      const next = apply(state, { ...r.move, seat: state.turn, version: state.version }, lex);
      expect(next.ok).toBe(true);
      expect(ticks).toBeGreaterThan(0);
    });
  });

  it("a campeon move's budget is the pool's plus campeon's own thinking time", async () => {
    await withPool({ threads: 1, budgetMs: 1, campeonMs: 2 }, async (tight) => {
      const view = viewFor(newGame({ rules, seed: 'campeon-budget', players: 2 }), 0);
      const r = await tight.move({ level: 'campeon', lexicon: 'spanish', view, seed: 1 });
      expect(r).toEqual({ ok: false, code: 'BOT_TIMEOUT', budgetMs: 3 });
    });
  });

  it('a campeon move thinking does not hold up an experto move: the slow work has its own lane', async () => {
    await withPool({ threads: 1, slowThreads: 1, campeonMs: 3000 }, async (lanes) => {
      const view = viewFor(newGame({ rules, seed: 'lanes', players: 2 }), 0);
      // Both lanes' threads started and warm.
      await Promise.all([
        lanes.move({ level: 'experto', lexicon: 'spanish', view, seed: 1 }),
        lanes.move({ level: 'campeon', lexicon: 'spanish', view, seed: 1 }),
      ]);
      const order: string[] = [];
      const slow = lanes
        .move({ level: 'campeon', lexicon: 'spanish', view, seed: 2 })
        .then(() => order.push('campeon'));
      const quick = lanes
        .move({ level: 'experto', lexicon: 'spanish', view, seed: 2 })
        .then(() => order.push('experto'));
      await Promise.all([slow, quick]);
      expect(order).toEqual(['experto', 'campeon']);
      expect(lanes.threads).toBe(2);
    });
  });

  it('destroyed as soon as it is made (a server stopped right after starting), it lets every thread load first', async () => {
    for (let k = 0; k < 5; k++) {
      const fresh = new BotPool({ lexicons: { spanish: defaultLexiconPath() }, threads: 2 });
      let loaded = false;
      void fresh.booted.then(() => (loaded = true));
      await fresh.destroy();
      expect(loaded).toBe(true);
    }
  }, 60_000);

  it('refuses a lexicon it was not given', async () => {
    await expect(
      pool.move({ level: 'experto', lexicon: 'klingon', view: hardView(), seed: 1 }),
    ).rejects.toThrow(/unknown lexicon klingon/);
  });
});
