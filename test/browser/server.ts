/**
 * The real game server for browser tests: `atril serve` (the built CLI) on a free port and a
 * temporary SQLite file, serving the built web client from dist/web. It can be stopped and
 * started again on the same port and database, as an operator's restart would, so a test can
 * drop every connection mid-game.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/testing/postgres.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'atril.js');
/** Where `npm run build` puts the web client that `atril serve` sends at `/`. */
export const WEB_DIST = join(root, 'dist', 'web');

/** A running `atril serve`. */
export interface TestServer {
  /** The address of the page, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  /** The SQLite file the server keeps its games in. */
  readonly dbFile: string;
  /** Every JSON log line of every run so far. */
  readonly logs: Record<string, unknown>[];
  /** Stops the server (SIGTERM, clean shutdown) and starts it again on the same port and file. */
  restart(): Promise<void>;
  /** Stops the server and removes its database; safe to call twice. */
  stop(): Promise<void>;
}

// Every server still running when the test process ends is killed with it.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Fails with a sentence saying what to do when the web client has not been built: the browser
 * tests need the same files a player gets, so they never build a copy of their own.
 */
export function assertClientBuilt(): void {
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(
      `The web client is not built (no ${join(WEB_DIST, 'index.html')}): run «npm run build» first.`,
    );
}

/**
 * Starts `atril serve` on a fresh database and resolves once it logs that it is ready. Fails
 * at once if the web client is not built, unless `needsClient` is false (the harness's own
 * test of the server alone).
 */
export async function startServer({ needsClient = true } = {}): Promise<TestServer> {
  if (needsClient) assertClientBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'atril-browser-'));
  const dbFile = join(dir, 'atril.db');
  const port = await freePort();
  const logs: Record<string, unknown>[] = [];
  let child = await launch(port, dbFile, logs);
  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dbFile,
    logs,
    async restart() {
      await terminate(child);
      child = await launch(port, dbFile, logs);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await terminate(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function launch(
  port: number,
  dbFile: string,
  logs: Record<string, unknown>[],
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', `sqlite:${dbFile}`],
    { env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  await new Promise<void>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d) => {
      buf += String(d);
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          entry = { msg: line };
        }
        logs.push(entry);
        if (entry['msg'] === 'atril serve ready') resolve();
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`atril serve exited ${code} before it was ready: ${stderr}`)),
    );
  });
  return child;
}

// SIGTERM and wait: the server closes sockets with 1001 and commits what it accepted.
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
