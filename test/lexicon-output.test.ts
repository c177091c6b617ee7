/**
 * `atril lexicon build -o`: what a command-line user expects of an output file (issue 10,
 * item 12). The list itself is never the output (compared by real path); an existing file is
 * replaced only with --force; a missing folder is not created; no temporary file is ever left
 * behind, after a failed rename or a termination signal.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { NOT_REGULAR_FILE, refusedTarget, writeFileAtomic } from '../src/lexicon/index.js';
import type * as LexiconModule from '../src/lexicon/index.js';
import { runCli } from './helpers/runCli.js';
import { repoRoot } from './gcg-dir.js';
import { tempDir } from './helpers/tempDir.js';

// A write failure the tests cannot cause for real (root may write anywhere): when set, saveKwg
// throws an error with this code instead of writing.
const saveFails = vi.hoisted(() => ({ code: undefined as string | undefined }));
vi.mock('../src/lexicon/index.js', async (original) => {
  const real = await original<typeof LexiconModule>();
  return {
    ...real,
    saveKwg: (...args: Parameters<typeof real.saveKwg>) => {
      if (saveFails.code === undefined) return real.saveKwg(...args);
      throw Object.assign(new Error(`${saveFails.code}: simulated`), { code: saveFails.code });
    },
  };
});

function workDir(): string {
  const d = tempDir('atril-salida-');
  writeFileSync(join(d, 'lista.txt'), 'casa\ncosa\nmesa\n');
  return d;
}
const temps = (d: string): string[] => readdirSync(d).filter((f) => f.endsWith('.tmp'));

describe('lexicon build -o', () => {
  it('the list as its own output is refused, however the path is written', async () => {
    const d = workDir();
    symlinkSync(join(d, 'lista.txt'), join(d, 'enlace.txt'));
    const cwd = process.cwd();
    process.chdir(d);
    try {
      for (const out of [
        './lista.txt',
        'lista.txt',
        join(d, 'lista.txt'),
        'enlace.txt',
        `../${d.split('/').pop()}/lista.txt`,
      ]) {
        const r = await runCli('lexicon', 'build', 'lista.txt', '-o', out, '--force');
        expect(r.code, out).toBe(2);
        expect(r.err).toMatch(/no puede ser la propia lista/);
      }
    } finally {
      process.chdir(cwd);
    }
    expect(readFileSync(join(d, 'lista.txt'), 'utf8')).toBe('casa\ncosa\nmesa\n');
  });

  it('an existing file is kept without --force and replaced with it', async () => {
    const d = workDir();
    const out = join(d, 'notas.txt');
    writeFileSync(out, 'mis notas\n');
    const r = await runCli('lexicon', 'build', join(d, 'lista.txt'), '-o', out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/ya existe: usa --force/);
    expect(readFileSync(out, 'utf8')).toBe('mis notas\n');
    const f = await runCli('lexicon', 'build', join(d, 'lista.txt'), '-o', out, '--force');
    expect(f.code).toBe(0);
    expect(readFileSync(out).subarray(0, 8).toString()).toBe('ATRILKWG');
    expect(temps(d)).toEqual([]);
  });

  it('a missing folder is not created', async () => {
    const d = workDir();
    const r = await runCli(
      'lexicon',
      'build',
      join(d, 'lista.txt'),
      '-o',
      join(d, 'no', 'hay', 'x.kwg'),
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/No existe la carpeta/);
    expect(existsSync(join(d, 'no'))).toBe(false);
  });

  it('a folder as output is refused', async () => {
    const d = workDir();
    mkdirSync(join(d, 'carpeta'));
    const r = await runCli(
      'lexicon',
      'build',
      join(d, 'lista.txt'),
      '-o',
      join(d, 'carpeta'),
      '--force',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/es una carpeta/);
  });

  it('a link is written through: the file it names is replaced, the link stays', async () => {
    const d = workDir();
    mkdirSync(join(d, 'real'));
    writeFileSync(join(d, 'real', 'viejo.kwg'), 'viejo\n');
    // Relative, as links usually are: resolved against the link's folder, not the current one.
    symlinkSync('real/viejo.kwg', join(d, 'enlace.kwg'));
    const r = await runCli('lexicon', 'build', join(d, 'lista.txt'), '-o', join(d, 'enlace.kwg'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/ya existe: usa --force/);
    const f = await runCli(
      'lexicon',
      'build',
      join(d, 'lista.txt'),
      '-o',
      join(d, 'enlace.kwg'),
      '--force',
    );
    expect(f.code, f.err).toBe(0);
    expect(lstatSync(join(d, 'enlace.kwg')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(d, 'enlace.kwg'))).toBe('real/viejo.kwg');
    expect(
      readFileSync(join(d, 'real', 'viejo.kwg'))
        .subarray(0, 8)
        .toString(),
    ).toBe('ATRILKWG');
    expect(temps(d)).toEqual([]);
    expect(temps(join(d, 'real'))).toEqual([]);
  });

  it('a dangling link is written through too, creating the file it names', () => {
    const d = workDir();
    symlinkSync(join(d, 'nuevo.gcg'), join(d, 'enlace.gcg'));
    symlinkSync('enlace.gcg', join(d, 'enlace2.gcg'));
    writeFileAtomic(join(d, 'enlace2.gcg'), new Uint8Array([65, 10]));
    expect(readFileSync(join(d, 'nuevo.gcg'), 'utf8')).toBe('A\n');
    expect(lstatSync(join(d, 'enlace.gcg')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(d, 'enlace2.gcg')).isSymbolicLink()).toBe(true);
  });

  it('a pipe or a socket is not replaced by a file, even with --force', async () => {
    const d = workDir();
    const fifo = join(d, 'tuberia');
    execFileSync('mkfifo', [fifo]);
    const socket = join(d, 'enchufe');
    const server = createServer();
    await new Promise<void>((ok) => server.listen(socket, ok));
    try {
      for (const target of [fifo, socket]) {
        const r = await runCli('lexicon', 'build', join(d, 'lista.txt'), '-o', target, '--force');
        expect(r.code, target).toBe(2);
        expect(r.err).toBe(
          `No se puede escribir «${target}»: no es un archivo normal (¿un dispositivo, una tubería o un socket?), y no se sobrescribe.\n`,
        );
        // The check at the last moment, for a target that changed after the command looked.
        let thrown: unknown;
        try {
          writeFileAtomic(target, new Uint8Array([1, 2, 3]));
        } catch (e) {
          thrown = e;
        }
        expect((thrown as NodeJS.ErrnoException).code).toBe(NOT_REGULAR_FILE);
      }
      // Through a link as well.
      symlinkSync(fifo, join(d, 'enlace'));
      const l = await runCli(
        'lexicon',
        'build',
        join(d, 'lista.txt'),
        '-o',
        join(d, 'enlace'),
        '--force',
      );
      expect(l.code).toBe(2);
      expect(l.err).toMatch(/no es un archivo normal/);
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      expect(lstatSync(socket).isSocket()).toBe(true);
      expect(lstatSync(join(d, 'enlace')).isSymbolicLink()).toBe(true);
      expect(temps(d)).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('refusedTarget is the write’s own check, for a command that asks before writing', async () => {
    const d = workDir();
    const fifo = join(d, 'tuberia');
    execFileSync('mkfifo', [fifo]);
    const socket = join(d, 'enchufe');
    const server = createServer();
    await new Promise<void>((ok) => server.listen(socket, ok));
    mkdirSync(join(d, 'carpeta'));
    symlinkSync(fifo, join(d, 'a-tuberia'));
    symlinkSync(join(d, 'carpeta'), join(d, 'a-carpeta'));
    symlinkSync(join(d, 'nuevo.txt'), join(d, 'colgante'));
    symlinkSync('bucle', join(d, 'bucle'));
    try {
      const cases: [string, string | undefined][] = [
        ['lista.txt', undefined],
        ['no-existe.txt', undefined],
        ['colgante', undefined],
        ['carpeta', 'EISDIR'],
        ['a-carpeta', 'EISDIR'],
        ['tuberia', NOT_REGULAR_FILE],
        ['enchufe', NOT_REGULAR_FILE],
        ['a-tuberia', NOT_REGULAR_FILE],
        // The write meets the loop and says why; the check does not stand in its way.
        ['bucle', undefined],
      ];
      for (const [name, code] of cases) {
        expect(refusedTarget(join(d, name)), name).toBe(code);
        if (code === undefined) continue;
        let thrown: unknown;
        try {
          writeFileAtomic(join(d, name), new Uint8Array([1]));
        } catch (e) {
          thrown = e;
        }
        expect((thrown as NodeJS.ErrnoException).code, name).toBe(code);
      }
    } finally {
      server.close();
    }
  });

  it('a write that fails says why in words, never a raw code', async () => {
    const d = workDir();
    const list = join(d, 'lista.txt');
    // Part of the path is a file, not a folder (ENOTDIR).
    const a = await runCli('lexicon', 'build', list, '-o', join(d, 'lista.txt', 'x.kwg'));
    expect(a.code).toBe(2);
    expect(a.err).toBe(
      `No se puede escribir «${join(d, 'lista.txt', 'x.kwg')}»: parte del camino no es una carpeta.\n`,
    );
    // Two links naming each other (ELOOP).
    symlinkSync(join(d, 'b'), join(d, 'a'));
    symlinkSync(join(d, 'a'), join(d, 'b'));
    const b = await runCli('lexicon', 'build', list, '-o', join(d, 'a'), '--force');
    expect(b.code).toBe(2);
    expect(b.err).toBe(
      `No se puede escribir «${join(d, 'a')}»: los enlaces simbólicos del camino forman un bucle.\n`,
    );
    const said = async (code: string, out = join(d, 'x.kwg')): Promise<string> => {
      saveFails.code = code;
      try {
        const r = await runCli('lexicon', 'build', list, '-o', out);
        expect(r.code, code).toBe(2);
        return r.err;
      } finally {
        saveFails.code = undefined;
      }
    };
    expect(await said('EACCES')).toBe(
      `No se puede escribir «${join(d, 'x.kwg')}»: no hay permiso para escribir ahí.\n`,
    );
    // An existing folder that takes no new files (as /proc answers).
    expect(await said('ENOENT')).toMatch(/: en esa carpeta no se pueden crear ficheros\.\n$/);
    expect(await said('ENOSPC')).toMatch(/: el disco está lleno\.\n$/);
    expect(await said('EIO')).toMatch(/: error al escribir\.\n$/);
    expect(temps(d)).toEqual([]);
  });

  it('a failed rename leaves no temporary file', () => {
    const d = workDir();
    mkdirSync(join(d, 'ocupado'));
    writeFileSync(join(d, 'ocupado', 'x'), 'x');
    expect(() => writeFileAtomic(join(d, 'ocupado'), new Uint8Array([1, 2, 3]))).toThrow();
    expect(temps(d)).toEqual([]);
  });

  it('a termination signal at any moment leaves no temporary file', async () => {
    const d = workDir();
    // A list large enough that building and writing take a while.
    const words: string[] = [];
    const letters = 'abcdefghijlmnoprstuvz';
    for (let i = 0; i < 120_000; i++) {
      let w = '';
      for (let n = i, k = 0; k < 6; k++, n = Math.floor(n / letters.length) + k)
        w += letters[n % letters.length];
      words.push(w);
    }
    writeFileSync(join(d, 'grande.txt'), words.join('\n'));
    const bin = join(repoRoot, 'bin', 'atril.js');
    for (const delay of [50, 200, 400, 700, 1000]) {
      const out = join(d, `grande-${delay}.kwg`);
      const child = spawn(
        process.execPath,
        [bin, 'lexicon', 'build', join(d, 'grande.txt'), '-o', out],
        {
          stdio: 'ignore',
        },
      );
      const timer = setTimeout(() => child.kill('SIGTERM'), delay);
      const code = await new Promise<number | null>((ok) => child.on('exit', (c) => ok(c)));
      clearTimeout(timer);
      expect([0, 143, null], `delay ${delay}`).toContain(code);
      expect(temps(d), `delay ${delay}`).toEqual([]);
    }
  });
});
