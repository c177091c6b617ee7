/**
 * Writing a file a command produces: whole or not at all. The bytes go to a temporary file in
 * the target's own directory (so the rename never crosses file systems), then the temporary
 * file is renamed over the target; on any failure it is removed. A command that writes files
 * calls `guardTemporaryFiles` first: a SIGINT, SIGTERM or SIGHUP is then handled by Node after
 * the synchronous write finishes instead of killing the process in the middle of it, and the
 * handler removes any temporary file still pending before exiting with 128 + the signal number.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fsyncSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const pending = new Set<string>();

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Writes `bytes` to `path` through a temporary file in the same directory and a rename. */
export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  const abs = resolve(path);
  const tmp = join(
    dirname(abs),
    `.${basename(abs)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  pending.add(tmp);
  try {
    const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    try {
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, abs);
  } catch (err) {
    removeQuietly(tmp);
    throw err;
  } finally {
    pending.delete(tmp);
  }
}

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;

/**
 * Until the returned function is called, a termination signal removes pending temporary files
 * and exits with 128 + its number (130 for Ctrl-C).
 */
export function guardTemporaryFiles(): () => void {
  const handlers = Object.entries(SIGNALS).map(([name, num]) => {
    const handler = (): void => {
      for (const tmp of pending) removeQuietly(tmp);
      process.exit(128 + num);
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return () => {
    for (const [name, handler] of handlers) process.off(name, handler);
  };
}
