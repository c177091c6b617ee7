/**
 * Bad input against a real server (issue 11, "Done when"): with a game in progress, 10,000
 * malformed, oversized and random WebSocket frames — not JSON, wrong types, unknown fields,
 * huge strings, deep nesting, binary frames, frames before hello, floods, and actions that
 * look valid but carry a wrong version, seat or tiles — plus bad HTTP requests. The server
 * answers every frame with a coded error (a protocol code or an engine code) or closes that
 * connection, answers every HTTP request with a 4xx or drops it, stays up, and the game does
 * not change: same events in the store, same version, nothing broadcast; a player then plays
 * on. Chat goes out and is stored as the exact text sent, never interpreted.
 *
 * Every random choice comes from one seed (FUZZ_SEED in the environment overrides it), and a
 * failure names the connection and frame, so a failing run can be repeated exactly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../ai/rng.js';
import { apply } from '../../engine/apply.js';
import type { GameErrorCode } from '../../engine/errors.js';
import type { GameState } from '../../engine/gameState.js';
import type { Move } from '../../engine/move.js';
import { type Lexicon, loadDefaultLexicon } from '../../lexicon/index.js';
import {
  type ClientMessage,
  type ServerMessage,
  MAX_CHAT_LENGTH,
  PROTOCOL_VERSION,
  SERVER_ERROR_CODES,
  clientMessageSchema,
} from '../../protocol/index.js';
import { MAX_MESSAGE_BYTES, buildApp } from '../app.js';
import { type Store, openSqliteStore } from '../store/index.js';
import { Client, goodMove } from '../testing/rooms.js';
import { Games } from './games.js';
import { roomRoutes } from './socket.js';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_251_201);
const FRAMES = 10_000;
// Connections fuzzing at once; each sends fewer frames than the rate limit's burst, so most
// frames reach the parser instead of being refused as a flood (floods are a category).
const PARALLEL = 8;
const MAX_FRAMES_PER_CONNECTION = 30;

// Every engine code, as a record so that a code added to the engine's type must be added here.
const ENGINE_CODES: Record<GameErrorCode, true> = {
  NO_TILES: true,
  OFF_BOARD: true,
  SQUARE_OCCUPIED: true,
  DUPLICATE_SQUARE: true,
  BLANK_NOT_DESIGNATED: true,
  UNKNOWN_TILE: true,
  NOT_IN_LINE: true,
  GAP: true,
  FIRST_NOT_CENTER: true,
  FIRST_TOO_SHORT: true,
  NOT_CONNECTED: true,
  GAME_OVER: true,
  STALE_VERSION: true,
  BAD_SEAT: true,
  BAD_ACTION: true,
  NOT_YOUR_TURN: true,
  NOT_IN_RACK: true,
  LETTER_NOT_IN_SET: true,
  INVALID_WORD: true,
  NOTHING_TO_EXCHANGE: true,
  BAG_TOO_SMALL_TO_EXCHANGE: true,
  NOTHING_TO_CHALLENGE: true,
  NO_CHALLENGES: true,
  FINAL_CHALLENGE_WINDOW: true,
  NOTHING_TO_ACCEPT: true,
  NOT_CLAIMABLE: true,
};
// SERVER_ERROR is a code too, but it means the server failed: the fuzz test must not cause it.
const CODES = new Set<string>([
  ...SERVER_ERROR_CODES.filter((c) => c !== 'SERVER_ERROR'),
  ...Object.keys(ENGINE_CODES),
]);

let lex: Lexicon;
const tmp = mkdtempSync(join(tmpdir(), 'atril-fuzz-'));
let app: FastifyInstance;
let games: Games;
let store: Store;
let base: string;

beforeAll(async () => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
  store = openSqliteStore(join(tmp, 'fuzz.db'));
  games = new Games({ store, judge: () => lex });
  app = await buildApp({
    store,
    logLevel: false,
    routes: roomRoutes({ store, games, lexicons: ['spanish'] }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await app?.close();
  await games.closeAll();
  await store.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Says hello (as a new player, or with a token) and waits for the welcome. */
async function hello(name: string, token?: string) {
  const c = await Client.open(base);
  c.send({ type: 'hello', protocol: PROTOCOL_VERSION, ...(token ? { token } : { name }) });
  const w = await c.take('welcome');
  return { c, token: token ?? w.token! };
}

/** Ana and Bruno at a game two moves in, and Olga watching. */
async function gameInProgress() {
  const ana = await hello('Ana');
  ana.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
  const created = await ana.c.take('created');
  const gameId = created.gameId;
  const bruno = await hello('Bruno');
  bruno.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
  await bruno.c.viewAt(gameId, 0);
  const olga = await hello('Olga');
  olga.c.send({ type: 'join', gameId });
  await olga.c.viewAt(gameId, 0);
  const seats = [ana.c, bruno.c];
  let version = ana.c.views.get(gameId)!.version;
  for (let i = 0; i < 2; i++) {
    const views = await Promise.all(seats.map((c) => c.viewAt(gameId, version)));
    const turn = views[0]!.turn;
    seats[turn]!.send({
      type: 'act',
      gameId,
      action: { ...goodMove(lex, views[turn]!), version },
    });
    const answer = await seats[turn]!.answer(gameId);
    if (answer.type !== 'ack') throw new Error(`setup move refused: ${JSON.stringify(answer)}`);
    version = answer.version;
  }
  await olga.c.viewAt(gameId, version);
  return { ana, bruno, olga, gameId, seats };
}

/** One frame to send: text, or bytes sent as a binary frame. */
type Frame = string | Buffer;

/** The random-frame generator of one fuzzing connection (see frameFor). */
class Fuzzer {
  constructor(
    readonly rng: Rng,
    readonly gameId: string,
    /** The game as the server holds it now, to check an action would be refused. */
    readonly state: () => GameState,
    /** The seat this connection's player holds, if any. */
    readonly seat: number | null,
  ) {}

  /** Whether the connection has joined the game's room (so chat and acts reach it). */
  joined = false;

  /**
   * Whether the server must refuse a frame: anything that is not a valid message, and of the
   * valid ones those that name another game, a seat not this player's, an unknown lexicon,
   * a second hello, or an action the engine refuses in the game's state now. A random frame
   * that the server would accept (a chat line, a new game, a legal move) is drawn again, so
   * that the fuzzer changes nothing by chance.
   */
  refused(frame: Frame): boolean {
    if (typeof frame !== 'string') return true;
    let json: unknown;
    try {
      json = JSON.parse(frame);
    } catch {
      return true;
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) return true;
    const msg: ClientMessage = parsed.data;
    switch (msg.type) {
      case 'hello':
        return true;
      case 'create':
        return msg.lexicon !== undefined && msg.lexicon !== 'spanish';
      case 'join':
        if (msg.gameId !== this.gameId) return true;
        if (msg.seatToken !== undefined) return true;
        return msg.seat !== undefined && msg.seat !== this.seat;
      case 'chat':
        return msg.gameId !== this.gameId || !this.joined;
      case 'act': {
        if (msg.gameId !== this.gameId || !this.joined || this.seat === null) return true;
        const action = { ...(msg.action as Move), version: msg.action.version, seat: this.seat };
        return !apply(this.state(), action, lex).ok;
      }
      default:
        // Leaving, rematches and the lobby may be answered without an error: drawn again.
        return false;
    }
  }

  /** A frame the server must refuse (see refused). */
  badFrame(): Frame {
    for (;;) {
      const f = this.frame();
      if (this.refused(f)) return f;
    }
  }

  /** A frame before hello: anything but a hello, which might be a good one. */
  beforeHello(): Frame {
    for (;;) {
      const f = this.frame();
      if (typeof f !== 'string' || !f.includes('hello')) return f;
    }
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.rng.int(xs.length)]!;
  }

  text(max: number): string {
    const n = this.rng.int(max + 1);
    let s = '';
    for (let i = 0; i < n; i++) {
      const r = this.rng.next();
      // Mostly ASCII, with control characters, Latin-1, astral symbols and lone surrogates.
      s +=
        r < 0.7
          ? String.fromCharCode(32 + this.rng.int(95))
          : r < 0.8
            ? String.fromCharCode(this.rng.int(32))
            : r < 0.9
              ? String.fromCharCode(0xa0 + this.rng.int(0x160))
              : r < 0.95
                ? String.fromCodePoint(0x1f300 + this.rng.int(0x300))
                : String.fromCharCode(0xd800 + this.rng.int(0x800));
    }
    return s;
  }

  /** A JSON value of a random type (the wrong one, mostly). */
  value(depth = 0): unknown {
    const k = this.rng.int(depth > 2 ? 7 : 9);
    switch (k) {
      case 0:
        return null;
      case 1:
        return this.rng.next() < 0.5;
      case 2:
        return this.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 255, 256, 4, 15]);
      case 3:
        return this.text(20);
      case 4:
        return '';
      case 5:
        return this.pick([
          'H',
          'V',
          'open',
          'invite',
          'pass',
          'place',
          'hello',
          'act',
          '__proto__',
        ]);
      case 6:
        return this.rng.int(1000);
      case 7:
        return Array.from({ length: this.rng.int(5) }, () => this.value(depth + 1));
      default:
        return {
          [this.pick(['type', 'kind', 'a', '__proto__', 'constructor'])]: this.value(depth + 1),
        };
    }
  }

  /** A message the protocol accepts in shape, used as the template of a broken one. */
  template(): Record<string, unknown> {
    const version = this.state().version;
    return this.pick<() => Record<string, unknown>>([
      () => ({ type: 'hello', protocol: PROTOCOL_VERSION, name: 'X' }),
      () => ({ type: 'create', preset: 'fise', seats: ['open', 'invite'] }),
      () => ({ type: 'join', gameId: this.gameId }),
      () => ({ type: 'act', gameId: this.gameId, action: { kind: 'pass', version } }),
      () => ({
        type: 'act',
        gameId: this.gameId,
        action: { kind: 'place', version, row: 7, col: 7, dir: 'H', tiles: [1, 2] },
      }),
      () => ({ type: 'chat', gameId: this.gameId, text: 'hola' }),
    ])();
  }

  /** The next frame: one of the categories below, by weight. */
  frame(): Frame {
    const r = this.rng.int(100);
    if (r < 10) return this.notJson();
    if (r < 25) return JSON.stringify(this.wrongType());
    if (r < 35) return JSON.stringify({ ...this.template(), [this.text(8) || 'x']: this.value() });
    if (r < 42) return JSON.stringify(this.huge());
    if (r < 47) return this.deep();
    if (r < 53)
      return Buffer.from(Array.from({ length: this.rng.int(200) }, () => this.rng.int(256)));
    if (r < 85) return JSON.stringify(this.lookingValid());
    return JSON.stringify(this.refusedRequest());
  }

  notJson(): string {
    const valid = JSON.stringify(this.template());
    return this.pick<() => string>([
      () => this.text(200),
      () => valid.slice(0, this.rng.int(valid.length)),
      () => valid.replace(/"/g, "'"),
      () => valid + '}',
      () => '',
      () => this.pick(['null', 'true', '0', '"hello"', '[]', '{}', 'NaN', 'undefined']),
    ])();
  }

  wrongType(): unknown {
    const t = this.template();
    const keys = Object.keys(t);
    const key = this.pick(keys);
    if (key === 'action' && this.rng.next() < 0.7) {
      const action = { ...(t['action'] as Record<string, unknown>) };
      action[this.pick(Object.keys(action))] = this.value();
      return { ...t, action };
    }
    if (this.rng.next() < 0.1) return this.pick([[t], 'x', 1, null]);
    return { ...t, [key]: this.value() };
  }

  huge(): unknown {
    const n = 1000 + this.rng.int(MAX_MESSAGE_BYTES - 2000);
    const big = 'ñ'.repeat(n / 2);
    return this.pick<() => unknown>([
      () => ({ type: 'chat', gameId: this.gameId, text: big }),
      () => ({ type: 'hello', protocol: PROTOCOL_VERSION, name: big }),
      () => ({ type: 'join', gameId: big }),
      () => ({
        type: 'act',
        gameId: this.gameId,
        action: { kind: 'exchange', version: 0, tiles: Array(Math.floor(n / 8)).fill(1) },
      }),
      () => ({ type: 'create', preset: 'fise', seats: Array(Math.floor(n / 8)).fill('open') }),
      () => ({ type: big.slice(0, 50) }),
    ])();
  }

  deep(): string {
    const depth = 100 + this.rng.int(MAX_MESSAGE_BYTES / 4);
    return this.pick<() => string>([
      () => '['.repeat(depth) + ']'.repeat(depth),
      () => '{"a":'.repeat(depth / 5) + '1' + '}'.repeat(depth / 5),
      () =>
        `{"type":"act","gameId":"${this.gameId}","action":` +
        '{"kind":'.repeat(depth / 9) +
        '"pass"' +
        '}'.repeat(depth / 9) +
        '}',
      () => '['.repeat(depth),
    ])();
  }

  /**
   * An act that looks right: a version that is the game's or not, any seat's turn, tiles the
   * rack may lack, now and then a field out of range or a game not joined.
   */
  lookingValid(): unknown {
    const version = this.state().version;
    const act: Record<string, unknown> = {
      type: 'act',
      gameId: this.rng.next() < 0.1 ? this.pick(['x', 'nope', this.gameId + 'x']) : this.gameId,
      action: {
        ...this.move(),
        version: this.pick([
          version,
          version,
          version - 1,
          version + 1 + this.rng.int(3),
          0,
          this.pick([-1, 1.5, 2 ** 31, 1e100]),
        ]),
      },
    };
    if (this.rng.next() < 0.05) (act['action'] as Record<string, unknown>)['seat'] = this.seat ?? 0;
    return act;
  }

  move(): Record<string, unknown> {
    const letters = lex.set.letters.length;
    const tiles = () =>
      Array.from({ length: 1 + this.rng.int(8) }, () =>
        this.pick([
          this.rng.int(letters + 1),
          this.rng.int(256),
          0x80,
          0x80 | this.rng.int(letters + 1),
        ]),
      );
    return this.pick<() => Record<string, unknown>>([
      () => ({ kind: 'pass' }),
      () => ({ kind: 'resign' }),
      () => ({ kind: 'challenge' }),
      () => ({ kind: 'accept' }),
      () => ({ kind: 'exchange', tiles: tiles() }),
      () => ({ kind: 'exchange', tiles: [] }),
      () => ({
        kind: 'place',
        row: this.rng.int(17) - 1,
        col: this.rng.int(17) - 1,
        dir: this.pick(['H', 'V', 'D']),
        tiles: tiles(),
      }),
      () => ({ kind: this.pick(['move', 'undo', 'PASS', '']) }),
    ])();
  }

  /** Well-formed requests the server must refuse: no such game, a used seat, a second hello. */
  refusedRequest(): unknown {
    const controls = String.fromCharCode(this.rng.int(32));
    return this.pick<() => unknown>([
      () => ({ type: 'hello', protocol: PROTOCOL_VERSION }),
      () => ({ type: 'join', gameId: this.pick(['nope', 'x'.repeat(32)]) }),
      () => ({ type: 'join', gameId: this.gameId, seat: this.rng.int(4) }),
      () => ({ type: 'join', gameId: this.gameId, seatToken: 'ats_' + 'A'.repeat(43) }),
      () => ({ type: 'join', gameId: this.gameId, seatToken: this.text(64) || 'x' }),
      () => ({ type: 'create', preset: 'fise', seats: ['open', 'open'], lexicon: 'klingon' }),
      () => ({ type: 'create', preset: 'fise', seats: ['open'] }),
      () => ({ type: 'chat', gameId: 'nope', text: 'hola' }),
      () => ({ type: 'chat', gameId: this.gameId, text: `a${controls}b` }),
      () => ({ type: 'chat', gameId: this.gameId, text: '   ' }),
      () => ({ type: 'chat', gameId: this.gameId, text: 'x'.repeat(MAX_CHAT_LENGTH + 1) }),
      () => ({ type: this.pick(['leave', 'HELLO', 'view', 'ack', 'error']) }),
    ])();
  }
}

/** What happened to the frames of one connection. */
interface Outcome {
  sent: number;
  codes: Map<string, number>;
  closes: number;
}

// One connection in this many floods (sends its frames all at once, more than the burst).
const FLOOD_EVERY = 40;

/**
 * Fuzzes over one connection, numbered `n`: it says hello (or, one time in eight, sends
 * garbage first), joins the game (three times in four) as one of the people or as a
 * stranger, then sends its frames one by one and waits for each answer; a flood connection
 * sends them all at once.
 */
async function fuzzConnection(
  n: number,
  budget: number,
  ctx: {
    gameId: string;
    host: { readonly state: GameState };
    tokens: { token: string; seat: number | null }[];
  },
  out: Outcome,
): Promise<void> {
  const rng = new Rng(SEED + n);
  const who = ctx.tokens[rng.int(ctx.tokens.length)]!;
  const fuzzer = new Fuzzer(rng, ctx.gameId, () => ctx.host.state, who.seat);
  const c = await Client.open(base);
  const where = (i: number, frame: Frame) =>
    `seed ${SEED}, connection ${n}, frame ${i}: ${String(frame).slice(0, 200)}`;
  // An answer must be an error with a known code, or the connection's end.
  const refusedWithCode = (answer: ServerMessage | 'closed', i: number, frame: Frame) => {
    if (answer === 'closed') {
      out.closes++;
      return false;
    }
    expect(answer.type, where(i, frame)).toBe('error');
    const code = (answer as { code: string }).code;
    expect(CODES.has(code), `${code} at ${where(i, frame)}`).toBe(true);
    out.codes.set(code, (out.codes.get(code) ?? 0) + 1);
    return true;
  };
  const sendOne = (frame: Frame) => {
    out.sent++;
    c.ws.send(frame, { binary: typeof frame !== 'string' });
  };

  if (rng.int(8) === 0) {
    // Before hello: anything but a hello with this protocol and a known token is refused.
    const frame = fuzzer.pick<() => Frame>([
      () => fuzzer.beforeHello(),
      () => fuzzer.beforeHello(),
      () => JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION + 1 + rng.int(5) }),
      () =>
        JSON.stringify({
          type: 'hello',
          protocol: PROTOCOL_VERSION,
          token: 'atp_' + 'B'.repeat(43),
        }),
      () =>
        JSON.stringify({
          type: 'hello',
          protocol: PROTOCOL_VERSION,
          token: fuzzer.text(64) || 'y',
        }),
    ])();
    sendOne(frame);
    refusedWithCode(await c.next(), 0, frame);
    if (c.ws.readyState !== c.ws.OPEN) return;
  }
  c.send({ type: 'hello', protocol: PROTOCOL_VERSION, token: who.token });
  expect(await c.next(), `seed ${SEED}, connection ${n}`).toMatchObject({ type: 'welcome' });
  if (rng.int(4) > 0) {
    c.send({ type: 'join', gameId: ctx.gameId });
    expect(await c.next(), `seed ${SEED}, connection ${n}`).toMatchObject({ type: 'view' });
    fuzzer.joined = true;
  }

  if (n % FLOOD_EVERY === FLOOD_EVERY - 1) {
    // A flood: more frames than the burst allows, all at once, none of them a strike by
    // itself. Each is answered with a code (RATE_LIMITED past the burst) until the connection
    // closes.
    const frames = Array.from({ length: 45 + rng.int(40) }, () => {
      for (;;) {
        const f = JSON.stringify(
          rng.next() < 0.5 ? fuzzer.lookingValid() : fuzzer.refusedRequest(),
        );
        if (fuzzer.refused(f)) return f;
      }
    });
    for (const f of frames) sendOne(f);
    for (let i = 0; i < frames.length; i++)
      if (!refusedWithCode(await c.next(), i, frames[i]!)) break;
  } else {
    for (let i = 0; i < budget && c.ws.readyState === c.ws.OPEN; i++) {
      // Now and then a frame too large for the server, which closes the connection at once.
      const frame =
        rng.int(150) === 0
          ? JSON.stringify({
              type: 'chat',
              gameId: ctx.gameId,
              text: 'x'.repeat(MAX_MESSAGE_BYTES),
            })
          : fuzzer.badFrame();
      sendOne(frame);
      if (!refusedWithCode(await c.next(), i, frame)) break;
    }
  }
  c.close();
  await c.closed;
}

/** Sends one raw HTTP request and resolves to the status the server answered, or 0 for none. */
function rawHttp(request: Buffer | string): Promise<number> {
  const [host, port] = base.split(':');
  return new Promise((resolve) => {
    const sock = connect(Number(port), host!);
    let got = '';
    const timer = setTimeout(() => sock.destroy(), 5000);
    sock.on('data', (d) => {
      got += d.toString('latin1');
    });
    sock.on('error', () => {});
    sock.on('close', () => {
      clearTimeout(timer);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      resolve(m ? Number(m[1]) : 0);
    });
    sock.write(request, () => sock.end());
  });
}

/** Bad HTTP requests of every kind, from a seeded generator. */
function badRequests(rng: Rng): (Buffer | string)[] {
  const key = 'dGhlIHNhbXBsZSBub25jZQ==';
  const ws = (extra: string, path = '/ws') =>
    `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n${extra}\r\n`;
  const fixed: (Buffer | string)[] = [
    'GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'DELETE /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'PUT /ws HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 3\r\n\r\nabc',
    'BREW /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    `POST /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${MAX_MESSAGE_BYTES * 4}\r\n\r\n${'{'.repeat(MAX_MESSAGE_BYTES * 4)}`,
    `POST /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\n\r\n{"a":`,
    `GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
    `GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${Array.from({ length: 3000 }, (_, i) => `X-${i}: y\r\n`).join('')}\r\n`,
    `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    'GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n',
    'GET /healthz HTTP/9.9\r\n\r\n',
    'GET\r\n\r\n',
    '\r\n\r\n\r\n',
    ws(`Sec-WebSocket-Version: 13\r\n`), // no key
    ws(`Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 7\r\n`),
    ws(`Sec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n`),
    ws(`Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n`, '/nope'),
    ws(`Sec-WebSocket-Key: !!!not base64!!!\r\nSec-WebSocket-Version: 13\r\n`),
    ws(`Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: ,,,\r\n`),
    'GET /ws HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', // a plain GET on the socket route
    `POST /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  ];
  const random = Array.from({ length: 60 }, () =>
    Buffer.from(Array.from({ length: 1 + rng.int(3000) }, () => rng.int(256))),
  );
  return [...fixed, ...random];
}

describe('bad input against a running server', () => {
  it(`answers ${FRAMES} bad frames and bad HTTP requests with codes or closes, and the game does not change`, async () => {
    const { ana, bruno, olga, gameId, seats } = await gameInProgress();
    const { token: stranger } = await hello('Pepe');
    const host = (await games.get(gameId))!;
    const before = {
      events: await store.events(gameId),
      version: host.state.version,
      game: await store.getGame(gameId),
      games: (await store.listGames(['open', 'playing', 'finished'])).length,
      olga: olga.c.raw.length,
    };
    const ctx = {
      gameId,
      host,
      tokens: [
        { token: ana.token, seat: 0 },
        { token: bruno.token, seat: 1 },
        { token: stranger, seat: null },
      ],
    };
    const out: Outcome = { sent: 0, codes: new Map(), closes: 0 };
    let next = 0;
    const worker = async () => {
      while (out.sent < FRAMES) {
        const n = next++;
        const budget = 1 + new Rng(SEED ^ (n * 7919)).int(MAX_FRAMES_PER_CONNECTION);
        await fuzzConnection(n, Math.min(budget, FRAMES - out.sent), ctx, out);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect(out.sent).toBeGreaterThanOrEqual(FRAMES);
    // The categories all reached the server: parse errors, refusals by the rooms and by the
    // engine, floods and closes.
    for (const code of [
      'BAD_JSON',
      'BAD_MESSAGE',
      'HELLO_FIRST',
      'STALE_VERSION',
      'NOT_YOUR_TURN',
      'NO_SUCH_GAME',
      'RATE_LIMITED',
    ])
      expect(out.codes.get(code) ?? 0, code).toBeGreaterThan(0);
    expect(out.closes).toBeGreaterThan(0);

    const rng = new Rng(SEED);
    for (const req of badRequests(rng)) {
      const status = await rawHttp(req);
      expect(
        status === 0 || (status >= 400 && status < 500),
        `HTTP ${status} for ${String(req).slice(0, 250)}`,
      ).toBe(true);
    }

    // Up, and the game exactly as it was: same events, same version, nothing sent to Olga.
    const health = await fetch(`http://${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await store.events(gameId)).toEqual(before.events);
    expect(host.state.version).toBe(before.version);
    expect(await store.getGame(gameId)).toEqual(before.game);
    expect((await store.listGames(['open', 'playing', 'finished'])).length).toBe(before.games);
    expect(await store.chat(gameId)).toEqual([]);
    expect(olga.c.raw.length).toBe(before.olga);

    // The player on turn plays on, and everyone sees it.
    const v = ana.c.views.get(gameId)!;
    const mover = seats[v.turn]!;
    const move = goodMove(lex, mover.views.get(gameId)!);
    mover.send({ type: 'act', gameId, action: { ...move, version: v.version } });
    expect(await mover.answer(gameId)).toEqual({
      type: 'ack',
      gameId,
      version: expect.any(Number) as number,
    });
    expect((await olga.c.viewAt(gameId, v.version + 1)).version).toBeGreaterThan(v.version);
  });

  it('sends and stores chat as the exact text written, never as markup', async () => {
    const { ana, bruno, olga, gameId } = await gameInProgress();
    const lines = [
      '<script>alert("¡hola!")</script><img src=x onerror=alert(1)>',
      '&lt;b&gt; &amp; \\u0000 \\n {"type":"view"} </textarea>',
      'ÑANDÚ 👩‍👩‍👧‍👦 🇪🇸 n\u0303 \u200fשלום\u200e \u202eevil\u202c \u2028\u2029 \ufeff',
      'ñ'.repeat(MAX_CHAT_LENGTH),
    ];
    for (const text of lines) {
      ana.c.send({ type: 'chat', gameId, text });
      for (const c of [ana.c, bruno.c, olga.c]) {
        const got = await c.take('chat');
        expect(got).toEqual({
          type: 'chat',
          gameId,
          from: 'Ana',
          text,
          at: expect.any(Number) as number,
        });
        // In the frame itself the text is a JSON string, escaped for JSON and nothing else.
        expect(c.raw.at(-1)).toContain(`"text":${JSON.stringify(text)}`);
      }
    }
    expect((await store.chat(gameId)).map((l) => l.text)).toEqual(lines);
    // A newcomer gets the same lines back from the store.
    const { c: pepe } = await hello('Pepe');
    pepe.send({ type: 'join', gameId });
    for (const text of lines) expect((await pepe.take('chat')).text).toBe(text);
  });
});
