/**
 * What a bot may know when it decides (DESIGN.md §5), in a module of its own so that the levels
 * (bots.ts) and the champion (campeon.ts) share one definition without importing each other.
 */
import type { Rules } from '../engine/rules.js';
import type { OpponentPlacement } from './sim/inference.js';

/** What a bot is allowed to know when it decides. */
export interface BotInput {
  /** Own rack as counts (index 0 = blanks). */
  readonly rack: Uint8Array;
  readonly bagCount: number;
  /** Tiles this seat cannot see, as counts. */
  readonly unseen: ArrayLike<number>;
  readonly rules: Rules;
  /** Own score minus the best other seat's (the scores are public); 0 when not given. */
  readonly spread?: number;
  /**
   * The opponent's placement when it was the turn just before this one (public: the board
   * before it, its tiles and score), for `campeon`'s inference of the tiles it kept.
   */
  readonly lastPlay?: OpponentPlacement;
  /** How many tiles the opponent exchanged when that was the turn just before this one. */
  readonly lastExchange?: number;
}
