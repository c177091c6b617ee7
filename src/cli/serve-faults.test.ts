/**
 * Faults (issue 11, "done when"): `atril serve` is killed with SIGKILL at random moments while
 * it plays 50 bot games, and restarted each time. Every game finishes, and its record is
 * exactly the record of the same game played without interruption: no accepted move lost or
 * doubled, and the resumed bots chose as they would have.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../ai/rng.js';
import type { GameEvent } from '../engine/events.js';
import { replayGame } from '../engine/newGame.js';
import { makeRules } from '../engine/rules.js';
import { defaultLexiconPath, loadDefaultLexicon, type Lexicon } from '../lexicon/index.js';
import { BotPool } from '../server/bots/pool.js';
import { Games } from '../server/rooms/games.js';
import { GameHost, type HostDeps } from '../server/rooms/host.js';
import { type NewSeat, type Store, openSqliteStore } from '../server/store/index.js';
import { freePort } from '../server/testing/postgres.js';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'atril-faults-'));
const GAMES = 50;
const rules = makeRules('fise');
let pool: BotPool;
let lexicon: Lexicon;

beforeAll(() => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lexicon = loaded.value;
  pool = new BotPool({ lexicons: { spanish: defaultLexiconPath() }, threads: 1 });
});
afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await pool?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const bot = (level: string): NewSeat => ({ kind: 'bot', botLevel: level, inviteHash: null });
const seatsOf = (i: number) =>
  i % 5 === 0 ? [bot('aficionado'), bot('principiante')] : [bot('experto'), bot('aficionado')];

/** Creates the 50 games in a database, each with only its start event. */
async function createGames(store: Store): Promise<void> {
  const deps: HostDeps = { store, bots: pool, judge: () => lexicon };
  for (let i = 0; i < GAMES; i++) {
    const host = await GameHost.create(deps, {
      id: `g${i}`,
      config: { rules, seed: `fault-${i}`, lexicon: 'spanish' },
      seats: seatsOf(i),
    });
    await host.close();
  }
}

/** Each game's events with the turn times (which depend on the machine) left out. */
function records(file: string): Map<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  const rows = db
    .prepare('SELECT game_id, seq, event FROM game_events ORDER BY game_id, seq')
    .all() as { game_id: string; seq: number; event: string }[];
  db.close();
  const out = new Map<string, unknown[]>();
  for (const r of rows) {
    const list = out.get(r.game_id) ?? [];
    expect(r.seq).toBe(list.length);
    const event = JSON.parse(r.event) as { elapsedMs?: number };
    delete event.elapsedMs;
    list.push(event);
    out.set(r.game_id, list);
  }
  return out;
}

function eventCount(file: string): number {
  const db = new Database(file, { readonly: true });
  const row = db.prepare('SELECT count(*) AS n FROM game_events').get() as { n: number };
  db.close();
  return row.n;
}

function unfinished(file: string): number {
  const db = new Database(file, { readonly: true });
  const row = db.prepare("SELECT count(*) AS n FROM games WHERE status <> 'finished'").get() as {
    n: number;
  };
  db.close();
  return row.n;
}

async function startServer(
  file: string,
): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', `sqlite:${file}`],
    {
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d) => {
      buf += String(d);
      if (buf.includes('"atril serve ready"')) resolve();
    });
    void exited.then(() => reject(new Error('atril serve exited before it was ready')));
  });
  return { child, exited };
}

describe('atril serve under SIGKILL', () => {
  it('finishes 50 bot games across random kills, each record equal to an uninterrupted one', async () => {
    const file = join(dir, 'faults.db');
    const store = openSqliteStore(file);
    await createGames(store);
    await store.close();

    const rng = new Rng(20261201);
    let kills = 0;
    while (unfinished(file) > 0) {
      expect(kills).toBeLessThan(60);
      const server = await startServer(file);
      // A random moment measured in progress, not time: after 1 to 60 more committed events (or
      // once every game is over), so a fast machine cannot finish every game before the first
      // kill and a slow one still gets killed mid-game.
      const target = eventCount(file) + 1 + rng.int(60);
      while (eventCount(file) < target && unfinished(file) > 0)
        await new Promise((r) => setTimeout(r, 5 + rng.int(20)));
      server.child.kill('SIGKILL');
      await server.exited;
      kills++;
    }
    expect(kills).toBeGreaterThan(1);

    // The same games, never interrupted, in this process.
    const refFile = join(dir, 'reference.db');
    const refStore = openSqliteStore(refFile);
    await createGames(refStore);
    const games = new Games({ store: refStore, bots: pool, judge: () => lexicon });
    await games.resumeAll();
    while ((await refStore.listGames(['playing'])).length > 0)
      await new Promise((r) => setTimeout(r, 100));
    await games.closeAll();
    await refStore.close();

    const got = records(file);
    const want = records(refFile);
    expect(got.size).toBe(GAMES);
    for (let i = 0; i < GAMES; i++) {
      const events = got.get(`g${i}`)!;
      expect(events, `game g${i}`).toEqual(want.get(`g${i}`));
      const final = replayGame({ rules, seed: `fault-${i}`, players: 2 }, events as GameEvent[]);
      expect(final.result, `game g${i}`).not.toBeNull();
    }
    // Hang guard only: about 8 restarts and 40 s on a quiet machine, several times that loaded.
  }, 900_000);
});
