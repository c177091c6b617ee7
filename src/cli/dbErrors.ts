/**
 * `atril serve`'s database failures, read off what the drivers throw into the plain data that
 * errorText.ts words (`dbOpenErrorText`), and the connection timeout from the environment.
 */
import type { DbOpenFailure } from '../play/errorText.js';
import { SchemaTooNewError } from '../server/store/index.js';

/** What a thrown database error says, as data. */
export function dbOpenFailure(err: unknown): DbOpenFailure {
  if (err instanceof SchemaTooNewError)
    return { message: err.message, schema: { found: err.found, known: err.known } };
  const e = err as { code?: unknown; message?: unknown; hostname?: unknown };
  return {
    message: typeof e.message === 'string' ? e.message : String(err),
    ...(typeof e.code === 'string' && { code: e.code }),
    ...(typeof e.hostname === 'string' && { hostname: e.hostname }),
  };
}

/**
 * How long to wait for PostgreSQL, from the standard `PGCONNECT_TIMEOUT` (seconds, as libpq
 * reads it); undefined when it is unset or not a number of seconds, for the store's default.
 */
export function connectTimeoutFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env['PGCONNECT_TIMEOUT'];
  if (raw === undefined || !/^\d+(\.\d+)?$/.test(raw.trim())) return undefined;
  return Math.round(Number(raw) * 1000);
}
