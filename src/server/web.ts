/**
 * The browser client's files (issue 12): `dist/web`, built by `npm run build:web`, served at
 * `/`. Hashed assets are cached for good; every other path that is not the server's own
 * (`/ws`, `/games/…`, `/healthz`) gets index.html, so `/partida/ID` links open the client.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** Serves the built client from `root` (a folder holding index.html and assets/). */
export function webRoutes(root: string): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      // The build writes .br and .gz copies (vite.config.ts); a client that takes them gets one.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite names assets by their content hash: a changed file is a new name.
        if (/[\\/]assets[\\/]/.test(path))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0]!;
      const ours = path === '/ws' || path.startsWith('/games/') || path === '/healthz';
      if (req.method !== 'GET' || ours || path.startsWith('/assets/'))
        return reply.code(404).send({ code: 'NOT_FOUND' });
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  };
}
