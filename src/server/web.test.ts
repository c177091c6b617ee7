/** The browser client's files as `atril serve` hands them out (issue 12). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openSqliteStore } from './store/index.js';
import { tempDir } from '../../test/helpers/tempDir.js';

const dir = tempDir('atril-web-');
const root = join(dir, 'web');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Atril</title>');
writeFileSync(join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
// As the build leaves a bundle: its Brotli and gzip copies beside it.
const bundle = 'export const palabras = ["casa", "cosa"];\n'.repeat(200);
writeFileSync(join(root, 'assets', 'index-def456.js'), bundle);
writeFileSync(join(root, 'assets', 'index-def456.js.br'), brotliCompressSync(bundle));
writeFileSync(join(root, 'assets', 'index-def456.js.gz'), gzipSync(bundle));

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

  it('hands the bundle compressed to a browser that takes it, as the build wrote it', async () => {
    const { a, close } = await app();
    const url = '/assets/index-def456.js';
    const br = await a.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    const gz = await a.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await a.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
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
