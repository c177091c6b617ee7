/**
 * Several server processes on one PostgreSQL (issue 11 §8, "Done when"): two servers, each
 * with its own store connection, hosts and rooms, share one database the test starts. Ana
 * plays through server A and Bruno through server B a whole game while Olga watches through
 * B and sees every move. In the middle of the game the player on turn sends one action twice
 * at once for the same version — once through A and once through B, later through two
 * sockets of one server — and exactly one applies: one ack, one coded refusal, one set of
 * events in the store.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../engine/events.js';
import { replayGame } from '../../engine/newGame.js';
import { type Lexicon, loadDefaultLexicon } from '../../lexicon/index.js';
import { PROTOCOL_VERSION, type ServerMessage } from '../../protocol/index.js';
import { buildApp } from '../app.js';
import { type Store, openPostgresStore } from '../store/index.js';
import { startTestPostgres, type TestPostgres } from '../testing/postgres.js';
import { Client, goodMove } from '../testing/rooms.js';
import { Games } from './games.js';
import type { HostedConfig } from './host.js';
import { roomRoutes } from './socket.js';

let lex: Lexicon;
let pgServer: TestPostgres;
const servers: { app: FastifyInstance; games: Games; store: Store }[] = [];

beforeAll(async () => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
  pgServer = await startTestPostgres();
});

afterAll(async () => {
  for (const s of servers) {
    await s.app.close();
    await s.games.closeAll();
    await s.store.close();
  }
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await pgServer?.stop();
});

/** A server as one process would run it: its own store connection, hosts and rooms. */
async function server(url: string): Promise<{ base: string; store: Store }> {
  const store = await openPostgresStore(url);
  const games = new Games({ store, judge: () => lex });
  await games.follow();
  const app = await buildApp({
    store,
    logLevel: false,
    routes: roomRoutes({ store, games, lexicons: ['spanish'] }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push({ app, games, store });
  return { base: `127.0.0.1:${(app.server.address() as { port: number }).port}`, store };
}

/** A player saying hello on a server: as a new player, or again with its token. */
async function hello(base: string, who: { name: string } | { token: string }) {
  const c = await Client.open(base);
  c.send({ type: 'hello', protocol: PROTOCOL_VERSION, ...who });
  const w = await c.take('welcome');
  return { c, token: 'token' in who ? who.token : w.token! };
}

describe('two servers sharing one PostgreSQL', () => {
  it('carry a whole game between a player on each, an observer sees every move, and a double action applies once', async () => {
    const url = await pgServer.newDatabase();
    const a = await server(url);
    const b = await server(url);

    const ana = await hello(a.base, { name: 'Ana' });
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const created = await ana.c.take('created');
    const gameId = created.gameId;
    const bruno = await hello(b.base, { name: 'Bruno' });
    bruno.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    await bruno.c.viewAt(gameId, 0);
    const olga = await hello(b.base, { name: 'Olga' });
    olga.c.send({ type: 'join', gameId });
    await olga.c.viewAt(gameId, 0);
    const seats = [ana, bruno];

    /** A second socket of a seat's player, on a server, in the game's room. */
    const twin = async (seat: number, base: string, version: number) => {
      const t = await hello(base, { token: seats[seat]!.token });
      t.c.send({ type: 'join', gameId });
      expect((await t.c.viewAt(gameId, version)).seat).toBe(seat);
      return t.c;
    };

    let version = ana.c.views.get(gameId)!.version;
    const acked: number[] = [];
    const races: { through: string; answers: ServerMessage[] }[] = [];
    for (let move = 0; ; move++) {
      const views = await Promise.all(
        [ana.c, bruno.c, olga.c].map((c) => c.viewAt(gameId, version)),
      );
      if (views[0]!.result) break;
      for (const v of views) expect(v.version).toBe(version);
      const turn = views[0]!.turn;
      const mine = seats[turn]!.c;
      const action = { ...goodMove(lex, views[turn]!), version };
      const race =
        move === 3
          ? { through: 'A and B', other: await twin(turn, turn === 0 ? b.base : a.base, version) }
          : move === 6
            ? {
                through: 'one server',
                other: await twin(turn, turn === 0 ? a.base : b.base, version),
              }
            : undefined;
      mine.send({ type: 'act', gameId, action });
      race?.other.send({ type: 'act', gameId, action });
      const answers = await Promise.all([mine.answer(gameId), race?.other.answer(gameId)]);
      const got = answers.filter((x) => x !== undefined);
      const acks = got.filter((x) => x.type === 'ack');
      expect(acks, JSON.stringify(got)).toHaveLength(1);
      if (race) {
        races.push({ through: race.through, answers: got });
        expect(got.find((x) => x.type === 'error')).toMatchObject({
          code: 'STALE_VERSION',
          gameId,
        });
        race.other.close();
      }
      const next = (acks[0] as { version: number }).version;
      expect(next).toBeGreaterThan(version);
      acked.push(next);
      version = next;
    }
    expect(races.map((r) => r.through)).toEqual(['A and B', 'one server']);
    expect(acked.length).toBeGreaterThan(10);

    // Olga, on B, received a view at every version a move was acknowledged at, in order.
    const seen = olga.c.raw
      .map((t) => JSON.parse(t) as ServerMessage)
      .flatMap((m) => (m.type === 'view' ? [m.view.version] : []));
    for (const v of acked) expect(seen).toContain(v);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(olga.c.views.get(gameId)!.result).toEqual(ana.c.views.get(gameId)!.result);
    expect(bruno.c.views.get(gameId)!.result).toEqual(ana.c.views.get(gameId)!.result);

    // The store holds each move once: the events replay to the final version and score.
    for (const store of [a.store, b.store]) {
      const game = (await store.getGame(gameId))!;
      const config = game.config as unknown as HostedConfig;
      const events = (await store.events(gameId)).map((e) => e.event as unknown as GameEvent);
      expect(events).toHaveLength(version);
      const final = replayGame({ rules: config.rules, seed: config.seed, players: 2 }, events);
      expect(final.version).toBe(version);
      expect(final.result!.final).toEqual(ana.c.views.get(gameId)!.result!.final);
      expect(game.status).toBe('finished');
    }
  });
});
