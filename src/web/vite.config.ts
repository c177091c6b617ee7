/**
 * Builds the browser client (DESIGN.md §1, issue 12) into dist/web, which `atril serve` serves
 * at `/`. Preact's JSX goes through Vite's own oxc transform (no Preact plugin needed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Plugin, defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes a Brotli and a gzip copy beside each text file of the bundle, once at build time, so
 * the server hands a phone a quarter of the bytes without compressing on every request
 * (@fastify/static's `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'atril-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = join(options.dir!, name);
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [precompress()],
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Source maps stay out of what is shipped: the bundle is the budget (≤ 150 KB gzipped).
    sourcemap: false,
  },
  server: {
    // `npm run dev:web` next to `atril serve` on 8080: the socket and downloads go there.
    proxy: {
      '/ws': { target: 'ws://localhost:8080', ws: true },
      '/games': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
    },
  },
});
