/**
 * `GET /games/:id/gcg` (issue 11 §6): the GCG record of a finished game, to anyone — a game
 * over is public, its seed and racks included. A game still being played answers 409
 * GAME_NOT_OVER (its record would reveal the bag), an unknown id 404 NO_SUCH_GAME; both as the
 * protocol's JSON error body.
 */
import type { FastifyPluginAsync } from 'fastify';
import { gameToGcg } from '../../engine/notation/gameRecord.js';
import { type GcgRecord, writeGcg } from '../../engine/notation/gcg.js';
import type { GameRecord, Store } from '../store/index.js';
import { storedState } from './host.js';
import { seatNames } from './seatNames.js';

/** The Fastify plugin adding the GCG download. */
export function gcgRoutes(store: Store): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>('/games/:id/gcg', async (req, reply) => {
      const id = req.params.id;
      const found = await finishedRecord(store, id);
      if ('status' in found) return reply.code(found.status).send({ code: found.code });
      const { game, record } = found;
      const text = writeGcg(record);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${gcgFileName(game.createdAt, id)}"`)
        .send(text);
    });
  };
}

/**
 * The record of a finished game, replayed from its stored events, for the routes that serve a
 * game once it is over (this download, the review); or why there is none: 404 NO_SUCH_GAME,
 * 409 GAME_NOT_OVER (a game in play would reveal the bag and the racks).
 */
export async function finishedRecord(
  store: Store,
  id: string,
): Promise<
  | { game: GameRecord; record: GcgRecord }
  | { status: 404 | 409; code: 'NO_SUCH_GAME' | 'GAME_NOT_OVER' }
> {
  const game = id.length <= 32 ? await store.getGame(id) : undefined;
  if (!game) return { status: 404, code: 'NO_SUCH_GAME' };
  if (game.status !== 'finished') return { status: 409, code: 'GAME_NOT_OVER' };
  const state = await storedState(store, game);
  if (!state.result) return { status: 409, code: 'GAME_NOT_OVER' };
  return { game, record: gameToGcg(state, { names: await seatNames(store, game) }) };
}

/** `atril-2026-12-01-<id>.gcg`: sorts by date, says what it is, and is unique. */
export function gcgFileName(createdAt: number, id: string): string {
  const day = new Date(createdAt).toISOString().slice(0, 10);
  return `atril-${day}-${id.replace(/[^A-Za-z0-9_-]/g, '')}.gcg`;
}
