/**
 * The computer opponents `atril play --vs` seats, by level (src/ai). A bot decides from its
 * seat's view only (DESIGN.md §5), with its own seeded random stream so that a game with a
 * fixed `--seed` is the same game every time.
 */
import { BOT_LEVELS as AI_LEVELS, botMove, isBotLevel, makeBot } from '../../ai/bots.js';
import { MoveGenerator } from '../../ai/movegen.js';
import { MoveList } from '../../ai/movelist.js';
import { Rng } from '../../ai/rng.js';
import { scoringOf } from '../../engine/rules.js';
import { viewFor } from '../../engine/view.js';
import type { Lexicon } from '../../lexicon/index.js';
import type { BotPlayer } from './localGame.js';

/** The level names, weakest first. */
export const BOT_LEVELS: readonly string[] = AI_LEVELS;

// FNV-1a, so a string seed and a seat give a bot its own reproducible stream.
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The bot for a level, playing with this lexicon; undefined for an unknown level. */
export function botFor(level: string, lexicon: Lexicon, seed = ''): BotPlayer | undefined {
  if (!isBotLevel(level)) return undefined;
  const bot = makeBot(level);
  const list = new MoveList();
  let rng: Rng | undefined;
  let gen: MoveGenerator | undefined;
  return (state, seat) => {
    rng ??= new Rng(hash(`${seed}:${seat}`));
    gen ??= new MoveGenerator(lexicon.nodes, lexicon.set, scoringOf(state.rules));
    return botMove(bot, viewFor(state, seat), gen, list, rng, (t) => lexicon.isWord(t));
  };
}
