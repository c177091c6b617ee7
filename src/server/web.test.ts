/** The browser client's files as `atril serve` hands them out (issue 12). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openSqliteStore } from './store/index.js';
import { tempDir } from '../../test/helpers/tempDir.js';

const dir = tempDir('atril-web-');
const root = join(dir, 'web');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Atril</title>');
writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1)');

async function app() {
  const store = openSqliteStore(join(dir, 'web.db'));
  const a = await buildApp({ store, logLevel: false, webRoot: root });
  return { a, close: async () => (await a.close(), await store.close()) };
}

describe('the web client served at /', () => {
  it('serves index.html at / and for a game link, without caching it', async () => {
    const { a, close } = await app();
    for (const url of ['/', '/partida/abc123?invitacion=t0k3n']) {
      const r = await a.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('<title>Atril</title>');
      expect(r.headers['cache-control']).toBe('no-cache');
    }
    await close();
  });

  it('caches hashed assets for good, and a missing asset is a 404, not the page', async () => {
    const { a, close } = await app();
    const js = await a.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toContain('immutable');
    const missing = await a.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    await close();
  });

  it("leaves the server's own paths alone: /healthz answers, an unknown game path is a 404", async () => {
    const { a, close } = await app();
    expect((await a.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
      status: 'ok',
    });
    expect((await a.inject({ method: 'GET', url: '/games/nope/gcg' })).statusCode).toBe(404);
    await close();
  });
});
