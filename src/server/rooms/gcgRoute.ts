/**
 * `GET /games/:id/gcg` (issue 11 §6): the GCG record of a finished game, to anyone — a game
 * over is public, its seed and racks included. A game still being played answers 409
 * GAME_NOT_OVER (its record would reveal the bag), an unknown id 404 NO_SUCH_GAME; both as the
 * protocol's JSON error body.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { GameEvent } from '../../engine/events.js';
import { replayGame } from '../../engine/newGame.js';
import { gameToGcg } from '../../engine/notation/gameRecord.js';
import { writeGcg } from '../../engine/notation/gcg.js';
import type { Store } from '../store/index.js';
import type { HostedConfig } from './host.js';
import { seatNames } from './seatNames.js';

/** The Fastify plugin adding the GCG download. */
export function gcgRoutes(store: Store): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>('/games/:id/gcg', async (req, reply) => {
      const id = req.params.id;
      const game = id.length <= 32 ? await store.getGame(id) : undefined;
      if (!game) return reply.code(404).send({ code: 'NO_SUCH_GAME' });
      if (game.status !== 'finished') return reply.code(409).send({ code: 'GAME_NOT_OVER' });
      const config = game.config as unknown as HostedConfig;
      const events = (await store.events(id)).map((e) => e.event as unknown as GameEvent);
      const state = replayGame(
        { rules: config.rules, seed: config.seed, players: game.seats.length },
        events,
      );
      if (!state.result) return reply.code(409).send({ code: 'GAME_NOT_OVER' });
      const text = writeGcg(gameToGcg(state, { names: await seatNames(store, game) }));
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${gcgFileName(game.createdAt, id)}"`)
        .send(text);
    });
  };
}

/** `atril-2026-12-01-<id>.gcg`: sorts by date, says what it is, and is unique. */
export function gcgFileName(createdAt: number, id: string): string {
  const day = new Date(createdAt).toISOString().slice(0, 10);
  return `atril-${day}-${id.replace(/[^A-Za-z0-9_-]/g, '')}.gcg`;
}
