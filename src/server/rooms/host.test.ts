/**
 * The game host against a real database (SQLite in a temporary directory and a PostgreSQL
 * the test starts): games run to the end with every event committed, refused actions change
 * nothing, of two simultaneous actions one applies — in one process or across two sharing
 * the database — and a resumed game continues with its bots, not charged for the downtime.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { botMove, makeBot } from '../../ai/bots.js';
import { MoveGenerator } from '../../ai/movegen.js';
import { MoveList } from '../../ai/movelist.js';
import { Rng } from '../../ai/rng.js';
import type { GameEvent } from '../../engine/events.js';
import type { GameState } from '../../engine/gameState.js';
import { replayGame } from '../../engine/newGame.js';
import { gameToGcg } from '../../engine/notation/gameRecord.js';
import { writeGcg } from '../../engine/notation/gcg.js';
import type { Move } from '../../engine/move.js';
import { makeRules, scoringOf } from '../../engine/rules.js';
import { viewFor } from '../../engine/view.js';
import { defaultLexiconPath, loadDefaultLexicon, type Lexicon } from '../../lexicon/index.js';
import { BotPool } from '../bots/pool.js';
import { type NewSeat, type Store, openPostgresStore, openSqliteStore } from '../store/index.js';
import { startTestPostgres, type TestPostgres } from '../testing/postgres.js';
import { Games } from './games.js';
import { GameHost, type HostDeps, type HostedConfig } from './host.js';

let lex: Lexicon;
let pool: BotPool;
let pgServer: TestPostgres;
const tmp = mkdtempSync(join(tmpdir(), 'atril-host-'));
let files = 0;

beforeAll(async () => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
  pool = new BotPool({ lexicons: { spanish: defaultLexiconPath() }, threads: 1 });
  pgServer = await startTestPostgres();
});

afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await pool?.destroy();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await pgServer?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const person: NewSeat = { kind: 'open', botLevel: null, inviteHash: null };
const bot = (level: string): NewSeat => ({ kind: 'bot', botLevel: level, inviteHash: null });
// Seat 0 starts (no opening draw), so each test knows who is on turn.
const config = (seed: string): HostedConfig => ({
  rules: makeRules('fise', { firstPlayer: 'seat' }),
  seed,
  lexicon: 'spanish',
});
/** The same with a clock of `minutes` each (TM-01). */
const timed = (seed: string, minutes: number): HostedConfig => ({
  ...config(seed),
  rules: makeRules('fise', {
    firstPlayer: 'seat',
    clock: { minutesPerPlayer: minutes, penaltyPerMinute: 10 },
  }),
});

/** A person's seat held from the start by a new player of the store (as a rematch's are). */
async function seated(store: Store, name: string): Promise<NewSeat> {
  await store.createPlayer({ id: name, name, tokenHash: `h-${name}` });
  return { kind: 'invited', botLevel: null, inviteHash: null, playerId: name };
}

/** A good move for the seat on turn, found by the amateur bot in this thread. */
function goodMove(state: GameState): Move {
  const gen = new MoveGenerator(lex.nodes, lex.set, scoringOf(state.rules));
  const view = viewFor(state, state.turn);
  return botMove(makeBot('aficionado'), view, gen, new MoveList(), new Rng(1), (t) =>
    lex.isWord(t),
  );
}

function finished(host: GameHost): Promise<GameState> {
  return new Promise((resolve) => {
    if (host.state.result) resolve(host.state);
    host.subscribe(({ state }) => {
      if (state.result) resolve(state);
    });
  });
}

describe.each(['sqlite', 'postgres'] as const)('game host on %s', (backend) => {
  const opened: Store[] = [];
  afterAll(async () => {
    for (const s of opened) await s.close();
  });
  /** A fresh database; `connect` opens another connection to it (another process's view). */
  async function database(): Promise<() => Promise<Store>> {
    const url = backend === 'sqlite' ? join(tmp, `h${++files}.db`) : await pgServer.newDatabase();
    return async () => {
      const s = backend === 'sqlite' ? openSqliteStore(url) : await openPostgresStore(url);
      opened.push(s);
      return s;
    };
  }
  const deps = (store: Store, now?: () => number): HostDeps => ({
    store,
    judge: () => lex,
    bots: pool,
    ...(now && { now }),
  });

  it('runs a game between two bots to the end; the stored events replay to the same result', async () => {
    const connect = await database();
    const store = await connect();
    const host = await GameHost.create(deps(store), {
      id: 'g',
      config: config('bots'),
      seats: [bot('experto'), bot('aficionado')],
    });
    const end = await finished(host);
    const stored = await store.events('g');
    expect(stored.map((e) => e.seq)).toEqual([...Array(end.version).keys()]);
    const replayed = replayGame(
      { rules: config('bots').rules, seed: 'bots', players: 2 },
      stored.map((e) => e.event as unknown as GameEvent),
    );
    expect(replayed.scores).toEqual(end.scores);
    expect(replayed.result).toEqual(end.result);
    expect((await store.getGame('g'))?.status).toBe('finished');
    const again = await GameHost.load(deps(await connect()), 'g');
    expect(again?.state.result).toEqual(end.result);
    expect(end.events.filter((e) => e.kind === 'play').length).toBeGreaterThan(5);
  });

  it('refuses an action out of turn or on a stale version, storing nothing', async () => {
    const store = await (await database())();
    const host = await GameHost.create(deps(store), {
      id: 'g',
      config: config('people'),
      seats: [person, person],
    });
    const move = goodMove(host.state);
    expect(await host.act(1, { ...move, version: 1 })).toEqual({
      ok: false,
      error: { code: 'NOT_YOUR_TURN', turn: 0 },
    });
    expect(await host.act(0, { ...move, version: 0 })).toEqual({
      ok: false,
      error: { code: 'STALE_VERSION', version: 1 },
    });
    expect(await store.events('g')).toHaveLength(1);
    expect(await host.act(0, { ...move, version: 1 })).toEqual({ ok: true, version: 2 });
    const events = await store.events('g');
    expect(events.map((e) => (e.event as { kind: string }).kind)).toEqual(['start', 'play']);
  });

  it('of two simultaneous actions on the same version, applies one', async () => {
    const store = await (await database())();
    const host = await GameHost.create(deps(store), {
      id: 'g',
      config: config('twice'),
      seats: [person, person],
    });
    const changes: number[] = [];
    host.subscribe(({ state }) => changes.push(state.version));
    const [a, b] = await Promise.all([
      host.act(0, { ...goodMove(host.state), version: 1 }),
      host.act(0, { kind: 'pass', version: 1 }),
    ]);
    expect(a).toEqual({ ok: true, version: 2 });
    expect(b).toEqual({ ok: false, error: { code: 'STALE_VERSION', version: 2 } });
    expect(changes).toEqual([2]);
    expect(await store.events('g')).toHaveLength(2);
  });

  it('across two processes sharing the database, the second writer is refused and catches up', async () => {
    const connect = await database();
    const store = await connect();
    const first = await GameHost.create(deps(store), {
      id: 'g',
      config: config('shared'),
      seats: [person, person],
    });
    const second = (await GameHost.load(deps(await connect()), 'g'))!;
    // Plays race passes; four passes won in a row end the game (E-02), which ends the rounds.
    for (let round = 0; round < 6 && !first.state.result; round++) {
      const v = first.state.version;
      expect(second.state.version).toBe(v);
      const seat = first.state.turn;
      const [a, b] = await Promise.all([
        first.act(seat, { ...goodMove(first.state), version: v }),
        second.act(seat, { kind: 'pass', version: v }),
      ]);
      expect([a, b].filter((r) => r.ok)).toHaveLength(1);
      const winner = (a.ok ? a : b) as { version: number };
      expect(first.state.version).toBe(winner.version);
      expect(second.state.version).toBe(winner.version);
      expect(second.state.scores).toEqual(first.state.scores);
      expect(await store.events('g')).toHaveLength(winner.version);
    }
  });

  it('resumes a stored game: the bot to move moves again and the downtime is not charged', async () => {
    const connect = await database();
    let clock = 1_000;
    const store = await connect();
    const before = await GameHost.create(
      deps(store, () => clock),
      {
        id: 'g',
        config: timed('resume', 25),
        seats: [await seated(store, 'ana'), bot('aficionado')],
      },
    );
    clock = 6_000;
    expect((await before.act(0, { ...goodMove(before.state), version: 1 })).ok).toBe(true);
    // The server stops before the bot's move is committed.
    await before.close();
    expect(await (await connect()).events('g')).toHaveLength(2);
    clock = 900_000;
    const after = (await GameHost.load(
      deps(await connect(), () => clock),
      'g',
    ))!;
    const moved = await new Promise<GameState>((resolve) =>
      after.subscribe(({ state }) => resolve(state)),
    );
    await after.close();
    expect(moved.version).toBe(3);
    expect(moved.turn).toBe(0);
    expect(moved.clockMs).toEqual([5_000, 0]);
  });

  it('TM-02: a challenge from a player not on turn charges nobody and leaves the turn running', async () => {
    const connect = await database();
    const store = await connect();
    let clock = 1_000;
    const seats = [
      await seated(store, 'ana'),
      await seated(store, 'bruno'),
      await seated(store, 'carla'),
    ];
    const host = await GameHost.create(
      deps(store, () => clock),
      {
        id: 'g',
        config: timed('challenge-3', 25),
        seats,
      },
    );
    clock += 60_000;
    const move = { ...goodMove(host.state), version: host.state.version };
    expect((await host.act(0, move)).ok).toBe(true);
    // Bruno thinks 30 minutes; Carla challenges (the play stands); Bruno passes a second later.
    clock += 30 * 60_000;
    expect((await host.act(2, { kind: 'challenge', version: host.state.version })).ok).toBe(true);
    expect(host.state.turn).toBe(1);
    expect(host.clockBase().since).toBe(61_000);
    clock += 1_000;
    expect((await host.act(1, { kind: 'pass', version: host.state.version })).ok).toBe(true);
    expect(host.state.clockMs).toEqual([60_000, 30 * 60_000 + 1_000, 0]);
    await host.close();
  });

  it('a restart after a clean stop charges the time the running turn had used, not the downtime', async () => {
    const connect = await database();
    const store = await connect();
    let clock = 1_000;
    const seats = [await seated(store, 'ana'), await seated(store, 'bruno')];
    const games = new Games(deps(store, () => clock));
    await games.create({ id: 'g', config: timed('restart', 2), seats });
    // Ana has been on turn for 36 s when the server stops as on SIGTERM: games, then database.
    clock = 37_000;
    await games.closeAll();
    await store.close();
    expect((await (await connect()).getGame('g'))!.turnClock).toEqual({
      version: 1,
      usedMs: 36_000,
    });
    clock = 600_000;
    const again = new Games(deps(await connect(), () => clock));
    expect(await again.resumeAll()).toBe(1);
    const host = (await again.get('g'))!;
    expect(host.clockBase()).toEqual({ since: 564_000, at: 600_000, waiting: false });
    clock = 604_000;
    expect(await host.act(0, { kind: 'pass', version: 1 })).toEqual({ ok: true, version: 2 });
    expect(host.state.clockMs).toEqual([40_000, 0]);
    await again.closeAll();
  });

  it('a restart after a crash charges the running turn up to its last periodic save', async () => {
    const connect = await database();
    const doomed = await connect();
    let clock = 1_000;
    const seats = [await seated(doomed, 'ana'), await seated(doomed, 'bruno')];
    const logged: string[] = [];
    const crashed = await GameHost.create(
      { ...deps(doomed, () => clock), clockSaveMs: 5, log: (msg) => logged.push(msg) },
      { id: 'g', config: timed('crash', 2), seats },
    );
    clock = 13_000;
    const reader = await connect();
    await vi.waitFor(
      async () => expect((await reader.getGame('g'))!.turnClock?.usedMs).toBe(12_000),
      { timeout: 5_000, interval: 5 },
    );
    // The process dies: nothing it does reaches the database any more.
    await doomed.close();
    clock = 900_000;
    const after = (await GameHost.load(
      deps(await connect(), () => clock),
      'g',
    ))!;
    expect(after.clockBase()).toEqual({ since: 888_000, at: 900_000, waiting: false });
    await after.close();
    await crashed.close();
    expect(logged).toContain('turn time not saved');
  });

  it('E-07: a player resigning while a seat was never taken leaves the win to those who came, after a restart too', async () => {
    const store = await (await database())();
    const host = await GameHost.create(deps(store), {
      id: 'g',
      config: config('vacant'),
      seats: [await seated(store, 'ana'), await seated(store, 'bea'), person],
    });
    expect(await host.act(0, { kind: 'resign', version: host.state.version })).toMatchObject({
      ok: true,
    });
    expect(host.state.result).toMatchObject({ resigned: 0, winners: [1] });
    await host.close();
    const again = (await GameHost.load(deps(store), 'g'))!;
    expect(again.state.result).toMatchObject({ resigned: 0, winners: [1] });
    // Its record names the empty seat, so that it replays with the same winners elsewhere.
    expect(writeGcg(gameToGcg(again.state))).toContain('#atril-resign 1\n#atril-vacant 3\n');
    await again.close();
  });

  it('the time of a seat nobody has taken yet does not run: it starts when someone takes it', async () => {
    const store = await (await database())();
    let clock = 1_000;
    // The invited friend's seat is on turn; Ana sits at the other.
    const host = await GameHost.create(
      deps(store, () => clock),
      {
        id: 'g',
        config: timed('wait', 1),
        seats: [person, await seated(store, 'ana')],
      },
    );
    clock = 21_000;
    expect(host.clockBase()).toEqual({ since: 21_000, at: 21_000, waiting: true });
    await host.close();
    // Nothing to keep: a restart finds the turn not started either.
    expect((await store.getGame('g'))!.turnClock).toBeNull();
    const again = (await GameHost.load(
      deps(store, () => clock),
      'g',
    ))!;
    clock = 30_000;
    expect(again.clockBase()).toMatchObject({ waiting: true });
    again.seatTaken(0);
    clock = 35_000;
    expect(again.clockBase()).toEqual({ since: 30_000, at: 35_000, waiting: false });
    expect(await again.act(0, { kind: 'pass', version: 1 })).toEqual({ ok: true, version: 2 });
    expect(again.state.clockMs).toEqual([5_000, 0]);
    await again.close();
  });
});

describe('a bot thinking when the server stops', () => {
  /** A game whose bot (seat 0, on turn) asks `move` of a stand-in pool; what it logs. */
  async function botGame(id: string, move: () => Promise<never>) {
    const store = openSqliteStore(join(tmp, `${id}.db`));
    const logged: string[] = [];
    const bots = { move } as unknown as BotPool;
    const deps: HostDeps = {
      store,
      judge: () => lex,
      bots,
      log: (m) => logged.push(m),
      retryMs: 20,
    };
    const host = await GameHost.create(deps, {
      id,
      config: config(id),
      seats: [bot('experto'), person],
    });
    return { host, logged, close: () => store.close() };
  }

  it('is not logged as a failure: the game was closed, then the threads refused its move', async () => {
    let refuse: (err: Error) => void = () => {};
    // A pool whose move never comes back until it is destroyed, as a real one's pending moves.
    const g = await botGame('parando', () => new Promise<never>((_, reject) => (refuse = reject)));
    await g.host.close();
    refuse(new Error('Terminating worker thread'));
    await new Promise((r) => setTimeout(r, 10));
    expect(g.logged).toEqual([]);
    await g.close();
  });

  it('is logged when the threads fail while the game is open, and the bot thinks again after a wait', async () => {
    let calls = 0;
    const g = await botGame('fallando', () =>
      ++calls === 1
        ? Promise.reject(new Error('worker crashed'))
        : (Promise.resolve({ ok: true, move: { kind: 'pass' } }) as unknown as Promise<never>),
    );
    await vi.waitFor(() => expect(g.logged).toEqual(['bot failed']));
    // The second try plays: the bot's pass is in, and the person is on turn.
    await vi.waitFor(() => expect(g.host.state.turn).toBe(1), { timeout: 5_000 });
    expect(calls).toBe(2);
    expect(g.host.state.events.at(-1)).toMatchObject({ kind: 'pass', seat: 0 });
    await g.host.close();
    await g.close();
  });
});

describe('games of a process', () => {
  it('reads again, after a wait, a move of another process it failed to read', async () => {
    const store = openSqliteStore(join(tmp, 'catchup.db'));
    const logged: string[] = [];
    const deps: HostDeps = {
      store,
      judge: () => lex,
      log: (msg) => logged.push(msg),
      retryMs: 20,
    };
    const games = new Games(deps);
    await games.follow();
    const host = await games.create({ id: 'x', config: config('x'), seats: [person, person] });
    // The read fails once, as a pool at its limit would.
    vi.spyOn(store, 'events').mockRejectedValueOnce(new Error('pool timeout'));
    // Another process passes for the seat on turn (straight into the store).
    const turn = host.state.turn;
    expect(
      await store.appendEvents('x', host.state.version, [{ kind: 'pass', seat: turn }]),
    ).toMatchObject({
      ok: true,
    });
    await vi.waitFor(() => expect(host.state.turn).toBe(1 - turn), { timeout: 5_000 });
    expect(logged).toEqual(['catch-up failed']);
    await games.closeAll();
    await store.close();
  });

  it('resumes every game being played, skipping (and logging) one whose record is broken', async () => {
    const store = openSqliteStore(join(tmp, 'games.db'));
    const logged: string[] = [];
    const deps: HostDeps = { store, judge: () => lex, bots: pool, log: (msg) => logged.push(msg) };
    for (const id of ['a', 'b', 'c']) {
      const h = await GameHost.create(deps, { id, config: config(id), seats: [person, person] });
      await h.close();
    }
    await store.setGameStatus('c', 'finished');
    // A pass by the wrong seat: the engine's replay refuses this record.
    await store.appendEvents('b', 1, [{ kind: 'pass', seat: 1 }]);
    const games = new Games(deps);
    expect(await games.resumeAll()).toBe(1);
    expect(logged).toEqual(['game not resumed']);
    expect(games.size).toBe(1);
    const a = await games.get('a');
    expect(a?.state.version).toBe(1);
    expect(await games.get('a')).toBe(a);
    expect(await games.get('nope')).toBeUndefined();
    await games.closeAll();
    expect(await games.get('a')).toBeUndefined();
    await store.close();
  });
});

describe('games of a process following its store', () => {
  it('hears of its own appends without reading the events it already holds', async () => {
    const store = openSqliteStore(join(tmp, 'own.db'));
    let reads = 0;
    // The store as the host sees it, counting the event reads.
    const counted: Store = Object.create(store, {
      events: {
        value: (id: string, from?: number) => {
          reads++;
          return store.events(id, from);
        },
      },
    }) as Store;
    const games = new Games({ store: counted, judge: () => lex, bots: pool });
    await games.follow();
    const host = await games.create({ id: 'own', config: config('own'), seats: [person, person] });
    const before = reads;
    expect(await host.act(0, { ...goodMove(host.state), version: 1 })).toEqual({
      ok: true,
      version: 2,
    });
    expect(await host.act(1, { kind: 'pass', version: 2 })).toEqual({ ok: true, version: 3 });
    // The notices went through the host's queue (a catch-up queued after each act).
    await host.catchUp(3);
    expect(reads - before).toBe(0);
    await games.closeAll();
    await store.close();
  });
});

/** Resolves once a host's state reaches `version`. */
function reached(host: GameHost, version: number): Promise<void> {
  return new Promise((resolve) => {
    if (host.state.version >= version) return resolve();
    const stop = host.subscribe(({ state }) => {
      if (state.version < version) return;
      stop();
      resolve();
    });
  });
}

describe.each(['sqlite', 'postgres'] as const)('following other processes on %s', (backend) => {
  it('a change made through one process reaches the subscribers of another', async () => {
    const url = backend === 'sqlite' ? join(tmp, 'follow.db') : await pgServer.newDatabase();
    const open = async () =>
      backend === 'sqlite' ? openSqliteStore(url) : await openPostgresStore(url);
    const storeA = await open();
    // One process owns a SQLite database: there, both "processes" share its store.
    const storeB = backend === 'sqlite' ? storeA : await open();
    const deps = (store: Store): HostDeps => ({ store, judge: () => lex, bots: pool });
    const a = new Games(deps(storeA));
    const b = new Games(deps(storeB));
    await a.follow();
    await b.follow();
    const hostA = await a.create({ id: 'g', config: config('follow'), seats: [person, person] });
    const hostB = (await b.get('g'))!;
    const seen: number[] = [];
    hostB.subscribe(({ state }) => seen.push(state.version));
    expect(await hostA.act(0, { ...goodMove(hostA.state), version: 1 })).toEqual({
      ok: true,
      version: 2,
    });
    await reached(hostB, 2);
    expect(seen).toEqual([2]);
    expect(hostB.state.scores).toEqual(hostA.state.scores);
    expect(hostB.state.board).toEqual(hostA.state.board);
    if (backend === 'postgres') {
      // The listening connections drop (a restarted database, a network cut): notices sent
      // meanwhile are lost, and the hosts catch up once listening again.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const cut = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'",
      );
      await admin.end();
      expect(cut.rowCount).toBe(2);
    }
    expect(await hostA.act(1, { kind: 'pass', version: 2 })).toEqual({ ok: true, version: 3 });
    await reached(hostB, 3);
    expect(seen).toEqual([2, 3]);
    await a.closeAll();
    await b.closeAll();
    await storeA.close();
    if (storeB !== storeA) await storeB.close();
  });
});
