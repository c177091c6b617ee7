/**
 * Writing a file a command produces: whole or not at all. The bytes go to a temporary file in
 * the target's own directory (so the rename never crosses file systems), then the temporary
 * file is renamed over the target; on any failure it is removed. A command that writes files
 * calls `guardTemporaryFiles` first: a SIGINT, SIGTERM or SIGHUP is then handled by Node after
 * the synchronous write finishes instead of killing the process in the middle of it, and the
 * handler removes any temporary file still pending before exiting with 128 + the signal number.
 *
 * A rename replaces whatever name it lands on, so the target is looked at first: a symbolic link
 * is followed to the file it names (that file is replaced and the link stays, as a shell's `>`
 * would do), and a target that exists but is not a regular file (a device, a pipe, a socket, a
 * folder) is refused rather than turned into one.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  openSync,
  readlinkSync,
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

/**
 * The `code` of the error `writeFileAtomic` throws for a target that exists and is neither a
 * regular file nor a folder (a folder gets EISDIR, as the system would say); its words are in
 * src/play/errorText.ts (`writeProblemText`).
 */
export const NOT_REGULAR_FILE = 'NOT_REGULAR_FILE';

/** An error with a `code`, as Node's file-system errors carry. */
function codedError(code: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${path}`), { code, path });
}

// Most links a path may go through, as Linux allows (MAXSYMLINKS); more is a loop.
const MAX_LINKS = 40;

/**
 * The file that writing to `path` must replace: `path` itself, or, when it is a symbolic link,
 * the file at the end of its chain of links (which need not exist yet).
 */
function linkTarget(path: string): string {
  let at = path;
  for (let links = 0; links <= MAX_LINKS; links++) {
    let next: string;
    try {
      next = readlinkSync(at);
    } catch (e) {
      // EINVAL: not a link; ENOENT: nothing there yet. Anything else, opening would meet too.
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EINVAL' || code === 'ENOENT') return at;
      throw e;
    }
    at = resolve(dirname(at), next);
  }
  throw codedError('ELOOP', path);
}

// The code a write refuses `path` with (EISDIR for a folder, NOT_REGULAR_FILE for a device, a
// pipe or a socket), or undefined when it is missing or a regular file. `lstat`, not `stat`: the
// links were followed already, so a link here appeared since and the rename would replace it.
function irregularCode(path: string): string | undefined {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  if (st.isDirectory()) return 'EISDIR';
  return st.isFile() ? undefined : NOT_REGULAR_FILE;
}

/**
 * The `code` `writeFileAtomic` would refuse `path` with, for a command that must refuse before
 * asking anything (whether to replace the file): EISDIR for a folder, NOT_REGULAR_FILE for a
 * device, a pipe or a socket, following links as the write does. Undefined for a regular file,
 * for nothing at all, and when the path cannot be looked at (a loop of links, no permission):
 * the write meets that too and says why.
 */
export function refusedTarget(path: string): string | undefined {
  try {
    return irregularCode(linkTarget(resolve(path)));
  } catch {
    return undefined;
  }
}

/**
 * Writes `bytes` to `path` through a temporary file in the same directory and a rename. A link
 * is written through (the file it names is replaced, the link kept); a target that exists and
 * is not a regular file throws, with `code` EISDIR for a folder and NOT_REGULAR_FILE otherwise,
 * and nothing is written.
 */
export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  const abs = linkTarget(resolve(path));
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
    // Checked last, just before the rename, so that nothing can have changed the target since.
    const refused = irregularCode(abs);
    if (refused) throw codedError(refused, abs);
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
