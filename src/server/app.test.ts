/** The server app in-process: health, shutdown code for WebSockets, limits, logs without secrets. */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { GOING_AWAY, MAX_MESSAGE_BYTES, buildApp } from './app.js';
import { openSqliteStore } from './store/index.js';
import { newToken } from './tokens.js';
import { tempDir } from '../../test/helpers/tempDir.js';

const dir = tempDir('atril-app-');
let n = 0;

// A route for these tests only: echoes each message, as the rooms layer's route will answer.
const echo = async (app: FastifyInstance) => {
  app.get('/echo', { websocket: true }, (socket) => {
    socket.on('message', (data) => socket.send(String(data)));
  });
};

async function started(logLines?: string[]) {
  const store = openSqliteStore(join(dir, `app${++n}.db`));
  const app = await buildApp({
    store,
    routes: echo,
    logLevel: logLines ? 'info' : false,
    logStream: logLines && { write: (line) => void logLines.push(line) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, store, base: `127.0.0.1:${port}` };
}

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const closed = (ws: WebSocket) =>
  new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

describe('server app', () => {
  it('answers /healthz with the database kind, and 503 when the database is gone', async () => {
    const { app, store, base } = await started();
    const ok = await fetch(`http://${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', db: 'sqlite' });
    await store.close();
    const down = await fetch(`http://${base}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'error', code: 'DB_UNAVAILABLE', db: 'sqlite' });
    await app.close();
  });

  it('closes every WebSocket with 1001 (going away) when it shuts down', async () => {
    const { app, store, base } = await started();
    const a = await connect(`ws://${base}/echo`);
    const b = await connect(`ws://${base}/echo`);
    const reply = new Promise((resolve) => a.once('message', (d) => resolve(String(d))));
    a.send('hola');
    expect(await reply).toBe('hola');
    const codes = Promise.all([closed(a), closed(b)]);
    await app.close();
    expect(await codes).toEqual([GOING_AWAY, GOING_AWAY]);
    await expect(fetch(`http://${base}/healthz`)).rejects.toThrow();
    await store.close();
  });

  it('drops a WebSocket that sends a message over the size limit (1009)', async () => {
    const { app, store, base } = await started();
    const ws = await connect(`ws://${base}/echo`);
    const code = closed(ws);
    ws.send('x'.repeat(MAX_MESSAGE_BYTES + 1));
    expect(await code).toBe(1009);
    // The server is still up for everyone else.
    expect((await fetch(`http://${base}/healthz`)).status).toBe(200);
    await app.close();
    await store.close();
  });

  it('logs JSON lines with the path but never the query string, where seat tokens travel', async () => {
    const lines: string[] = [];
    const { app, store, base } = await started(lines);
    const token = newToken('seat');
    await fetch(`http://${base}/healthz?invitacion=${token}`);
    await app.close();
    await store.close();
    const entries = lines.map((l) => JSON.parse(l) as { req?: { path?: string }; msg: string });
    expect(entries.some((e) => e.req?.path === '/healthz')).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('invitacion');
  });
});
