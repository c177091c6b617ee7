/**
 * Several server processes on one PostgreSQL (issue 11 §8, "Done when"): two servers, each
 * with its own store connection, hosts and rooms, share one database the test starts. Ana
 * plays through server A and Bruno through server B a whole game while Olga watches through
 * B and sees every move. In the middle of the game the player on turn sends one action twice
 * at once for the same version — once through A and once through B, later through two
 * sockets of one server — and exactly one applies: one ack, one coded refusal, one set of
 * events in the store. What is not an event reaches the other server's clients too: a seat
 * taken through an invitation link (names in the views, the lobby), rooms opened and filled
 * and finished in the live lobby, chat lines, a rematch; and the chat's rate limit counts a
 * player's lines through both servers together.
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
import type { ChatRate } from './chatLimit.js';
import { Games } from './games.js';
import type { HostedConfig } from './host.js';
import type { PresenceTiming } from './presence.js';
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
async function server(
  url: string,
  chatRate?: ChatRate,
  presence?: Partial<PresenceTiming>,
): Promise<{ base: string; store: Store }> {
  const store = await openPostgresStore(url);
  const games = new Games({ store, judge: () => lex });
  await games.follow();
  const app = await buildApp({
    store,
    logLevel: false,
    routes: roomRoutes({
      store,
      games,
      lexicons: ['spanish'],
      ...(chatRate && { chatRate }),
      ...(presence && { presence }),
    }),
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

describe('two servers sharing one PostgreSQL: what is not a move', () => {
  it('seats taken by link, the live lobby, chat and its limit, and the rematch reach the other server', async () => {
    const url = await pgServer.newDatabase();
    const rate = { lines: 3, perMs: 600_000 };
    const a = await server(url, rate);
    const b = await server(url, rate);

    // Pepe watches the lobby through B.
    const pepe = await hello(b.base, { name: 'Pepe' });
    pepe.c.send({ type: 'subscribeLobby' });
    await pepe.c.take('lobby');

    // A room opened through A appears in B's lobby, its invited seat not free.
    const ana = await hello(a.base, { name: 'Ana' });
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const { gameId, inviteTokens } = await ana.c.take('created');
    await pepe.c.take('lobbyGame', (m) => m.game.gameId === gameId);
    await ana.c.viewAt(gameId, 0);

    // Bruno takes the invited seat by its link through B: Ana, on A, sees his name.
    const bruno = await hello(b.base, { name: 'Bruno' });
    bruno.c.send({ type: 'join', gameId, seatToken: inviteTokens[0]!.token });
    expect((await bruno.c.viewAt(gameId, 0)).seat).toBe(1);
    const named = await ana.c.viewWhere(gameId, (v) => v.seats[1]!.name === 'Bruno');
    expect(named.seats.map((s) => s.name)).toEqual(['Ana', 'Bruno']);

    // A table with an open seat, opened and then filled through A: B's lobby hears both.
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'open'] });
    const open = (await ana.c.take('created')).gameId;
    // The table may first be announced before its creator sits (as on one server): wait for Ana.
    const opened = await pepe.c.take(
      'lobbyGame',
      (m) => m.game.gameId === open && m.game.seats[0]!.name === 'Ana',
    );
    expect(opened.game.seats.map((s) => s.free)).toEqual([false, true]);
    const carla = await hello(a.base, { name: 'Carla' });
    carla.c.send({ type: 'join', gameId: open, seat: 1 });
    await carla.c.viewAt(open, 0);
    const filled = await pepe.c.take(
      'lobbyGame',
      (m) => m.game.gameId === open && !m.game.seats[1]!.free,
    );
    expect(filled.game.seats.map((s) => s.name)).toEqual(['Ana', 'Carla']);

    // Chat said through B is heard on A, and the other way round.
    bruno.c.send({ type: 'chat', gameId, text: 'hola desde B' });
    await ana.c.take('chat', (m) => m.text === 'hola desde B' && m.from === 'Bruno');
    ana.c.send({ type: 'chat', gameId, text: 'hola desde A' });
    await bruno.c.take('chat', (m) => m.text === 'hola desde A' && m.from === 'Ana');

    // Bruno's lines count together through both servers: two through B, one through A, and
    // the next one, through either, waits.
    bruno.c.send({ type: 'chat', gameId, text: 'dos' });
    await ana.c.take('chat', (m) => m.text === 'dos');
    const brunoOnA = await hello(a.base, { token: bruno.token });
    brunoOnA.c.send({ type: 'join', gameId });
    await brunoOnA.c.viewAt(gameId, 0);
    brunoOnA.c.send({ type: 'chat', gameId, text: 'tres' });
    await bruno.c.take('chat', (m) => m.text === 'tres');
    brunoOnA.c.send({ type: 'chat', gameId, text: 'cuatro' });
    expect(await brunoOnA.c.take('error')).toMatchObject({ code: 'CHAT_TOO_FAST', gameId });
    bruno.c.send({ type: 'chat', gameId, text: 'cinco' });
    expect(await bruno.c.take('error')).toMatchObject({ code: 'CHAT_TOO_FAST', gameId });
    const said = (await a.store.chat(gameId)).map((l) => l.text);
    expect(said).toEqual(['hola desde B', 'hola desde A', 'dos', 'tres']);
    brunoOnA.c.close();

    // Ana resigns through A: the game leaves B's lobby as over.
    const version = ana.c.views.get(gameId)!.version;
    ana.c.send({ type: 'act', gameId, action: { kind: 'resign', version } });
    expect(await ana.c.answer(gameId)).toMatchObject({ type: 'ack' });
    await pepe.c.take('lobbyGame', (m) => m.game.gameId === gameId && m.game.phase === 'over');
    await bruno.c.viewWhere(gameId, (v) => v.result !== null);

    // Bruno also has the lobby open through B, in another tab.
    const brunoInLobby = await hello(b.base, { token: bruno.token });
    brunoInLobby.c.send({ type: 'subscribeLobby' });
    await brunoInLobby.c.take('lobby');

    // Ana asks for the rematch through A: Bruno, on B, is told of the new game and takes his
    // seat in it there; his tab in B's lobby is told too, with who asked.
    ana.c.send({ type: 'rematch', gameId });
    const made = await ana.c.take('rematch');
    expect(made.by).toBe('Ana');
    const told = await bruno.c.take('rematch');
    expect(told).toEqual(made);
    expect(await brunoInLobby.c.take('rematch')).toEqual(made);
    // Nobody took a seat in it (its people hold theirs from the start): it reaches B's lobby
    // as the appends of a game B does not host. Pepe, who did not play, hears no rematch.
    await pepe.c.take('lobbyGame', (m) => m.game.gameId === told.newGameId);
    expect(pepe.c.untaken('rematch')).toEqual([]);
    bruno.c.send({ type: 'join', gameId: told.newGameId });
    expect((await bruno.c.viewAt(told.newGameId, 0)).seat).toBe(1);
  });
  it('a player connected through the other server is at the table; one who drops out there is shown away here', async () => {
    const url = await pgServer.newDatabase();
    const presence = { graceMs: 200 };
    const a = await server(url, undefined, presence);
    const ana = await hello(a.base, { name: 'Ana' });
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const { gameId, inviteTokens } = await ana.c.take('created');
    await ana.c.viewAt(gameId, 0);
    // B starts after A told who sits (a notice B never heard). Bruno sits through B: its room
    // asks who sits, and A answers Ana.
    const b = await server(url, undefined, presence);
    const bruno = await hello(b.base, { name: 'Bruno' });
    bruno.c.send({ type: 'join', gameId, seatToken: inviteTokens[0]!.token });
    await bruno.c.viewAt(gameId, 0);
    await ana.c.viewWhere(gameId, (v) => v.seats[1]!.name === 'Bruno');
    // Several graces later neither is shown away on either server.
    await new Promise((r) => setTimeout(r, 800));
    for (const c of [ana.c, bruno.c]) {
      const v = await c.viewWhere(gameId, () => true);
      expect(v.seats.map((s) => s.away ?? false)).toEqual([false, false]);
    }
    // Bruno's only connection, on B, closes: Ana hears it on A.
    bruno.c.close();
    const away = await ana.c.viewWhere(gameId, (v) => v.seats[1]!.away === true);
    expect(away.seats.map((s) => s.away ?? false)).toEqual([false, true]);
    // Back through A this time: B's word that he left does not keep him away.
    const back = await hello(a.base, { token: bruno.token });
    back.c.send({ type: 'join', gameId });
    await back.c.viewAt(gameId, 0);
    await ana.c.viewWhere(gameId, (v) => v.seats[1]!.away === undefined);
  });

  it('a player gone from the other server for the claim time, on their turn, loses the game claimed here; a watcher there sees it', async () => {
    const url = await pgServer.newDatabase();
    const presence = { graceMs: 200, claimMs: 300 };
    const a = await server(url, undefined, presence);
    const b = await server(url, undefined, presence);
    const ana = await hello(a.base, { name: 'Ana' });
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const { gameId, inviteTokens } = await ana.c.take('created');
    let v = await ana.c.viewAt(gameId, 0);
    const bruno = await hello(b.base, { name: 'Bruno' });
    bruno.c.send({ type: 'join', gameId, seatToken: inviteTokens[0]!.token });
    await bruno.c.viewAt(gameId, 0);
    const olga = await hello(b.base, { name: 'Olga' });
    olga.c.send({ type: 'join', gameId });
    await olga.c.viewAt(gameId, 0);
    if (v.turn === 0) {
      ana.c.send({ type: 'act', gameId, action: { kind: 'pass', version: v.version } });
      await ana.c.take('ack');
    }
    v = await ana.c.viewWhere(gameId, (x) => x.turn === 1 && x.seats[1]!.name === 'Bruno');
    // Bruno, on B, stays at the table for longer than the claim time: nothing to claim.
    await new Promise((r) => setTimeout(r, 700));
    ana.c.send({ type: 'act', gameId, action: { kind: 'claim', version: v.version } });
    expect(await ana.c.answer(gameId)).toMatchObject({ type: 'error', code: 'NOT_CLAIMABLE' });
    bruno.c.close();
    v = await ana.c.viewWhere(gameId, (x) => x.seats[1]!.claimable === true);
    ana.c.send({ type: 'act', gameId, action: { kind: 'claim', version: v.version } });
    expect(await ana.c.answer(gameId)).toMatchObject({ type: 'ack' });
    const over = await olga.c.viewWhere(gameId, (x) => x.result !== null);
    expect(over.history.at(-1)).toMatchObject({ kind: 'resign', seat: 1, claimedBy: 0 });
    expect(over.result).toMatchObject({ reason: 'resign', winners: [0] });
  });

  it("a seat taken through one server starts its turn's time on the other, whose room opens later", async () => {
    const url = await pgServer.newDatabase();
    const a = await server(url);
    const b = await server(url);
    // B hosts the game for its lobby, with nobody in its room.
    const pepe = await hello(b.base, { name: 'Pepe' });
    pepe.c.send({ type: 'subscribeLobby' });
    await pepe.c.take('lobby');
    const ana = await hello(a.base, { name: 'Ana' });
    ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'], clockMinutes: 10 });
    const { gameId, inviteTokens } = await ana.c.take('created');
    await pepe.c.take('lobbyGame', (m) => m.game.gameId === gameId);
    let v = await ana.c.viewAt(gameId, 0);
    // The turn goes to the invited seat, which nobody holds yet: no time runs there.
    if (v.turn === 0) {
      ana.c.send({ type: 'act', gameId, action: { kind: 'pass', version: v.version } });
      await ana.c.take('ack');
      v = await ana.c.viewWhere(gameId, (x) => x.turn === 1);
    }
    expect(v.clock?.running).toBeNull();
    // Bruno takes it through A, then thinks for a second and a half.
    const bruno = await hello(a.base, { name: 'Bruno' });
    bruno.c.send({ type: 'join', gameId, seatToken: inviteTokens[0]!.token });
    await bruno.c.viewWhere(gameId, (x) => x.seat === 1);
    await pepe.c.take(
      'lobbyGame',
      (m) => m.game.gameId === gameId && m.game.seats[1]!.name === 'Bruno',
    );
    await new Promise((r) => setTimeout(r, 1500));
    // Olga opens the room on B: Bruno's time has been running there too since he sat down.
    const olga = await hello(b.base, { name: 'Olga' });
    olga.c.send({ type: 'join', gameId });
    const seen = await olga.c.viewAt(gameId, v.version);
    const clock = seen.clock!;
    expect(clock.running).toBe(1);
    const used = 10 * 60_000 - (clock.remainingMs[1]! - (clock.at - clock.since));
    expect(used).toBeGreaterThanOrEqual(1400);
  });
});
