/**
 * The protocol client against a real server on a loopback port (SQLite in a temporary file),
 * through Node's `ws`: two players play a whole game through two Connections; the server stops
 * and starts again mid-game and both connections say the link was lost, come back by
 * themselves and play on; refusals come back as codes. Against a fake socket: frames that are
 * not the protocol are dropped, and the waits between attempts grow, are jittered and capped.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Lexicon, loadDefaultLexicon } from '../lexicon/index.js';
import { PROTOCOL_VERSION, clientView } from '../protocol/index.js';
import { buildApp } from '../server/app.js';
import { Games } from '../server/rooms/games.js';
import type { NewPlayerRate } from '../server/rooms/newPlayers.js';
import { type RateLimit, roomRoutes } from '../server/rooms/socket.js';
import { goodMove } from '../server/testing/rooms.js';
import { type Store, openSqliteStore } from '../server/store/index.js';
import { newGame } from '../engine/newGame.js';
import { makeRules } from '../engine/rules.js';
import { viewFor } from '../engine/view.js';
import {
  type ConnectionEvent,
  type ConnectionStatus,
  Connection,
  ConnectionError,
} from './connection.js';
import { gameLink, parseLink, socketUrl } from './link.js';
import type { FrameEvent, SocketLike, Timers } from './socket.js';
import { tempDir } from '../../test/helpers/tempDir.js';
import { lobbyGame } from '../protocol/testing/lobby.js';

let lex: Lexicon;
const tmp = tempDir('atril-client-');
let files = 0;

beforeAll(() => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
});

/** A server process's parts, on a database file that outlives it. */
interface Running {
  app: FastifyInstance;
  games: Games;
  store: Store;
  port: number;
}

async function startServer(
  db: string,
  port = 0,
  rate?: RateLimit,
  newPlayerRate?: NewPlayerRate,
): Promise<Running> {
  const store = openSqliteStore(db);
  const games = new Games({ store, judge: () => lex });
  const app = await buildApp({
    store,
    logLevel: false,
    routes: roomRoutes({
      store,
      games,
      lexicons: ['spanish'],
      ...(rate && { rate }),
      ...(newPlayerRate && { newPlayerRate }),
    }),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, games, store, port: (app.server.address() as { port: number }).port };
}

async function stopServer(s: Running): Promise<void> {
  await s.app.close();
  await s.games.closeAll();
  await s.store.close();
}

const socket = (url: string) => new WebSocket(url);

/** A connection that records everything its listener hears. */
function connection(port: number, extra: { token?: string; name?: string } = {}) {
  const events: ConnectionEvent[] = [];
  const c = new Connection({
    url: `ws://127.0.0.1:${port}/ws`,
    socket,
    ...extra,
    listener: (e) => events.push(e),
    backoff: { initialMs: 20, maxMs: 200 },
  });
  const statuses = (): ConnectionStatus['status'][] =>
    events.flatMap((e) => (e.type === 'status' ? [e.status] : []));
  return { c, events, statuses };
}

/** Ana, welcomed, at a table of two open seats she just made, its view arrived. */
async function atNewTable(port: number) {
  const ana = connection(port, { name: 'Ana' });
  await ana.c.open();
  const { gameId } = await ana.c.create({ preset: 'fise', seats: ['open', 'open'] });
  await until(ana.c, () => ana.c.view(gameId) !== undefined);
  return { ana, gameId };
}

/** Resolves once `test` holds, checked after every event the connection's listener hears. */
function until(c: Connection, test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (test()) return resolve();
    const stop = c.listen(() => {
      if (test()) {
        stop();
        resolve();
      }
    });
  });
}

/** Ana creates a game with an invited seat; Bruno takes it with the invitation's token. */
async function table(port: number) {
  const ana = connection(port, { name: 'Ana' });
  await ana.c.open();
  const welcome = ana.events.find((e) => e.type === 'welcome');
  expect(welcome).toMatchObject({ name: 'Ana', token: expect.stringMatching(/^atp_/) as string });
  expect(ana.c.token).toBe((welcome as { token: string }).token);
  const { gameId, inviteTokens } = await ana.c.create({
    preset: 'fise',
    seats: ['open', 'invite'],
  });
  const bruno = connection(port, { name: 'Bruno' });
  await bruno.c.open();
  const first = await bruno.c.join(gameId, { seatToken: inviteTokens[0]!.token });
  expect(first.seat).toBe(1);
  await until(ana.c, () => ana.c.view(gameId)?.seats[1]?.name === 'Bruno');
  return { ana, bruno, gameId };
}

/** Plays `moves` turns (or to the end) with good moves; returns how many were played. */
async function playTurns(
  players: readonly Connection[],
  gameId: string,
  moves: number,
): Promise<number> {
  let played = 0;
  while (played < moves) {
    const v = players[0]!.view(gameId)!;
    if (v.phase === 'over') break;
    const who = players[v.turn]!;
    const mine = who.view(gameId)!;
    const move = mine.phase === 'final-challenge' ? { kind: 'pass' as const } : goodMove(lex, mine);
    const outcome = await who.act(gameId, move);
    if (!outcome.ok) throw new Error(outcome.error.code);
    // One version per event: a play that ends the game adds the end too.
    expect(outcome.version).toBeGreaterThan(v.version);
    await Promise.all(
      players.map((p) => until(p, () => p.view(gameId)!.version >= outcome.version)),
    );
    played++;
  }
  return played;
}

describe('Connection against a real server', () => {
  it('two players play a whole game; each listener hears every view and the end', async () => {
    const server = await startServer(join(tmp, `c${++files}.db`));
    try {
      const { ana, bruno, gameId } = await table(server.port);
      const played = await playTurns([ana.c, bruno.c], gameId, Infinity);
      expect(played).toBeGreaterThan(5);
      const end = ana.c.view(gameId)!;
      expect(end.phase).toBe('over');
      expect(end.result).not.toBeNull();
      expect(bruno.c.view(gameId)!.result).toEqual(end.result);
      // A view after every move reached Ana's listener, in order, the last one the end.
      const versions = ana.events.flatMap((e) => (e.type === 'view' ? [e.view.version] : []));
      expect(versions.at(-1)).toBe(end.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect(new Set(versions).size).toBeGreaterThan(played);
      expect(ana.statuses()).toEqual(['online']);
      ana.c.close();
      bruno.c.close();
      expect(ana.statuses()).toEqual(['online', 'closed']);
    } finally {
      await stopServer(server);
    }
  });

  it('the server restarts mid-game: both say the link was lost, come back by themselves and play on', async () => {
    const db = join(tmp, `c${++files}.db`);
    let server = await startServer(db);
    const port = server.port;
    const { ana, bruno, gameId } = await table(port);
    try {
      await playTurns([ana.c, bruno.c], gameId, 3);
      const before = bruno.c.view(gameId)!;
      await stopServer(server);
      await until(ana.c, () => ana.statuses().includes('reconnecting'));
      await until(bruno.c, () => bruno.statuses().includes('reconnecting'));
      expect(ana.c.online).toBe(false);
      // While the server is down an action is not sent, and says why.
      const who = [ana.c, bruno.c][before.turn]!;
      expect(await who.act(gameId, { kind: 'pass' })).toEqual({
        ok: false,
        error: { code: 'OFFLINE' },
      });
      expect(ana.c.chat(gameId, 'hola')).toBe(false);

      server = await startServer(db, port);
      await until(ana.c, () => ana.statuses().includes('back'));
      await until(bruno.c, () => bruno.statuses().includes('back'));
      for (const p of [ana, bruno]) {
        const s = p.statuses();
        expect(s.slice(0, 3)).toEqual(['online', 'lost', 'reconnecting']);
        expect(s.at(-1)).toBe('back');
      }
      // The games were entered again: a fresh view, the same as before the restart.
      const lost = bruno.events.findIndex((e) => e.type === 'status' && e.status === 'lost');
      await until(bruno.c, () =>
        bruno.events.slice(lost).some((e) => e.type === 'view' && e.gameId === gameId),
      );
      expect(bruno.c.view(gameId)!.rack).toEqual(before.rack);
      expect(bruno.c.view(gameId)!.version).toBe(before.version);
      // Welcomed again as the same player: no new token.
      const welcomes = bruno.events.filter((e) => e.type === 'welcome');
      expect(welcomes).toHaveLength(2);
      expect(welcomes[1]).not.toHaveProperty('token');
      await until(ana.c, () => ana.c.view(gameId)!.version === before.version);
      expect(await playTurns([ana.c, bruno.c], gameId, 2)).toBe(2);
      ana.c.close();
      bruno.c.close();
    } finally {
      await stopServer(server);
    }
  });

  it('a new player the server will not make now is refused for good, with the minutes to wait: no reconnection loop', async () => {
    const server = await startServer(join(tmp, `c${++files}.db`), 0, undefined, {
      burst: 1,
      perHour: 2,
    });
    try {
      // Through a reverse proxy on this machine, which names the client.
      const behind = (url: string) =>
        new WebSocket(url, { headers: { 'x-forwarded-for': '203.0.113.20' } });
      const open = (name: string) => {
        const events: ConnectionEvent[] = [];
        const c = new Connection({
          url: `ws://127.0.0.1:${server.port}/ws`,
          socket: behind,
          name,
          listener: (e) => events.push(e),
          backoff: { initialMs: 20, maxMs: 200 },
        });
        return { c, events };
      };
      const ana = open('Ana');
      await ana.c.open();
      const bruno = open('Bruno');
      await expect(bruno.c.open()).rejects.toEqual(
        new ConnectionError('TOO_MANY_NEW_PLAYERS', { retryMinutes: 30 }),
      );
      // Closed for good: no attempt follows.
      await new Promise((r) => setTimeout(r, 300));
      expect(bruno.events.filter((e) => e.type === 'status')).toEqual([]);
      expect(bruno.c.online).toBe(false);
      ana.c.close();
    } finally {
      await stopServer(server);
    }
  });

  it("a chat line refused just before a move is not taken for the move's answer", async () => {
    const server = await startServer(join(tmp, `c${++files}.db`));
    try {
      const { ana, gameId } = await atNewTable(server.port);
      // Five lines in ten seconds are allowed; the sixth is refused, and its refusal comes
      // before the answer to the move sent right after it.
      for (let i = 0; i < 6; i++) expect(ana.c.chat(gameId, `línea ${i}`)).toBe(true);
      const outcome = await ana.c.act(gameId, { kind: 'pass' });
      expect(outcome).not.toMatchObject({ error: { code: 'CHAT_TOO_FAST' } });
      expect(ana.events).toContainEqual({
        type: 'error',
        gameId,
        error: {
          code: 'CHAT_TOO_FAST',
          data: { retryMs: expect.any(Number) as number, frame: 'chat' },
        },
      });
      ana.c.close();
    } finally {
      await stopServer(server);
    }
  });

  it('a request the rate limit drops is answered all the same: create and join reject, an act resolves, with RATE_LIMITED', async () => {
    const rate = { perSecond: 0.001, burst: 3, maxStrikes: 10 };
    const server = await startServer(join(tmp, `c${++files}.db`), 0, rate);
    try {
      const { ana, gameId } = await atNewTable(server.port);
      const request = { preset: 'fise', seats: ['open', 'open'] } as const;
      // hello and the first create spent two of the three frames; this one spends the last.
      await ana.c.create(request);
      await expect(ana.c.create(request)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      await expect(ana.c.join(gameId)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      expect(await ana.c.act(gameId, { kind: 'pass' })).toEqual({
        ok: false,
        error: { code: 'RATE_LIMITED', data: { frame: 'act' } },
      });
      expect(ana.c.online).toBe(true);
      ana.c.close();
    } finally {
      await stopServer(server);
    }
  });

  it('a request the server fails on is answered SERVER_ERROR, not left waiting: an act resolves, a join and a create reject', async () => {
    const server = await startServer(join(tmp, `c${++files}.db`));
    try {
      const { ana, bruno, gameId } = await table(server.port);
      const store = server.store as unknown as Record<string, (...a: never[]) => Promise<unknown>>;
      const names = ['appendEvents', 'getGame', 'createGame'];
      const real = names.map((name) => store[name]!);
      for (const name of names) store[name] = () => Promise.reject(new Error('disco lleno'));
      const mover = [ana.c, bruno.c][ana.c.view(gameId)!.turn]!;
      expect(await mover.act(gameId, { kind: 'pass' })).toEqual({
        ok: false,
        error: { code: 'SERVER_ERROR', data: { frame: 'act' } },
      });
      const pepe = connection(server.port, { name: 'Pepe' });
      await pepe.c.open();
      await expect(pepe.c.join(gameId)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
      await expect(
        pepe.c.create({ preset: 'fise', seats: ['open', 'open'] }),
      ).rejects.toMatchObject({ code: 'SERVER_ERROR' });
      names.forEach((name, i) => (store[name] = real[i]!));
      expect(await pepe.c.create({ preset: 'fise', seats: ['open', 'open'] })).toHaveProperty(
        'gameId',
      );
      pepe.c.close();
      ana.c.close();
      bruno.c.close();
    } finally {
      await stopServer(server);
    }
  });

  it('refusals come back as codes: another seat’s turn, an unknown game, lexicon or token, no server', async () => {
    const server = await startServer(join(tmp, `c${++files}.db`));
    try {
      const { ana, bruno, gameId } = await table(server.port);
      const v = ana.c.view(gameId)!;
      const offTurn = v.turn === 0 ? bruno.c : ana.c;
      expect(await offTurn.act(gameId, { kind: 'pass' })).toEqual({
        ok: false,
        error: { code: 'NOT_YOUR_TURN', data: expect.any(Object) as object },
      });
      expect(await ana.c.act('nope', { kind: 'pass' })).toEqual({
        ok: false,
        error: { code: 'NOT_IN_GAME' },
      });
      await expect(ana.c.join('nope')).rejects.toMatchObject({ code: 'NO_SUCH_GAME' });
      await expect(
        ana.c.create({ preset: 'fise', seats: ['open', 'open'], lexicon: 'klingon' }),
      ).rejects.toMatchObject({ code: 'UNKNOWN_LEXICON' });
      // A chat line reaches the room, its sender included.
      const heard = new Promise<ConnectionEvent>((resolve) => {
        const stop = ana.c.listen((e) => {
          if (e.type === 'chat') {
            stop();
            resolve(e);
          }
        });
      });
      expect(ana.c.chat(gameId, '¡Suerte!')).toBe(true);
      expect(await heard).toMatchObject({ type: 'chat', gameId, from: 'Ana', text: '¡Suerte!' });

      const stranger = connection(server.port, { token: 'atp_' + 'A'.repeat(43) });
      await expect(stranger.c.open()).rejects.toEqual(new ConnectionError('UNKNOWN_PLAYER'));
      // Coming back with the token: the same player, no new token.
      const again = connection(server.port, { token: ana.c.token! });
      await again.c.open();
      expect(again.events.find((e) => e.type === 'welcome')).toEqual({
        type: 'welcome',
        playerId: expect.any(String) as string,
        name: 'Ana',
      });
      expect((await again.c.join(gameId)).seat).toBe(0);
      again.c.close();
      ana.c.close();
      bruno.c.close();
    } finally {
      await stopServer(server);
    }
    const nobody = connection(server.port);
    await expect(nobody.c.open()).rejects.toMatchObject({ code: 'UNREACHABLE' });
    expect(nobody.statuses()).toEqual([]);
  });
});

/** A socket that the test drives by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
  opened(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(data: unknown): void {
    this.onmessage?.({ data } as FrameEvent);
  }
  dropped(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

/** Timers that run only when the test says, recording each wait asked for. */
function manualTimers(): Timers & { waits: number[]; fire(): void } {
  let next: (() => void) | undefined;
  const waits: number[] = [];
  return {
    waits,
    setTimeout: (run, ms) => {
      waits.push(ms);
      next = run;
      return waits.length;
    },
    clearTimeout: () => (next = undefined),
    fire: () => {
      const run = next;
      next = undefined;
      run?.();
    },
  };
}

describe('Connection with a fake socket', () => {
  const welcome = JSON.stringify({ type: 'welcome', playerId: 'p', name: 'Ana', token: 'atp_t' });
  /** A connection for Ana over fake sockets, one per attempt, and what its listener heard. */
  const fakeConnection = () => {
    const sockets: FakeSocket[] = [];
    const events: ConnectionEvent[] = [];
    const c = new Connection({
      url: 'ws://x/ws',
      socket: () => {
        sockets.push(new FakeSocket());
        return sockets.at(-1)!;
      },
      name: 'Ana',
      listener: (e) => events.push(e),
    });
    return { c, sockets, events };
  };

  it('hands each chat line over once, though a rejoin sends the recent ones again', async () => {
    const { c, sockets, events } = fakeConnection();
    const opened = c.open();
    sockets[0]!.opened();
    sockets[0]!.frame(welcome);
    await opened;
    const line = (gameId: string, text: string, at: number) =>
      JSON.stringify({ type: 'chat', gameId, from: 'Luis', text, at });
    sockets[0]!.frame(line('g', 'hola', 1));
    sockets[0]!.frame(line('g', 'suerte', 2));
    // The recent chat again (a rejoin), then the same words later, and in another game.
    sockets[0]!.frame(line('g', 'hola', 1));
    sockets[0]!.frame(line('g', 'suerte', 2));
    sockets[0]!.frame(line('g', 'hola', 3));
    sockets[0]!.frame(line('h', 'hola', 1));
    const chats = events.flatMap((e) =>
      e.type === 'chat' ? [`${e.gameId} ${e.text} ${e.at}`] : [],
    );
    expect(chats).toEqual(['g hola 1', 'g suerte 2', 'g hola 3', 'h hola 1']);
    c.close();
  });

  it('drops frames that are not the protocol; keeps the newest view per game', async () => {
    const { c, sockets, events } = fakeConnection();
    const opened = c.open();
    sockets[0]!.opened();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      name: 'Ana',
    });
    sockets[0]!.frame(welcome);
    await opened;
    expect(c.token).toBe('atp_t');
    const state = newGame({ rules: makeRules('fise'), seed: 's', players: 2 });
    const view = clientView(viewFor(state, 0), { names: ['Ana', 'Luis'], bots: [false, true] });
    const frame = (v: unknown) => JSON.stringify({ type: 'view', gameId: 'g', view: v });
    const count = events.length;
    sockets[0]!.frame('{not json');
    sockets[0]!.frame(JSON.stringify({ type: 'view', gameId: 'g', view: { ...view, rack: 'AB' } }));
    sockets[0]!.frame(JSON.stringify({ type: 'shout', text: 'hola' }));
    sockets[0]!.frame(new Uint8Array([1, 2, 3]));
    expect(events).toHaveLength(count);
    expect(c.view('g')).toBeUndefined();
    sockets[0]!.frame(frame({ ...view, version: 2 }));
    sockets[0]!.frame(frame({ ...view, version: 1 }));
    expect(c.view('g')!.version).toBe(2);
    expect(events.filter((e) => e.type === 'view')).toHaveLength(1);
    // Any frame of the protocol can be sent as it is.
    expect(c.send({ type: 'leave', gameId: 'g' })).toBe(true);
    expect(JSON.parse(sockets[0]!.sent.at(-1)!)).toEqual({ type: 'leave', gameId: 'g' });
    // An act carries the version of the newest view.
    void c.act('g', { kind: 'pass' });
    expect(JSON.parse(sockets[0]!.sent.at(-1)!)).toEqual({
      type: 'act',
      gameId: 'g',
      action: { kind: 'pass', version: 2 },
    });
    c.close();
  });

  it('waits longer after each failed attempt, with jitter, up to the cap; says hello with the token', async () => {
    const sockets: FakeSocket[] = [];
    const timers = manualTimers();
    const statuses: ConnectionEvent[] = [];
    let r = 0;
    const randoms = [0, 0.999, 0.5, 0, 0.999, 0, 0, 0.999];
    const c = new Connection({
      url: 'ws://x/ws',
      socket: () => {
        sockets.push(new FakeSocket());
        return sockets.at(-1)!;
      },
      listener: (e) => {
        if (e.type === 'status') statuses.push(e);
      },
      backoff: { initialMs: 100, maxMs: 1000 },
      random: () => randoms[r++]!,
      timers,
    });
    const opened = c.open();
    sockets[0]!.opened();
    sockets[0]!.frame(welcome);
    await opened;
    sockets[0]!.dropped();
    for (let i = 1; i <= 6; i++) {
      timers.fire();
      sockets[i]!.dropped();
    }
    // Ceilings 100, 200, 400, 800, 1000, 1000, 1000; each wait between half the ceiling and all.
    expect(timers.waits).toEqual([50, 200, 300, 400, 1000, 500, 500]);
    expect(statuses[0]).toEqual({ type: 'status', status: 'online' });
    expect(statuses[1]).toEqual({ type: 'status', status: 'lost', code: 1006 });
    expect(statuses.slice(2).map((s) => s.type === 'status' && s.status)).toEqual(
      Array(7).fill('reconnecting'),
    );
    timers.fire();
    const s = sockets[7]!;
    s.opened();
    expect(JSON.parse(s.sent[0]!)).toEqual({
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      token: 'atp_t',
    });
    s.frame(JSON.stringify({ type: 'welcome', playerId: 'p', name: 'Ana' }));
    expect(statuses.at(-1)).toEqual({ type: 'status', status: 'back' });
    // After coming back the waits start small again.
    s.dropped();
    expect(timers.waits.at(-1)).toBeLessThanOrEqual(100);
    c.close();
    expect(statuses.at(-1)).toEqual({ type: 'status', status: 'closed' });
    timers.fire();
    expect(sockets).toHaveLength(8);
  });
});

describe('links', () => {
  it('a game link carries the game and the invitation; the socket is the server’s /ws', () => {
    const link = gameLink('http://casa:8080', 'abcDEF_123-x', 'ats_Zz-_9');
    expect(link).toBe('http://casa:8080/#/partida/abcDEF_123-x?invitacion=ats_Zz-_9');
    expect(parseLink(link)).toEqual({
      server: 'http://casa:8080',
      gameId: 'abcDEF_123-x',
      seatToken: 'ats_Zz-_9',
    });
    expect(parseLink('https://atril.example/partida/g1')).toEqual({
      server: 'https://atril.example',
      gameId: 'g1',
    });
    expect(parseLink('casa:8080')).toEqual({ server: 'http://casa:8080' });
    expect(parseLink('ws://casa:8080/ws')).toEqual({ server: 'http://casa:8080' });
    expect(parseLink('http://casa:8080/otra/cosa')).toBeUndefined();
    expect(parseLink('no es una dirección')).toBeUndefined();
    expect(socketUrl('https://atril.example')).toBe('wss://atril.example/ws');
    expect(socketUrl('http://casa:8080/')).toBe('ws://casa:8080/ws');
  });
});

describe('Connection: lobby, my games, rematch and leave (for the web client)', () => {
  const welcome = JSON.stringify({ type: 'welcome', playerId: 'p', name: 'Ana' });
  const game = lobbyGame();

  it('asks for the lobby and my games, hands their frames over, and asks again after a drop', async () => {
    const sockets: FakeSocket[] = [];
    const timers = manualTimers();
    const events: ConnectionEvent[] = [];
    const c = new Connection({
      url: 'ws://x/ws',
      socket: () => {
        sockets.push(new FakeSocket());
        return sockets.at(-1)!;
      },
      token: 'atp_t',
      listener: (e) => events.push(e),
      timers,
      random: () => 0,
    });
    const opened = c.open();
    sockets[0]!.opened();
    sockets[0]!.frame(welcome);
    await opened;
    const sent = (s: FakeSocket) => s.sent.map((f) => JSON.parse(f) as { type: string });
    expect(c.subscribeLobby()).toBe(true);
    expect(c.listMyGames()).toBe(true);
    expect(sent(sockets[0]!).slice(1)).toEqual([
      { type: 'subscribeLobby' },
      { type: 'listMyGames' },
    ]);
    sockets[0]!.frame(JSON.stringify({ type: 'lobby', games: [game] }));
    sockets[0]!.frame(
      JSON.stringify({ type: 'lobbyGame', game: { ...game, phase: 'over', turn: null } }),
    );
    sockets[0]!.frame(
      JSON.stringify({ type: 'myGames', games: [{ ...game, seat: 0 }], finished: [] }),
    );
    sockets[0]!.frame(JSON.stringify({ type: 'rematch', gameId: 'g1', newGameId: 'g2' }));
    expect(
      events.filter((e) => e.type !== 'status' && e.type !== 'welcome').map((e) => e.type),
    ).toEqual(['lobby', 'lobbyGame', 'myGames', 'rematch']);
    expect(events.at(-1)).toEqual({ type: 'rematch', gameId: 'g1', newGameId: 'g2' });
    // After a reconnection the lobby is asked for again, as the games are re-entered.
    sockets[0]!.dropped();
    timers.fire();
    sockets[1]!.opened();
    sockets[1]!.frame(welcome);
    expect(sent(sockets[1]!).map((f) => f.type)).toEqual(['hello', 'subscribeLobby']);
    c.unsubscribeLobby();
    sockets[1]!.dropped();
    timers.fire();
    sockets[2]!.opened();
    sockets[2]!.frame(welcome);
    expect(sent(sockets[2]!).map((f) => f.type)).toEqual(['hello']);
    c.close();
  });

  it('asks for a rematch, and leaving a game stops re-entering it after a drop', async () => {
    const sockets: FakeSocket[] = [];
    const timers = manualTimers();
    const c = new Connection({
      url: 'ws://x/ws',
      socket: () => {
        sockets.push(new FakeSocket());
        return sockets.at(-1)!;
      },
      token: 'atp_t',
      timers,
      random: () => 0,
    });
    const opened = c.open();
    sockets[0]!.opened();
    sockets[0]!.frame(welcome);
    await opened;
    const state = newGame({ rules: makeRules('fise'), seed: 's', players: 2 });
    const view = clientView(viewFor(state, 0), { names: ['Ana', 'Luis'], bots: [false, true] });
    const joined = c.join('g1');
    sockets[0]!.frame(JSON.stringify({ type: 'view', gameId: 'g1', view }));
    await joined;
    expect(c.rematch('g1')).toBe(true);
    expect(c.leave('g1')).toBe(true);
    expect(sockets[0]!.sent.slice(-2).map((f) => JSON.parse(f) as unknown)).toEqual([
      { type: 'rematch', gameId: 'g1' },
      { type: 'leave', gameId: 'g1' },
    ]);
    expect(c.view('g1')).toBeUndefined();
    sockets[0]!.dropped();
    timers.fire();
    sockets[1]!.opened();
    sockets[1]!.frame(welcome);
    expect(sockets[1]!.sent.map((f) => (JSON.parse(f) as { type: string }).type)).toEqual([
      'hello',
    ]);
    c.close();
  });

  it("a leave's refusal is not the answer to a join of the same game sent after it", async () => {
    const socket = new FakeSocket();
    const c = new Connection({
      url: 'ws://x/ws',
      socket: () => socket,
      token: 'atp_t',
      timers: manualTimers(),
      random: () => 0,
    });
    const opened = c.open();
    socket.opened();
    socket.frame(welcome);
    await opened;
    // A page asked for one invitation, was refused, and asks for another: it leaves (having
    // never entered) and joins again.
    c.leave('g1');
    const joined = c.join('g1', { seatToken: 'ats_b' });
    socket.frame(
      JSON.stringify({
        type: 'error',
        code: 'NOT_IN_GAME',
        gameId: 'g1',
        data: { frame: 'leave' },
      }),
    );
    socket.frame(
      JSON.stringify({ type: 'error', code: 'SEAT_TAKEN', gameId: 'g1', data: { seat: 1 } }),
    );
    await expect(joined).rejects.toMatchObject({ code: 'SEAT_TAKEN', data: { seat: 1 } });
    c.close();
  });
});
