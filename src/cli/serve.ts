/**
 * `atril serve`: the game server (DESIGN.md §4–§5). Opens the database (`--db`, else
 * `DATABASE_URL`, else `sqlite:./atril.db`) applying pending migrations, resumes every game
 * being played (bots move again), listens, and on SIGTERM or SIGINT stops accepting, closes
 * every WebSocket with 1001, commits the actions already accepted, closes the database and
 * exits 0.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultLexiconPath, loadDefaultLexicon } from '../lexicon/index.js';
import { dbOpenErrorText, lexiconLoadErrorText } from '../play/errorText.js';
import { buildApp } from '../server/app.js';
import { BotPool } from '../server/bots/pool.js';
import { Games } from '../server/rooms/games.js';
import { reviewRoutes } from '../server/rooms/reviewRoute.js';
import { roomRoutes } from '../server/rooms/socket.js';
import {
  chooseDbUrl,
  type FileLock,
  lockSqliteFile,
  openStore,
  parseDbUrl,
  redactDbUrl,
} from '../server/store/index.js';
import { parseOptions, plainCount } from './args.js';
import { connectTimeoutFromEnv, dbOpenFailure } from './dbErrors.js';

// The lexicon games are judged with; the only one installed for now.
const DEFAULT_LEXICON = 'spanish';

export const serveHelp = `Uso: atril serve [--port 8080] [--host 0.0.0.0] [--db URL]

Arranca el servidor de partidas. Escribe su registro en la salida estándar, una línea JSON
por suceso. Se detiene con Ctrl+C o con la señal SIGTERM: deja de aceptar conexiones, cierra
las de los jugadores avisándoles y cierra la base de datos.

  --port N     puerto en el que escucha (por omisión, 8080)
  --host DIR   dirección en la que escucha (por omisión, 0.0.0.0: todas)
  --db URL     base de datos: sqlite:RUTA (por omisión, sqlite:./atril.db) o
               postgres://usuario:contraseña@servidor/base; sin --db se usa la
               variable de entorno DATABASE_URL si existe

Con SQLite, un solo proceso sirve cada archivo (lo marca RUTA.lock, a su lado); para
varios procesos, PostgreSQL. PGCONNECT_TIMEOUT dice cuántos segundos esperar a que
PostgreSQL acepte la conexión (por omisión, 10).

Los clientes se conectan por WebSocket a /ws.
Comprobación de salud: GET /healthz responde 200 si la base de datos contesta.

Salida: 0 tras una parada limpia, 1 si no se puede abrir la base de datos o el puerto,
2 si la orden está mal escrita.`;

/**
 * The built web client (dist/web at the top of the checkout, from src/cli or dist/cli alike),
 * or undefined when it has not been built.
 */
function webRoot(): string | undefined {
  const root = fileURLToPath(new URL('../../dist/web/', import.meta.url));
  return existsSync(join(root, 'index.html')) ? root : undefined;
}

// The address to print: a wildcard host is opened as localhost.
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

// The port actually bound (port 0 picks a free one).
function listeningPort(app: { server: { address(): unknown } }, asked: number): number {
  const a = app.server.address();
  return a && typeof a === 'object' && 'port' in a ? Number(a.port) : asked;
}

/** Runs `atril serve` until a stop signal; resolves to the exit code. */
export async function runServe(args: string[]): Promise<number> {
  const opts = parseOptions({
    args,
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '0.0.0.0' },
      db: { type: 'string' },
    },
  });
  if (!opts.ok) {
    process.stderr.write(`${opts.error}\n«atril serve --help» explica cómo se usa.\n`);
    return 2;
  }
  const port = plainCount(opts.value.values.port);
  if (port === undefined || port > 65535) {
    process.stderr.write(
      `--port necesita un número entre 0 y 65535, no «${opts.value.values.port}».\n`,
    );
    return 2;
  }
  const dbUrl = chooseDbUrl(opts.value.values.db, process.env);
  const target = parseDbUrl(dbUrl);
  if ('code' in target) {
    process.stderr.write(
      `No entiendo la base de datos «${redactDbUrl(dbUrl)}»: escribe sqlite:RUTA o postgres://….\n`,
    );
    return 2;
  }

  // Listening from the start, so that a signal during start-up still ends in a clean stop
  // once the server is up; a second Ctrl+C, with the handlers gone, ends the process at once.
  const stop = new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  // The database as the log names it: a SQLite path made absolute, a password hidden.
  const dbShown = redactDbUrl(target.kind === 'sqlite' ? `sqlite:${target.path}` : dbUrl);
  const cannotOpen = (err: unknown) => {
    process.stderr.write(
      `No se puede abrir la base de datos «${dbShown}»: ${dbOpenErrorText(dbOpenFailure(err))}.\n`,
    );
    return 1;
  };
  const timeout = connectTimeoutFromEnv(process.env);
  const opening = openStore(target, {
    ...(timeout !== undefined && { connectTimeoutMs: timeout }),
  });
  // A stop asked for while the database is still answering ends the start-up there.
  const first = await Promise.race([
    opening.then(
      (store) => ({ store }),
      (err: unknown) => ({ err }),
    ),
    stop.then((signal) => ({ signal })),
  ]);
  if ('signal' in first) {
    void opening.then((s) => s.close()).catch(() => {});
    process.stderr.write('Atril se ha detenido antes de terminar de arrancar.\n');
    return 0;
  }
  if ('err' in first) return cannotOpen(first.err);
  const store = first.store;
  // Taken once the file and its folder exist (openStore makes them); held until the stop.
  let lock: FileLock | undefined;
  if (target.kind === 'sqlite' && target.path !== ':memory:') {
    try {
      lock = lockSqliteFile(target.path);
    } catch (err) {
      await store.close();
      return cannotOpen(err);
    }
    if (!lock) {
      await store.close();
      process.stderr.write(
        `Otro proceso de Atril ya sirve la base de datos «${dbShown}»: páralo antes, o usa ` +
          `otra. Para servir las mismas partidas desde varios procesos, usa PostgreSQL.\n`,
      );
      return 1;
    }
  }

  const lexicon = loadDefaultLexicon();
  if (!lexicon.ok) {
    await store.close();
    lock?.release();
    process.stderr.write(lexiconLoadErrorText(lexicon.error) + '\n');
    return 1;
  }
  const bots = new BotPool({ lexicons: { [DEFAULT_LEXICON]: defaultLexiconPath() } });
  // The hosts log through the app's logger, which exists once the app is built below.
  const log = { warn: (_data: Record<string, unknown>, _msg: string): void => {} };
  const games = new Games({
    store,
    bots,
    judge: (id) => {
      if (id !== DEFAULT_LEXICON) throw new Error(`lexicon ${id} is not installed`);
      return lexicon.value;
    },
    log: (msg, data) => log.warn(data, msg),
  });
  const web = webRoot();
  const app = await buildApp({
    store,
    routes: async (app) => {
      await app.register(roomRoutes({ store, games, lexicons: [DEFAULT_LEXICON] }));
      await app.register(reviewRoutes({ store, bots }));
    },
    ...(web ? { webRoot: web } : {}),
  });
  log.warn = (data, msg) => app.log.warn(data, msg);
  // Stops in the order that loses nothing: no new connections or actions, then the actions
  // already accepted are committed, then the threads and the database close.
  const shutDown = async () => {
    await app.close();
    await games.closeAll();
    await bots.destroy();
    await store.close();
    lock?.release();
  };
  let resumed: number;
  try {
    await games.follow();
    resumed = await games.resumeAll();
  } catch (err) {
    await shutDown();
    process.stderr.write(`No se pueden reanudar las partidas: ${(err as Error).message}.\n`);
    return 1;
  }
  try {
    await app.listen({ port, host: opts.value.values.host });
  } catch (err) {
    await shutDown();
    process.stderr.write(
      `No se puede escuchar en ${opts.value.values.host}:${port}: ${(err as Error).message}.\n`,
    );
    return 1;
  }
  const address = `http://${displayHost(opts.value.values.host)}:${listeningPort(app, port)}/`;
  process.stderr.write(
    web
      ? `Atril está listo: abre ${address} en el navegador.\n`
      : `Atril está listo en ${address} (sin cliente web: ejecuta «npm run build:web»).\n`,
  );
  app.log.info(
    {
      address,
      db: dbShown,
      schema: await store.schemaVersion(),
      resumed,
      botThreads: bots.threads,
    },
    'atril serve ready',
  );

  const signal = await stop;
  app.log.info({ signal }, 'shutting down');
  await shutDown();
  app.log.info('stopped');
  return 0;
}
