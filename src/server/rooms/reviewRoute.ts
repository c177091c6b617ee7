/**
 * `GET /games/:id/review` (issue 13 §5): the post-game review of a finished game, the JSON of
 * `atril analyze --json` (src/protocol/review.ts). Only once the game is over: during play it
 * would tell a player the best move on their rack (409 GAME_NOT_OVER). Asked for with a player
 * token (`Authorization: Bearer …`): any player may watch any game, so its players and its
 * observers are served, but a review costs seconds of a bot thread, which an anonymous client
 * must not be able to spend (401 UNKNOWN_PLAYER without a known token).
 *
 * The review is computed in the bot pool, off the event loop, once per game: a finished game
 * never changes, so the answer is kept in memory (the most recent games, a bounded number) and
 * a second request, or one arriving while the first is computed, shares it. Only one game is
 * reviewed at a time: bot moves share the pool's threads, and a queue of reviews ahead of them
 * would make the bots run out of time. Another game's review asked for meanwhile is answered
 * 503 SERVER_ERROR with a Retry-After; asking again a moment later works.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { GameReview } from '../../protocol/index.js';
import type { BotPool } from '../bots/pool.js';
import type { Store } from '../store/index.js';
import { hashToken, isTokenOf } from '../tokens.js';
import type { HostedConfig } from './host.js';
import { finishedRecord } from './gcgRoute.js';

/** Reviews kept in memory: a few hundred KB at most, the games people just finished. */
export const REVIEW_CACHE_SIZE = 200;
/** Seconds a client is told to wait when another review is being computed. */
const RETRY_AFTER_S = 5;

/** What the review route needs. */
export interface ReviewDeps {
  readonly store: Store;
  readonly bots: BotPool;
  /** Milliseconds a review may take (default the pool's REVIEW_BUDGET_MS). */
  readonly budgetMs?: number;
}

/** The Fastify plugin adding the review of a finished game. */
export function reviewRoutes(deps: ReviewDeps): FastifyPluginAsync {
  // Insertion order is recency order: a hit is moved to the end, the oldest dropped first.
  const cache = new Map<string, Promise<GameReview | undefined>>();
  let computing = false;
  // The review of a game from memory, else computed now; 'busy' while another game's is.
  const computeOnce = (
    id: string,
    compute: () => Promise<GameReview | undefined>,
  ): Promise<GameReview | undefined> | 'busy' => {
    let review = cache.get(id);
    if (review) cache.delete(id);
    else {
      if (computing) return 'busy';
      computing = true;
      review = compute();
      // A review that failed or timed out is not kept: asking again tries again.
      void review.then(
        (r) => {
          computing = false;
          if (!r) cache.delete(id);
        },
        () => {
          computing = false;
          cache.delete(id);
        },
      );
    }
    cache.set(id, review);
    if (cache.size > REVIEW_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return review;
  };

  return async (app) => {
    app.get<{ Params: { id: string } }>('/games/:id/review', async (req, reply) => {
      if (!(await knownPlayer(deps.store, req)))
        return reply.code(401).send({ code: 'UNKNOWN_PLAYER' });
      const id = req.params.id;
      const found = await finishedRecord(deps.store, id);
      if ('status' in found) return reply.code(found.status).send({ code: found.code });
      const pending = computeOnce(id, async () => {
        const { game, record } = found;
        const config = game.config as unknown as HostedConfig;
        return deps.bots.review({ lexicon: config.lexicon, record }, deps.budgetMs);
      });
      if (pending === 'busy')
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_S))
          .send({ code: 'SERVER_ERROR' });
      const review = await pending;
      if (!review) return reply.code(503).send({ code: 'SERVER_ERROR' });
      return reply.send(review);
    });
  };
}

// Whether the request carries the token of a known player (`Authorization: Bearer atp_…`).
async function knownPlayer(store: Store, req: FastifyRequest): Promise<boolean> {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!isTokenOf('player', token)) return false;
  return (await store.playerByTokenHash(hashToken(token))) !== undefined;
}
