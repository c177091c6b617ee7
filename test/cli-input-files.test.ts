/**
 * Every file a command reads goes through one reader (src/lexicon/inputFile.ts): a device, a
 * FIFO or a directory is refused at once with a Spanish sentence, and a file over the cap is
 * refused before it is read (issue 10, item 12).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, readInputFile } from '../src/lexicon/index.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const dir = tempDir('atril-inputs-');
const fifo = join(dir, 'tuberia');
execFileSync('mkfifo', [fifo]);
const huge = join(dir, 'enorme.gcg');
const fd = openSync(huge, 'w');
ftruncateSync(fd, INPUT_LIMITS.wordList + 1); // sparse: no disk used
closeSync(fd);

/** Every command that reads a file, with the file in its place. */
const READERS: readonly ((f: string) => string[])[] = [
  (f) => ['replay', f],
  (f) => ['analyze', f],
  (f) => ['lexicon', 'build', f, '-o', join(dir, 'salida.kwg')],
  (f) => ['lexicon', 'info', f],
  (f) => ['check', 'casa', '--lexicon', f],
  (f) => ['replay', join(dir, 'no-existe.gcg'), '--lexicon', f],
];

describe('input files: only regular files, with a size cap', () => {
  for (const [label, path, pattern] of [
    ['/dev/zero', '/dev/zero', /no es un archivo normal/],
    ['/dev/urandom', '/dev/urandom', /no es un archivo normal/],
    ['a FIFO with no writer', fifo, /no es un archivo normal/],
    ['a directory', dir, /es una carpeta/],
    ['a file over the cap', huge, /demasiado grande/],
  ] as const) {
    it(`${label} is refused by every command, exit 2`, async () => {
      for (const argv of READERS.slice(0, 5)) {
        const r = await runCli(...argv(path));
        expect(r.code, argv(path).join(' ')).toBe(2);
        expect(r.err).toMatch(pattern);
        expect(r.err).not.toMatch(/\n\s+at /);
      }
    });
  }

  it('an empty game record is said to be empty by replay, analyze and play --cargar', async () => {
    const empty = join(dir, 'vacia.gcg');
    writeFileSync(empty, '');
    for (const argv of [
      ['replay', empty],
      ['analyze', empty],
      ['play', '--cargar', empty],
    ]) {
      const r = await runCli(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toContain(
        `«${empty}»: el archivo está vacío: no tiene ninguna línea de partida.`,
      );
    }
  });

  it('a FIFO is refused by the reader itself, without blocking', () => {
    const r = readInputFile(fifo, 1000);
    expect(r.ok ? 'read' : r.error.code).toBe('NOT_REGULAR');
  });

  it('a regular file at the cap is read whole; one byte over is refused', () => {
    const f = join(dir, 'diez.txt');
    writeFileSync(f, '0123456789');
    const at = readInputFile(f, 10);
    expect(at.ok && Buffer.from(at.value).toString()).toBe('0123456789');
    const over = readInputFile(f, 9);
    expect(over.ok ? 'read' : over.error.code).toBe('TOO_LARGE');
  });

  it('the word-list cap keeps every list under the 2^26 packed tiles of the graph builder', () => {
    // A packed word takes its tiles plus one separator, never more bytes than its line (a tile
    // is at least one character, a line ends in one newline): the cap is the Spanish limit
    // message `lexicon build` gives instead of the builder's RangeError.
    expect(INPUT_LIMITS.wordList + 2).toBeLessThan(2 ** 26);
  });

  it('a saved game given to --cargar goes through the same reader', async () => {
    const r = await runCli('play', '--cargar', '/dev/zero', '--lineas');
    expect(r.code).toBe(2);
    expect(r.err + r.out).toMatch(/no es un archivo normal/);
  });
});
