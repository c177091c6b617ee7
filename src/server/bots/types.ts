/** The messages between the bot pool (pool.ts) and its worker threads (worker.ts). */
import type { BotLevel } from '../../ai/bots.js';
import type { Move } from '../../engine/move.js';
import type { GcgRecord } from '../../engine/notation/gcg.js';
import type { GameView } from '../../engine/view.js';

/** One move to think about: a bot seat's view of its game, never more. */
export interface BotRequest {
  readonly level: BotLevel;
  /** The id of one of the pool's lexicons, the game's. */
  readonly lexicon: string;
  /** The bot seat's projection (engine/view.ts): its own rack, never another. */
  readonly view: GameView;
  /**
   * Seed of this move's random choices (the beginner picks among good plays): derive it from
   * the game and its version, so a game resumed after a restart repeats the same move.
   */
  readonly seed: number;
}

/** The move chosen and how long the worker thought, in milliseconds. */
export interface BotAnswer {
  readonly move: Move;
  readonly thinkMs: number;
}

/** What each worker receives when it starts: the lexicons, shared, by id. */
export interface BotWorkerData {
  readonly lexicons: Readonly<Record<string, SharedArrayBuffer>>;
  /** Milliseconds a `campeon` move may think (its simulation or endgame search). */
  readonly campeonMs: number;
  /** The BroadcastChannel a thread posts on once its modules have loaded (see BotPool.destroy). */
  readonly bootChannel: string;
}

/** A finished game to review (the pool's `review`): its full record and its lexicon's id. */
export interface ReviewRequest {
  readonly lexicon: string;
  readonly record: GcgRecord;
}
