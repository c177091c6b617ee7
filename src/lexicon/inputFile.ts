/**
 * The one way the `atril` commands read a file a user names (a game record, a word list, a
 * lexicon, a saved game): only a regular file, never more than a cap, never blocking.
 *
 * `readFileSync` on `/dev/zero` or `/dev/urandom` reads until memory runs out, and on a FIFO
 * with no writer it blocks for ever; a file of gigabytes is read whole before any check. So the
 * file is opened without blocking (O_NONBLOCK: opening a FIFO returns at once), checked with
 * `fstat` on the open descriptor (no race between the check and the read), refused unless it
 * is a regular file no larger than the cap, and read up to the size `fstat` gave plus one byte
 * (a file that grows while it is read is refused too).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { InputFileError } from '../engine/errors.js';
import { type Result, err, ok } from '../engine/result.js';

/** Why an input file was not read (declared with the other codes in engine/errors.ts). */
export type { InputFileError };

/** The bytes of a file, or why they could not be read. */
export type InputFileResult = Result<Uint8Array, InputFileError>;

/** Size caps per kind of input, generous for real files (the largest real GCG is ~10 KiB). */
export const INPUT_LIMITS = Object.freeze({
  /** A game record or a saved game. */
  record: 4 * 1024 * 1024,
  /** A word list: the packed graph input must stay under 2^26 tiles (build.ts). */
  wordList: 60 * 1024 * 1024,
  /** A compiled lexicon: the header plus MAX_NODES nodes of 4 bytes. */
  lexicon: 40 + 4 * (1 << 22),
});

/** Reads a regular file of at most `limit` bytes (see the module comment). */
export function readInputFile(path: string, limit: number): InputFileResult {
  let fd: number;
  try {
    // Typed as a number, but Windows has no O_NONBLOCK.
    const nonBlock = (constants.O_NONBLOCK as number | undefined) ?? 0;
    fd = openSync(path, constants.O_RDONLY | nonBlock);
  } catch (thrown) {
    return err(openError(path, thrown as NodeJS.ErrnoException));
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return err({ code: 'IS_DIRECTORY', path });
    if (!st.isFile()) return err({ code: 'NOT_REGULAR', path });
    if (st.size > limit) return err({ code: 'TOO_LARGE', path, limit });
    const buf = new Uint8Array(st.size + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length) return err({ code: 'TOO_LARGE', path, limit });
    }
    return ok(buf.subarray(0, n));
  } catch (thrown) {
    return err(openError(path, thrown as NodeJS.ErrnoException));
  } finally {
    closeSync(fd);
  }
}

function openError(path: string, e: NodeJS.ErrnoException): InputFileError {
  switch (e.code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { code: 'NOT_FOUND', path };
    case 'EISDIR':
      return { code: 'IS_DIRECTORY', path };
    case 'EACCES':
    case 'EPERM':
      return { code: 'NO_PERMISSION', path };
    case 'ENXIO': // a FIFO or socket with nobody at the other end
      return { code: 'NOT_REGULAR', path };
    default:
      return { code: 'UNREADABLE', path, detail: e.code ?? e.message };
  }
}
