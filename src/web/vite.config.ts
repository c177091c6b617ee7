/**
 * Builds the browser client (DESIGN.md §1, issue 12) into dist/web, which `atril serve` serves
 * at `/`. Preact's JSX goes through Vite's own oxc transform (no Preact plugin needed).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
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
