/**
 * A bot pool worker thread: answers BotRequests with the move the level picks. Each lexicon
 * is decoded once per worker from the bytes the pool shares with every thread (the nodes are
 * a view on shared memory, not a copy); move generators are kept per lexicon and scoring.
 */
import { workerData } from 'node:worker_threads';
import { botMove, makeBot, type Bot, type BotLevel } from '../../ai/bots.js';
import { MoveGenerator } from '../../ai/movegen.js';
import { MoveList } from '../../ai/movelist.js';
import { Rng } from '../../ai/rng.js';
import { scoringOf } from '../../engine/rules.js';
import { Lexicon, decodeKwg } from '../../lexicon/index.js';
import type { BotAnswer, BotRequest, BotWorkerData } from './types.js';

const data = workerData as BotWorkerData;
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
    bot = makeBot(req.level);
    bots.set(req.level, bot);
  }
  const move = botMove(bot, req.view, gen, list, new Rng(req.seed), (t) => lex.isWord(t));
  return { move, thinkMs: performance.now() - start };
}
