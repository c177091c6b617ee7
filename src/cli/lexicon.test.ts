/** `atril lexicon build` through the built CLI: every rejected line reported, clear errors. */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tempDir.js';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));
const atril = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const dir = tempDir('atril-lexicon-cli-');

describe('atril lexicon build', () => {
  it('reports every rejected line with its number and reason, and builds the rest', () => {
    const list = join(dir, 'palabras.txt');
    writeFileSync(list, '# comentario\ncasa\nkiwi\n\nwhisky\nímpetu\nx\nex-novio\n');
    const r = atril('lexicon', 'build', list);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('6 entradas leídas, 2 aceptadas, 4 descartadas.');
    expect(r.out).toContain('línea 3: «kiwi» lleva la letra K');
    expect(r.out).toContain('línea 5: «whisky» lleva la letra W');
    expect(r.out).toContain('línea 7: «x» demasiado corta (1 ficha; mínimo 2)');
    expect(r.out).toContain('línea 8: «ex-novio» contiene un guion, que no es una letra');
    expect(r.out).toMatch(
      /Léxico guardado en .*palabras\.kwg: 2 palabras, \d+ nodos, \d+,\d MiB, \d+,\d s\./,
    );
    expect(atril('check', '--lexicon', join(dir, 'palabras.kwg'), 'impetu', 'casa').code).toBe(0);
  });

  it('a list of one word is counted in the singular', () => {
    const list = join(dir, 'una.txt');
    writeFileSync(list, 'casa\n');
    const r = atril('lexicon', 'build', list, '-o', join(dir, 'una.kwg'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('1 entrada leída, 1 aceptada, 0 descartadas.');
    expect(r.out).toMatch(/Léxico guardado en .*una\.kwg: 1 palabra, \d+ nodos, /);
  });

  it('an empty list, a list with no valid word and a binary file are errors (exit 2)', () => {
    writeFileSync(join(dir, 'vacia.txt'), '');
    const empty = atril('lexicon', 'build', join(dir, 'vacia.txt'), '-o', join(dir, 'v.kwg'));
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/no contiene ninguna palabra/);
    writeFileSync(join(dir, 'mala.txt'), 'kiwi\nwifi\n');
    const bad = atril('lexicon', 'build', join(dir, 'mala.txt'), '-o', join(dir, 'm.kwg'));
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/No queda ninguna palabra válida/);
    expect(existsSync(join(dir, 'm.kwg'))).toBe(false);
    writeFileSync(join(dir, 'bin.dat'), new Uint8Array([0, 159, 146, 150, 0, 1]));
    const binary = atril('lexicon', 'build', join(dir, 'bin.dat'), '-o', join(dir, 'b.kwg'));
    expect(binary.code).toBe(2);
    expect(binary.err).toMatch(/no es un archivo de texto UTF-8/);
  });

  it('bad usage is exit 2 with a Spanish message', () => {
    expect(atril('lexicon').code).toBe(2);
    expect(atril('lexicon', 'compile').err).toMatch(/Suborden desconocida/);
    expect(atril('lexicon', 'build', 'a.txt', 'b.txt').code).toBe(2);
    expect(atril('lexicon', 'build', 'a.txt', '--tile-set', 'klingon').err).toMatch(
      /Juego de fichas desconocido/,
    );
  });

  it('info describes a lexicon file', () => {
    const r = atril('lexicon', 'info', join(dir, 'palabras.kwg'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/palabras: 2/);
  });

  it('info groups the thousands as the rest of the output does («636.598»)', () => {
    const r = atril('lexicon', 'info');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ {2}palabras: \d{1,3}(\.\d{3})+$/m);
    expect(r.out).toMatch(/^ {2}nodos: \d{1,3}(\.\d{3})+ \(\d+,\d MiB\)$/m);
  });
});
