/**
 * The HTTP and WebSocket server (DESIGN.md §5): Fastify 5 with @fastify/websocket, JSON logs,
 * `GET /healthz`, and a shutdown that closes every WebSocket with 1001 "going away", the code
 * browsers and `ws` report when a server leaves, so clients know to reconnect later.
 */
import websocket from '@fastify/websocket';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
} from 'fastify';
import type { WebSocket } from 'ws';
import type { Store } from './store/index.js';
import { webRoutes } from './web.js';

/** The close code sent to every client when the server shuts down (RFC 6455 §7.4.1). */
export const GOING_AWAY = 1001;
/** Largest HTTP body and WebSocket message accepted, in bytes: game messages are small. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
// How long shutdown waits for clients to answer the close handshake before dropping them.
const CLOSE_WAIT_MS = 2000;

/** What the app is built from. */
export interface AppOptions {
  readonly store: Store;
  /** JSON log lines (pino) at this level and above; false for none. Default `info`. */
  readonly logLevel?: string | false;
  /** Where log lines go; default stdout. */
  readonly logStream?: { write(line: string): void };
  /** Routes to add inside the app, after the WebSocket plugin (the rooms layer's). */
  readonly routes?: FastifyPluginAsync;
  /** The built browser client's folder (dist/web), served at `/`; absent: no web client. */
  readonly webRoot?: string;
}

/**
 * Builds the server (not yet listening). `app.close()` stops accepting connections, closes
 * WebSockets with GOING_AWAY, and waits for requests in flight; the caller then closes the
 * store.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const level = opts.logLevel ?? 'info';
  const app = Fastify({
    logger: level !== false && {
      level,
      ...(opts.logStream && { stream: opts.logStream }),
      serializers: { req: requestForLog },
    },
    bodyLimit: MAX_MESSAGE_BYTES,
    // A reverse proxy on this machine or the local network says who the client is
    // (X-Forwarded-For); anyone else could say anything, so from there the socket's address
    // is the client's. The new-player limit and the logs count players by it.
    trustProxy: 'loopback,linklocal,uniquelocal',
    // Idle keep-alive connections must not hold shutdown open.
    forceCloseConnections: 'idle',
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    preClose: closeSockets,
  });
  app.get('/healthz', async (_req, reply) => {
    try {
      await opts.store.ping();
      return { status: 'ok', db: opts.store.kind };
    } catch {
      return reply.code(503).send({ status: 'error', code: 'DB_UNAVAILABLE', db: opts.store.kind });
    }
  });
  if (opts.routes) await app.register(opts.routes);
  if (opts.webRoot) await app.register(webRoutes(opts.webRoot));
  return app;
}

/**
 * A request as logged: method, path and client, without the query string, because invitation
 * links carry seat tokens there and a token must never reach a log.
 */
function requestForLog(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    path: req.url.split('?')[0],
    remoteAddress: req.ip,
  };
}

// @fastify/websocket's preClose: say goodbye to every client, then stop the socket server.
async function closeSockets(this: FastifyInstance): Promise<void> {
  const wss = this.websocketServer;
  const closing = [...wss.clients].map((ws: WebSocket) => {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        ws.terminate();
        resolve();
      }, CLOSE_WAIT_MS);
      ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      ws.close(GOING_AWAY, 'server shutting down');
    });
  });
  await Promise.all(closing);
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}
