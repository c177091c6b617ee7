/** `npm run bench -- movegen --cgp-file FILE`: named CGP positions timed, medians written. */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/tempDir.js';

const bin = fileURLToPath(new URL('../bin/bench.js', import.meta.url));
const dir = tempDir('atril-bench-');
const results = join(dir, 'results.json');
const bench = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ATRIL_BENCH_RESULTS: results },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('npm run bench -- movegen --cgp-file', () => {
  it('times all moves and the best move of each named position and writes the medians', () => {
    const cgp = file(
      'one.cgp',
      '# a comment\n\nMIO 15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 ERS/ 0/0 0\n',
    );
    const r = bench('movegen', '--cgp-file', cgp);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(readFileSync(results, 'utf8')) as {
      results: { suite: string; name: string; medianNs: number }[];
      figures: { name: string; value: number }[];
    };
    expect(json.results.map((c) => c.name)).toEqual([
      'all moves, MIO',
      'best move (score), MIO',
      'best move (equity), MIO',
    ]);
    for (const c of json.results) expect(c.medianNs).toBeGreaterThan(0);
    expect(json.figures.find((f) => f.name === 'placements, MIO')!.value).toBeGreaterThan(0);
  }, 120_000);

  it('the five peer positions ship in bench/positions.cgp', () => {
    const text = readFileSync(new URL('../bench/positions.cgp', import.meta.url), 'utf8');
    const names = text
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'))
      .map((l) => l.split(' ')[0]);
    expect(names).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
  });

  it('a bad position is refused in Spanish with its line, exit 2, nothing timed', () => {
    const bad = file('bad.cgp', 'P1 15/15 AEINRST/ 0/0 0\n');
    const r = bench('movegen', '--cgp-file', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.cgp, línea 1: /);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/);
    expect(r.out).not.toMatch(/all moves/);
  }, 60_000);

  it('a missing file, a missing name and an unknown option are refused in Spanish', () => {
    const missing = bench('movegen', '--cgp-file', join(dir, 'nope.cgp'));
    expect(missing).toMatchObject({ code: 2, err: expect.stringMatching(/No existe el archivo/) });
    const noName = bench('movegen', '--cgp-file', file('n.cgp', 'P1\n'));
    expect(noName).toMatchObject({ code: 2, err: expect.stringMatching(/falta la posición/) });
    expect(bench('movegen', '--cgp-file')).toMatchObject({ code: 2 });
    expect(bench('--rapido')).toMatchObject({ code: 2, err: expect.stringMatching(/desconocida/) });
  }, 60_000);
});
