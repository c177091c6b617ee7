/**
 * A bot pool worker thread: answers BotRequests with the move the level picks. Each lexicon
 * is decoded once per worker from the bytes the pool shares with every thread (the nodes are
 * a view on shared memory, not a copy); move generators are kept per lexicon and scoring.
 * `campeon` simulates and solves endgames here on this one thread (never spawning more: the
 * pool already holds the cores the server gives to bots), within the pool's `campeonMs`.
 */
import { BroadcastChannel, workerData } from 'node:worker_threads';
import { botMove, championBot, makeBot, type Bot, type BotLevel } from '../../ai/bots.js';
import { DEFAULT_CAMPEON_BUDGET } from '../../ai/campeon.js';
import { MoveGenerator } from '../../ai/movegen.js';
import { MoveList } from '../../ai/movelist.js';
import { Rng } from '../../ai/rng.js';
import { type Rules, scoringOf } from '../../engine/rules.js';
import { Lexicon, decodeKwg } from '../../lexicon/index.js';
import { type ReviewJson, reviewRecordJson } from '../../ai/reviewJson.js';
import type { BotAnswer, BotRequest, BotWorkerData, ReviewRequest } from './types.js';

const data = workerData as BotWorkerData;
// Loaded: the pool may end this thread without cutting a module load short (BotPool.destroy).
// Said once this module's load has returned, not while it runs: piscina loads it with `require`,
// which still builds the module's facade after running it, and a thread ended then aborts the
// whole process (Node's `CreateRequiredModuleFacade` assertion, seen in CI). A microtask, not a
// timer: an idle piscina thread blocks its event loop until a task comes.
queueMicrotask(() => {
  const booted = new BroadcastChannel(data.bootChannel);
  booted.postMessage(1);
  booted.close();
});
const lexicons = new Map<string, Lexicon>();
const generators = new Map<string, MoveGenerator>();
const bots = new Map<BotLevel, Bot>();
const list = new MoveList();

function lexicon(id: string): Lexicon {
  let lex = lexicons.get(id);
  if (lex) return lex;
  const bytes = data.lexicons[id];
  if (!bytes) throw new Error(`unknown lexicon ${id}`);
  const kwg = decodeKwg(new Uint8Array(bytes));
  // The server loaded the same file on its main thread: a damaged one is a bug here.
  if (!kwg.ok) throw new Error(`lexicon ${id}: ${kwg.error.code}`);
  lex = new Lexicon(kwg.value);
  lexicons.set(id, lex);
  return lex;
}

// `campeon` keeps its simulator and endgame solver (megabytes of tables) per rules object, by
// identity; every request arrives with a fresh copy of its game's rules, so equal rules are
// mapped to one object here, or each move would build, and keep, new ones.
const rulesByText = new Map<string, Rules>();
function sameRules(rules: Rules): Rules {
  const text = JSON.stringify(rules);
  let known = rulesByText.get(text);
  if (!known) rulesByText.set(text, (known = rules));
  return known;
}

/** Thinks about one request (piscina calls this for each task). */
export default function think(req: BotRequest): BotAnswer {
  const start = performance.now();
  const lex = lexicon(req.lexicon);
  const scoring = scoringOf(req.view.rules);
  const key = `${req.lexicon}:${JSON.stringify(scoring)}`;
  let gen = generators.get(key);
  if (!gen) {
    gen = new MoveGenerator(lex.nodes, lex.set, scoring);
    generators.set(key, gen);
  }
  let bot = bots.get(req.level);
  if (!bot) {
    bot =
      req.level === 'campeon'
        ? championBot(undefined, { ...DEFAULT_CAMPEON_BUDGET, timeMs: data.campeonMs })
        : makeBot(req.level);
    bots.set(req.level, bot);
  }
  const view = { ...req.view, rules: sameRules(req.view.rules) };
  const move = botMove(bot, view, gen, list, new Rng(req.seed), (t) => lex.isWord(t));
  return { move, thinkMs: performance.now() - start };
}

/**
 * Reviews a finished game (piscina calls this for tasks named `review`): the JSON of `atril
 * analyze --json`. A whole game takes seconds of move generation, hence a worker.
 */
export function review(req: ReviewRequest): ReviewJson {
  const lex = lexicon(req.lexicon);
  return reviewRecordJson(req.record, lex.nodes, lex.set);
}
