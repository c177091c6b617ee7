/**
 * The computer opponents `atril play --vs` can seat, by level. The levels come from src/ai;
 * until a level is wired here, `botFor` answers undefined and the command says so.
 */
import type { Lexicon } from '../../lexicon/index.js';
import type { BotPlayer } from './localGame.js';

/** The level names of DESIGN.md/UX.md, weakest first. */
export const BOT_LEVELS: readonly string[] = ['principiante', 'aficionado', 'experto'];

const FACTORIES: Record<string, (lexicon: Lexicon) => BotPlayer> = {};

/** The bot for a level, playing with this lexicon; undefined when the level is not available. */
export function botFor(level: string, lexicon: Lexicon): BotPlayer | undefined {
  return FACTORIES[level]?.(lexicon);
}
