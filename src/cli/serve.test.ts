/**
 * `atril serve` as a real process (the built CLI): it starts on a free port, answers
 * /healthz, and on SIGTERM or SIGINT exits 0 having closed its database cleanly — against
 * SQLite and against a real PostgreSQL the test starts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { GameEvent } from '../engine/events.js';
import { replayGame } from '../engine/newGame.js';
import { makeRules } from '../engine/rules.js';
import { defaultLexiconPath, loadDefaultLexicon } from '../lexicon/index.js';
import { PROTOCOL_VERSION } from '../protocol/index.js';
import { BotPool } from '../server/bots/pool.js';
import { GameHost } from '../server/rooms/host.js';
import { MIGRATIONS, openSqliteStore } from '../server/store/index.js';
import { freePort, startTestPostgres, type TestPostgres } from '../server/testing/postgres.js';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'atril-serve-'));
let pgServer: TestPostgres;

beforeAll(async () => {
  pgServer = await startTestPostgres();
});
afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await pgServer?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  port: number;
  /** Every stdout line, parsed as JSON (a line that is not JSON fails the test). */
  logs: Record<string, unknown>[];
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `atril serve` on a free port and resolves once it logs that it is ready. */
async function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--port', String(port), '--host', '127.0.0.1', ...args],
    {
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: Record<string, unknown>[] = [];
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d) => {
      buf += String(d);
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry['msg'] === 'atril serve ready') resolve();
      }
    });
    void exit.then(({ code }) => reject(new Error(`exited ${code} before ready: ${err}`)));
  });
  await ready;
  return { child, port, logs, stderr: () => err, exit };
}

const health = async (port: number) => {
  const r = await fetch(`http://127.0.0.1:${port}/healthz`);
  return { status: r.status, body: (await r.json()) as unknown };
};

const atril = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', ...env },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('atril serve', () => {
  it('explains itself in Spanish with --help and is listed by atril --help', () => {
    const r = atril(['serve', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Uso: atril serve [--port 8080]');
    expect(r.out).toContain('DATABASE_URL');
    expect(atril(['--help']).out).toContain('serve');
  });

  it('refuses a bad port or database URL with exit 2', () => {
    const port = atril(['serve', '--port', '70000']);
    expect(port.code).toBe(2);
    expect(port.err).toContain('--port necesita un número entre 0 y 65535');
    const db = atril(['serve', '--db', 'mysql://u:secreto@h/x']);
    expect(db.code).toBe(2);
    expect(db.err).toContain('No entiendo la base de datos «mysql://u:***@h/x»');
  });

  it('with SQLite: healthy, then SIGTERM → exit 0 and the database closed cleanly', async () => {
    const file = join(dir, 'atril.db');
    const s = await serve(['--db', `sqlite:${file}`]);
    expect(await health(s.port)).toEqual({ status: 200, body: { status: 'ok', db: 'sqlite' } });
    // `npm start` is this command: it says where to open the web client, which it serves at /.
    expect(s.stderr()).toContain(`abre http://127.0.0.1:${s.port}/ en el navegador`);
    const page = await fetch(`http://127.0.0.1:${s.port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app"></div>');
    expect(existsSync(`${file}-wal`)).toBe(true);
    s.child.kill('SIGTERM');
    expect(await s.exit, s.stderr()).toEqual({ code: 0, signal: null });
    expect(s.logs.map((l) => l['msg'])).toContain('stopped');
    // A clean close checkpoints the write-ahead log into the file and deletes it.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()).toEqual({
      v: MIGRATIONS.length,
    });
    db.close();
  });

  it('serves rooms on /ws: a new player creates a game against a bot (rack of 9) and gets the view of its seat', async () => {
    const s = await serve(['--db', `sqlite:${join(dir, 'rooms.db')}`]);
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`);
    const frames: { type: string; [k: string]: unknown }[] = [];
    const next = (pred: (f: (typeof frames)[number]) => boolean) =>
      new Promise<(typeof frames)[number]>((resolve) => {
        const look = () => {
          const f = frames.find(pred);
          if (f) resolve(f);
          else ws.once('message', look);
        };
        look();
      });
    ws.on('message', (d) => frames.push(JSON.parse(String(d)) as (typeof frames)[number]));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, name: 'Ana' }));
    expect(await next((f) => f.type === 'welcome')).toMatchObject({ name: 'Ana' });
    ws.send(
      JSON.stringify({
        type: 'create',
        preset: 'fise',
        seats: ['open', { bot: 'principiante' }],
        variants: { rackSize: 9 },
      }),
    );
    const created = await next((f) => f.type === 'created');
    // Whoever starts, the game reaches a state where Ana is to play with a 9-tile rack.
    const view = (await next(
      (f) =>
        f.type === 'view' &&
        (f['view'] as { turn: number }).turn === 0 &&
        (f['view'] as { phase: string }).phase === 'playing',
    )) as unknown as { gameId: string; view: { seat: number; rack: number[]; seats: unknown[] } };
    expect(view.gameId).toBe(created['gameId']);
    expect(view.view.seat).toBe(0);
    expect(view.view.rack).toHaveLength(9);
    expect(view.view.seats).toMatchObject([{ name: 'Ana', bot: false }, { bot: true }]);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    s.child.kill('SIGTERM');
    expect(await closed).toBe(1001);
    expect(await s.exit, s.stderr()).toEqual({ code: 0, signal: null });
  });

  it('SIGINT (Ctrl+C) stops it cleanly too, and a restart finds the migrated database', async () => {
    const file = join(dir, 'again.db');
    for (let i = 0; i < 2; i++) {
      const s = await serve(['--db', `sqlite:${file}`]);
      expect((await health(s.port)).status).toBe(200);
      s.child.kill('SIGINT');
      expect(await s.exit, s.stderr()).toEqual({ code: 0, signal: null });
      expect(s.logs.find((l) => l['msg'] === 'atril serve ready')?.['schema']).toBe(
        MIGRATIONS.length,
      );
    }
  });

  it('with PostgreSQL from DATABASE_URL: healthy, then SIGTERM → exit 0 with no connection left', async () => {
    const url = await pgServer.newDatabase();
    const s = await serve([], { DATABASE_URL: url });
    expect(await health(s.port)).toEqual({ status: 200, body: { status: 'ok', db: 'postgres' } });
    // The password never reaches the log.
    expect(JSON.stringify(s.logs)).not.toContain('atril-test');
    s.child.kill('SIGTERM');
    expect(await s.exit, s.stderr()).toEqual({ code: 0, signal: null });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const others = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const version = await client.query('SELECT MAX(version) AS v FROM schema_migrations');
    await client.end();
    expect(others.rows[0]).toEqual({ n: 0 });
    expect(version.rows[0]).toEqual({ v: MIGRATIONS.length });
  });

  it('resumes on start a bot game left unfinished, and plays it to the end', async () => {
    const file = join(dir, 'bots.db');
    const rules = makeRules('fise');
    // A game stored with only its start event, as a crash before the first move leaves it.
    const store = openSqliteStore(file);
    const pool = new BotPool({ lexicons: { spanish: defaultLexiconPath() }, threads: 1 });
    const lexicon = loadDefaultLexicon();
    if (!lexicon.ok) throw new Error(lexicon.error.code);
    const host = await GameHost.create(
      { store, bots: pool, judge: () => lexicon.value },
      {
        id: 'g',
        config: { rules, seed: 'resume', lexicon: 'spanish' },
        seats: [
          { kind: 'bot', botLevel: 'experto', inviteHash: null },
          { kind: 'bot', botLevel: 'aficionado', inviteHash: null },
        ],
      },
    );
    await host.close();
    await pool.destroy();
    expect(await store.events('g')).toHaveLength(1);
    await store.close();

    const s = await serve(['--db', `sqlite:${file}`]);
    expect(s.logs.find((l) => l['msg'] === 'atril serve ready')?.['resumed']).toBe(1);
    const status = () => {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare("SELECT status FROM games WHERE id = 'g'").get() as { status: string })
          .status;
      } finally {
        db.close();
      }
    };
    while (status() !== 'finished') await new Promise((r) => setTimeout(r, 100));
    s.child.kill('SIGTERM');
    expect(await s.exit, s.stderr()).toEqual({ code: 0, signal: null });
    const db = new Database(file, { readonly: true });
    const rows = db
      .prepare("SELECT seq, event FROM game_events WHERE game_id = 'g' ORDER BY seq")
      .all() as {
      seq: number;
      event: string;
    }[];
    db.close();
    expect(rows.map((r) => r.seq)).toEqual([...rows.keys()]);
    const final = replayGame(
      { rules, seed: 'resume', players: 2 },
      rows.map((r) => JSON.parse(r.event) as GameEvent),
    );
    expect(final.result).not.toBeNull();
    // Played by the server's bots, not ended at once: words went down.
    expect(final.events.filter((e) => e.kind === 'play').length).toBeGreaterThan(5);
  });

  it('exits 1 with a Spanish message when the database does not answer or the port is taken', async () => {
    const nobody = await freePort();
    const down = atril([
      'serve',
      '--port',
      '0',
      '--db',
      `postgres://atril:x@127.0.0.1:${nobody}/atril`,
    ]);
    expect(down.code).toBe(1);
    expect(down.err).toContain(
      `No se puede abrir la base de datos «postgres://atril:***@127.0.0.1:${nobody}/atril»: ` +
        'nadie escucha en esa dirección (¿está en marcha PostgreSQL, y en ese puerto?).',
    );
    const text = join(dir, 'notas.txt');
    writeFileSync(text, 'esto no es una base de datos, sino unas notas\n'.repeat(100));
    const notDb = atril(['serve', '--port', '0', '--db', `sqlite:${text}`]);
    expect(notDb.code).toBe(1);
    expect(notDb.err).toBe(
      `No se puede abrir la base de datos «sqlite:${text}»: el archivo no es una base de datos SQLite.\n`,
    );
    const s = await serve(['--db', `sqlite:${join(dir, 'busy.db')}`]);
    const busy = atril([
      'serve',
      '--port',
      String(s.port),
      '--host',
      '127.0.0.1',
      '--db',
      `sqlite:${join(dir, 'busy2.db')}`,
    ]);
    expect(busy.code).toBe(1);
    expect(busy.err).toContain(`No se puede escuchar en 127.0.0.1:${s.port}`);
    s.child.kill('SIGTERM');
    expect((await s.exit).code).toBe(0);
  });

  it('one process per SQLite file: a second serve on it is refused and the first serves on; its folder is created', async () => {
    const file = join(dir, 'nueva', 'carpeta', 'compartida.db');
    const s = await serve(['--db', `sqlite:${file}`]);
    expect(s.logs.find((l) => l['msg'] === 'atril serve ready')).toMatchObject({
      db: `sqlite:${file}`,
    });
    const second = atril(['serve', '--port', '0', '--db', `sqlite:${file}`]);
    expect(second.code).toBe(1);
    expect(second.err).toContain(
      `Otro proceso de Atril ya sirve la base de datos «sqlite:${file}»`,
    );
    expect(await health(s.port)).toEqual({ status: 200, body: { status: 'ok', db: 'sqlite' } });
    s.child.kill('SIGTERM');
    expect((await s.exit).code).toBe(0);
    // Stopped, it leaves the file to the next one.
    const next = await serve(['--db', `sqlite:${file}`]);
    next.child.kill('SIGKILL');
    await next.exit;
    // Killed, it leaves no stale lock behind: the system drops it with the process.
    const after = await serve(['--db', `sqlite:${file}`]);
    after.child.kill('SIGTERM');
    expect((await after.exit).code).toBe(0);
  });

  it('a PostgreSQL that accepts and never answers: gives up after PGCONNECT_TIMEOUT, and stops at once on SIGTERM', async () => {
    const held: Socket[] = [];
    const silent = createServer((sock) => void held.push(sock));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `postgres://atril:p@ss@127.0.0.1:${(silent.address() as { port: number }).port}/atril`;
    try {
      const late = atril(['serve', '--port', '0', '--db', url], { PGCONNECT_TIMEOUT: '1' });
      expect(late.code).toBe(1);
      expect(late.err).toContain(
        `No se puede abrir la base de datos «postgres://atril:***@127.0.0.1:`,
      );
      expect(late.err).toContain('el servidor no contesta.');
      expect(late.err).not.toContain('p@ss');

      const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', url], {
        env: { ...process.env, DATABASE_URL: '', PGCONNECT_TIMEOUT: '60' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (d) => (err += String(d)));
      const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      // spawnSync held this process's loop: its connection is accepted only now.
      await vi.waitFor(() => expect(held).toHaveLength(1));
      const before = held.length;
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(before), { timeout: 10_000 });
      child.kill('SIGTERM');
      // The stop is answered while the connection still waits; ending that connection lets
      // the process end (a timeout of 60 s would otherwise keep it alive).
      await vi.waitFor(() => expect(err).toContain('se ha detenido antes de terminar de arrancar'));
      for (const sock of held) sock.destroy();
      expect(await exit).toBe(0);
    } finally {
      for (const sock of held) sock.destroy();
      silent.close();
    }
  });
});
