/** `atril best --sim` through the built CLI: ranked by simulation, the same for 1 or 2 threads. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/atril.js', import.meta.url));
const atril = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const CGP = '15/15/15/15/15/15/15/3CANTOR6/15/15/15/15/15/15/15 AEGIMRU/ 20/14 0';

interface SimEntry {
  coord: string | null;
  word: string;
  score: number;
  equity: number;
  winProb: number;
  meanSpread: number;
  iterations: number;
}

describe('atril best --sim', () => {
  it('--json: the --top candidates by equity, ranked by win probability; one thread or two, the same numbers', () => {
    const run = (threads: string) => {
      const r = atril('best', '--cgp', CGP, '--sim', '--top', '3', '--iteraciones', '48', '--hilos', threads, '--json'); // prettier-ignore
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out) as {
        iterations: number;
        candidates: SimEntry[];
        chosen: number;
      };
    };
    const one = run('1');
    expect(one.iterations).toBe(48);
    expect(one.candidates).toHaveLength(3);
    for (let k = 1; k < 3; k++)
      expect(one.candidates[k - 1]!.winProb).toBeGreaterThanOrEqual(one.candidates[k]!.winProb);
    const statics = JSON.parse(
      atril('best', '--cgp', CGP, '--top', '3', '--json').out,
    ) as SimEntry[];
    expect(one.candidates.map((c) => `${c.coord} ${c.word}`).sort()).toEqual(
      statics.map((c) => `${c.coord} ${c.word}`).sort(),
    );
    expect(run('2').candidates).toEqual(one.candidates);
    // campeon's pick: the static favourite, unless the simulation's leader beat it clearly.
    const favourite = `${statics[0]!.coord} ${statics[0]!.word}`;
    const names = one.candidates.map((c) => `${c.coord} ${c.word}`);
    expect(one.chosen === 0 || names[one.chosen] === favourite).toBe(true);
  }, 60_000);

  it('prints the ranking in Spanish', () => {
    const r = atril('best', '--cgp', CGP, '--sim', '--top', '2', '--iteraciones', '16', '--hilos', '1'); // prettier-ignore
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Simulación: 16 iteraciones en \d+,\d s/);
    // No bar when stderr is not a terminal.
    expect(r.err).toBe('');
    expect(r.out).toMatch(
      / 1\. H1 AMIGUER\., 89 puntos; gana el \d+,\d %, diferencia media -?\d+,\d \(16 iteraciones\)/,
    );
    expect(r.out).toMatch(
      /\nEl nivel campeon jugaría la [12]\.ª \((también la de más equidad|gana con claridad|la de más equidad: ninguna)[^)]*\)\.\n$/,
    );
  });

  it('--tiempo needs a positive number', () => {
    const r = atril('best', '--cgp', CGP, '--sim', '--tiempo', 'x');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^--tiempo necesita un número mayor que 0, no «x»\./);
  });
});
