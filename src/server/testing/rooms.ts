/**
 * Test helpers for the room's WebSocket: a real server on a loopback port over SQLite or a
 * PostgreSQL database, and a `ws` client that records every frame it receives and waits for
 * the ones a test expects.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { botMove, makeBot } from '../../ai/bots.js';
import { MoveGenerator } from '../../ai/movegen.js';
import { MoveList } from '../../ai/movelist.js';
import { Rng } from '../../ai/rng.js';
import type { Move } from '../../engine/move.js';
import { scoringOf } from '../../engine/rules.js';
import type { GameView } from '../../engine/view.js';
import type { Lexicon } from '../../lexicon/index.js';
import {
  type ClientView,
  PROTOCOL_VERSION,
  type ServerMessage,
  serverMessageSchema,
} from '../../protocol/index.js';
import { buildApp } from '../app.js';
import type { BotPool } from '../bots/pool.js';
import type { ChatRate } from '../rooms/chatLimit.js';
import type { NewPlayerRate } from '../rooms/newPlayers.js';
import type { PresenceTiming } from '../rooms/presence.js';
import { Games } from '../rooms/games.js';
import { reviewRoutes } from '../rooms/reviewRoute.js';
import { type RateLimit, roomRoutes } from '../rooms/socket.js';
import { type Store, openPostgresStore, openSqliteStore } from '../store/index.js';
import type { TestPostgres } from './postgres.js';

/** A WebSocket client that records every frame it receives and can wait for one. */
export class Client {
  /** Every frame received, as sent (text), in order. */
  readonly raw: string[] = [];
  private readonly pending: ServerMessage[] = [];
  private waiters: (() => void)[] = [];
  /** The latest view received, per game. */
  readonly views = new Map<string, ClientView>();
  /** Resolves to the close code once the connection is closed. */
  readonly closed: Promise<number>;
  private isClosed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      const msg = serverMessageSchema.parse(JSON.parse(text));
      if (msg.type === 'view') this.views.set(msg.gameId, msg.view);
      this.pending.push(msg);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code) => {
        this.isClosed = true;
        this.wake();
        resolve(code);
      }),
    );
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Connects to `ws://base/ws`, with `headers` on the upgrade request (X-Forwarded-For …). */
  static open(base: string, headers?: Record<string, string>): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${base}/ws`, headers && { headers });
      ws.once('open', () => resolve(new Client(ws)));
      ws.once('error', reject);
    });
  }

  /** Sends a message as JSON (a string as it is). */
  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The first frame not yet taken that matches, waiting for it if needed. */
  take<T extends ServerMessage['type']>(
    type: T,
    pred: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    return this.takeAny(
      (m) => m.type === type && pred(m as Extract<ServerMessage, { type: T }>),
    ) as Promise<Extract<ServerMessage, { type: T }>>;
  }

  private takeAny(pred: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const look = () => {
        const i = this.pending.findIndex(pred);
        if (i < 0) this.waiters.push(look);
        else resolve(this.pending.splice(i, 1)[0]!);
      };
      look();
    });
  }

  /**
   * The next frame not yet taken, or `closed` once the connection is closed with nothing
   * left to take: what a test waits for after sending a frame that must be answered or end
   * the connection.
   */
  next(): Promise<ServerMessage | 'closed'> {
    return new Promise((resolve) => {
      const look = () => {
        if (this.pending.length > 0) resolve(this.pending.shift()!);
        else if (this.isClosed) resolve('closed');
        else this.waiters.push(look);
      };
      look();
    });
  }

  /** Frames of a type received and not yet taken (without waiting). */
  untaken<T extends ServerMessage['type']>(type: T): Extract<ServerMessage, { type: T }>[] {
    return this.pending.filter((m) => m.type === type) as Extract<ServerMessage, { type: T }>[];
  }

  /** The view of a game once it has reached `version`. */
  async viewAt(gameId: string, version: number): Promise<ClientView> {
    await new Promise<void>((resolve) => {
      const look = () => {
        if ((this.views.get(gameId)?.version ?? -1) >= version) resolve();
        else this.waiters.push(look);
      };
      look();
    });
    return this.views.get(gameId)!;
  }

  /** The latest view of a game once it satisfies `pred`. */
  async viewWhere(gameId: string, pred: (v: ClientView) => boolean): Promise<ClientView> {
    await new Promise<void>((resolve) => {
      const look = () => {
        const v = this.views.get(gameId);
        if (v && pred(v)) resolve();
        else this.waiters.push(look);
      };
      look();
    });
    return this.views.get(gameId)!;
  }

  /** The answer to this client's latest act on a game: its ack or its error. */
  answer(gameId: string): Promise<ServerMessage> {
    return this.takeAny((m) => (m.type === 'ack' || m.type === 'error') && m.gameId === gameId);
  }

  /** Starts the closing handshake. */
  close(): void {
    this.ws.close();
  }
}

/** Says hello as a new player; resolves to the client and its player token. */
export async function newPlayer(base: string, name: string): Promise<{ c: Client; token: string }> {
  const c = await Client.open(base);
  c.send({ type: 'hello', protocol: PROTOCOL_VERSION, name });
  const w = await c.take('welcome');
  expect(w.name).toBe(name);
  expect(w.token).toMatch(/^atp_/);
  return { c, token: w.token! };
}

/** Connects again as a known player (by token); resolves once welcomed. */
export async function returning(base: string, token: string): Promise<Client> {
  const c = await Client.open(base);
  c.send({ type: 'hello', protocol: PROTOCOL_VERSION, token });
  await c.take('welcome');
  return c;
}

/** A good move for a seat's view, chosen by the amateur bot (the view as the bot reads it). */
export function goodMove(lex: Lexicon, v: ClientView): Move {
  const gen = new MoveGenerator(lex.nodes, lex.set, scoringOf(v.rules));
  // The wire view with the two fields a bot reads under the engine's names.
  const view = {
    ...v,
    viewer: v.seat,
    scores: v.seats.map((seat) => seat.score),
  } as unknown as GameView;
  return botMove(makeBot('aficionado'), view, gen, new MoveList(), new Rng(v.version), (t) =>
    lex.isWord(t),
  );
}

/** A room server listening on loopback. */
export interface RoomServer {
  /** `127.0.0.1:PORT`. */
  readonly base: string;
  readonly app: FastifyInstance;
  readonly games: Games;
  readonly store: Store;
}

/** Options of a test server beyond the backend. */
export interface RoomServerOptions {
  readonly rate?: RateLimit;
  readonly chatRate?: ChatRate;
  readonly maxBotGames?: number;
  readonly newPlayerRate?: NewPlayerRate;
  readonly bots?: BotPool;
  readonly finishedTtlMs?: number;
  /** The hosts' clock for turn times (HostDeps.now); default the real one. */
  readonly now?: () => number;
  /**
   * A PostgreSQL URL to share with other servers (each follows the others' appends, as
   * `atril serve` does); default: a new database of the backend.
   */
  readonly db?: string;
  /** Where the server's JSON log lines (warnings and above) go; default: no logs. */
  readonly logStream?: { write(line: string): void };
  /** How soon a seat without a connection is shown away, and the heartbeat (RoomDeps). */
  readonly presence?: Partial<PresenceTiming>;
}

/** Starts room servers on one backend (a new database each) and closes them all at the end. */
export class RoomServers {
  private readonly started: RoomServer[] = [];
  private files = 0;

  constructor(
    private readonly backend: 'sqlite' | 'postgres',
    private readonly env: { tmp: string; lex: () => Lexicon; pg: () => TestPostgres },
  ) {}

  /** A new server with an empty database. */
  async start(opts: RoomServerOptions = {}): Promise<RoomServer> {
    const store =
      opts.db !== undefined
        ? await openPostgresStore(opts.db)
        : this.backend === 'sqlite'
          ? openSqliteStore(join(this.env.tmp, `${this.backend}-${++this.files}-${process.pid}.db`))
          : await openPostgresStore(await this.env.pg().newDatabase());
    const lex = this.env.lex();
    // Each server deals the same sequence of bags, so a test meets the same racks every run.
    let dealt = 0;
    const games = new Games(
      {
        store,
        judge: () => lex,
        ...(opts.bots && { bots: opts.bots }),
        ...(opts.now && { now: opts.now }),
      },
      {
        seeds: () => `prueba-${++dealt}`,
        ...(opts.finishedTtlMs !== undefined && { finishedTtlMs: opts.finishedTtlMs }),
      },
    );
    if (opts.db !== undefined) await games.follow();
    const app = await buildApp({
      store,
      ...(opts.logStream ? { logLevel: 'warn', logStream: opts.logStream } : { logLevel: false }),
      routes: async (app) => {
        await app.register(
          roomRoutes({
            store,
            games,
            lexicons: ['spanish'],
            ...(opts.rate && { rate: opts.rate }),
            ...(opts.chatRate && { chatRate: opts.chatRate }),
            ...(opts.maxBotGames !== undefined && { maxBotGames: opts.maxBotGames }),
            ...(opts.newPlayerRate && { newPlayerRate: opts.newPlayerRate }),
            ...(opts.presence && { presence: opts.presence }),
          }),
        );
        // The review is computed in the bot pool, so only a server with one offers it.
        if (opts.bots) await app.register(reviewRoutes({ store, bots: opts.bots }));
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const server = { base: `127.0.0.1:${port}`, app, games, store };
    this.started.push(server);
    return server;
  }

  /** Closes every server started, then its games and its database. */
  async closeAll(): Promise<void> {
    for (const s of this.started) {
      await s.app.close();
      await s.games.closeAll();
      await s.store.close();
    }
    this.started.length = 0;
  }
}
