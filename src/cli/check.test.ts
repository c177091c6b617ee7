/** `atril check` through the built CLI (DESIGN.md §4): exit codes, JSON shape, accents. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));
const atril = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('atril check', () => {
  let dir: string;
  let small: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'atril-check-'));
    writeFileSync(join(dir, 'lista.txt'), 'casa\ncalle\nperro\n');
    small = join(dir, 'lista.kwg');
    const r = atril('lexicon', 'build', join(dir, 'lista.txt'), '-o', small);
    expect(r.code, r.err).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exit 0 when every word is valid, with the tiles shown (D-01)', () => {
    const r = atril('check', 'calle', 'imán', 'CARRO');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('calle: C A LL E — válida');
    expect(r.out).toContain('imán: I M A N — válida');
    expect(r.out).toContain('CARRO: C A RR O — válida');
  });

  it('exit 1 when some word is invalid; --json gives [{word, valid, tiles}]', () => {
    const r = atril('check', '--json', 'calle', 'cxlle', 'kiwi');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual([
      { word: 'calle', valid: true, tiles: ['C', 'A', 'LL', 'E'] },
      { word: 'cxlle', valid: false, tiles: ['C', 'X', 'LL', 'E'] },
      { word: 'kiwi', valid: false, tiles: ['K', 'I', 'W', 'I'] },
    ]);
  });

  it('T-02: a word with K or W is invalid with a reason, not a usage error', () => {
    const r = atril('check', 'kilo');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/kilo: K I L O — no válida, lleva la letra K, que no existe/);
  });

  it('--lexicon FILE uses another lexicon', () => {
    expect(atril('check', '--lexicon', small, 'perro', 'casa').code).toBe(0);
    const r = atril('check', '--lexicon', small, '--json', 'imán');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual([
      { word: 'imán', valid: false, tiles: ['I', 'M', 'A', 'N'] },
    ]);
  });

  it('exit 2 on bad usage or an unusable lexicon, with a Spanish message and no stack trace', () => {
    const none = atril('check');
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/Falta la palabra/);
    const opt = atril('check', '--frobnicate', 'casa');
    expect(opt.code).toBe(2);
    expect(opt.err).toMatch(/Opción desconocida: «--frobnicate»/);
    const missing = atril('check', '--lexicon', join(dir, 'nada.kwg'), 'casa');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/No existe el archivo/);
    const notGraph = atril('check', '--lexicon', join(dir, 'lista.txt'), 'casa');
    expect(notGraph.code).toBe(2);
    expect(notGraph.err).toMatch(/no es un archivo de léxico de Atril/);
    expect(notGraph.err).not.toMatch(/at .*\.js/);
  });

  it('--help explains the command in Spanish', () => {
    const r = atril('check', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Uso: atril check PALABRA/);
  });
});
