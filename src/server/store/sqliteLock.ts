/**
 * One serving process per SQLite file. A second `atril serve` on the same file would keep its
 * own rooms in memory and never hear the first one's moves (SQLite has no notices between
 * processes), so games shared by both would freeze; the second one is refused at start-up.
 */
import Database from 'better-sqlite3';

/** A held lock; `release` gives it back (so does the process ending, however it ends). */
export interface FileLock {
  release(): void;
}

/** The lock file beside a database file. */
export function lockPathFor(dbPath: string): string {
  return `${dbPath}.lock`;
}

/**
 * Takes the serving lock of the SQLite database at `dbPath` (whose folder exists), or returns
 * undefined when another process holds it. The lock is an exclusive transaction on a small database beside it: the
 * operating system drops it when the process dies, so a crash leaves no stale lock behind.
 */
export function lockSqliteFile(dbPath: string): FileLock | undefined {
  const db = new Database(lockPathFor(dbPath));
  try {
    db.pragma('busy_timeout = 0');
    // Nothing is ever written: no journal file needs to stand beside the lock.
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw err;
  }
  return {
    release() {
      if (!db.open) return;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}
