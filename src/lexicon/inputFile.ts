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

/** Why an input file was not read. */
export type InputFileError =
  | { readonly code: 'NOT_FOUND'; readonly path: string }
  | { readonly code: 'IS_DIRECTORY'; readonly path: string }
  | { readonly code: 'NOT_REGULAR'; readonly path: string }
  | { readonly code: 'TOO_LARGE'; readonly path: string; readonly limit: number }
  | { readonly code: 'NO_PERMISSION'; readonly path: string }
  | { readonly code: 'UNREADABLE'; readonly path: string; readonly detail: string };

/** The bytes of a file, or why they could not be read. */
export type InputFileResult =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly error: InputFileError };

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
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    return { ok: false, error: openError(path, err as NodeJS.ErrnoException) };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, error: { code: 'IS_DIRECTORY', path } };
    if (!st.isFile()) return { ok: false, error: { code: 'NOT_REGULAR', path } };
    if (st.size > limit) return { ok: false, error: { code: 'TOO_LARGE', path, limit } };
    const buf = new Uint8Array(st.size + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length) return { ok: false, error: { code: 'TOO_LARGE', path, limit } };
    }
    return { ok: true, bytes: buf.subarray(0, n) };
  } catch (err) {
    return { ok: false, error: openError(path, err as NodeJS.ErrnoException) };
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

function mib(n: number): string {
  return `${Math.round(n / (1024 * 1024))} MiB`;
}

/** The Spanish sentence for an input file error, naming the file as the user wrote it. */
export function inputFileErrorMessage(e: InputFileError): string {
  switch (e.code) {
    case 'NOT_FOUND':
      return `No existe el archivo «${e.path}».`;
    case 'IS_DIRECTORY':
      return `«${e.path}» es una carpeta, no un archivo.`;
    case 'NOT_REGULAR':
      return `«${e.path}» no es un archivo normal (¿un dispositivo, una tubería o un socket?); indica un archivo.`;
    case 'TOO_LARGE':
      return `«${e.path}» es demasiado grande: el límite es ${mib(e.limit)}.`;
    case 'NO_PERMISSION':
      return `No hay permiso para leer «${e.path}».`;
    case 'UNREADABLE':
      return `No se puede leer «${e.path}» (${e.detail}).`;
  }
}
