/**
 * Opening the server's store from a database URL (DESIGN.md §4): `sqlite:PATH` (the default
 * `sqlite:./atril.db`) or `postgres://…` / `postgresql://…`, given by `--db` or, failing that,
 * by the `DATABASE_URL` environment variable.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openPostgresStore } from './postgres.js';
import { openSqliteStore } from './sqlite.js';
import type { Store } from './types.js';

export type * from './types.js';
export { MIGRATIONS, SchemaTooNewError, type Migration } from './migrations.js';
export { openSqliteStore } from './sqlite.js';
export { openPostgresStore } from './postgres.js';
export { type FileLock, lockPathFor, lockSqliteFile } from './sqliteLock.js';

/** The database used when neither `--db` nor `DATABASE_URL` names one. */
export const DEFAULT_DB_URL = 'sqlite:./atril.db';

/** A parsed database URL, or why it was refused. */
export type DbTarget =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** Why a database URL was refused: `BAD_DB_URL` with the text. */
export interface DbUrlError {
  readonly code: 'BAD_DB_URL';
  readonly url: string;
}

/**
 * Reads a database URL. A SQLite path is resolved against the current directory (so logs
 * show where the file is); `sqlite::memory:` is a private in-memory database.
 */
export function parseDbUrl(url: string): DbTarget | DbUrlError {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') return { code: 'BAD_DB_URL', url };
    return { kind: 'sqlite', path: path === ':memory:' ? path : resolve(path) };
  }
  if (/^postgres(ql)?:\/\/./.test(url)) return { kind: 'postgres', url };
  return { code: 'BAD_DB_URL', url };
}

/** The database URL to use: the option, else `DATABASE_URL`, else the default. */
export function chooseDbUrl(option: string | undefined, env: NodeJS.ProcessEnv): string {
  return option ?? (env['DATABASE_URL'] || DEFAULT_DB_URL);
}

/** How long to wait for PostgreSQL to accept a connection before giving up. */
export interface OpenStoreOptions {
  readonly connectTimeoutMs?: number;
}

/**
 * Opens the store a parsed URL names, applying pending migrations. A SQLite file's folder is
 * created if it is missing, as the file itself is.
 */
export async function openStore(target: DbTarget, opts: OpenStoreOptions = {}): Promise<Store> {
  if (target.kind === 'postgres')
    return openPostgresStore(target.url, {
      ...(opts.connectTimeoutMs !== undefined && { connectTimeoutMs: opts.connectTimeoutMs }),
    });
  if (target.path !== ':memory:') mkdirSync(dirname(target.path), { recursive: true });
  return openSqliteStore(target.path);
}

/** A database URL with its password hidden, for logs and messages. */
export function redactDbUrl(url: string): string {
  // Up to the last @ before the query: a password may hold an @ or a / of its own.
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^?]*@/i, '$1***@');
}
