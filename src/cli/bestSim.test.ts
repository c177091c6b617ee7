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
  /** The whole main word of a placement. */
  main?: string;
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

  it('--tiempo is kept within a batch: past it each thread stops after its first iteration', () => {
    // The threads start well after a millisecond (written with a decimal comma, as in Spanish):
    // each runs its first iteration only (a whole batch of 32 before).
    const r = atril('best', '--cgp', CGP, '--sim', '--top', '3', '--tiempo', '0,001', '--hilos', '2', '--json'); // prettier-ignore
    expect(r.code, r.err).toBe(0);
    const res = JSON.parse(r.out) as { iterations: number; candidates: SimEntry[] };
    expect(res.iterations).toBe(2);
    expect(res.candidates.every((c) => c.iterations === 2)).toBe(true);
  }, 60_000);

  it('--top 1: the one candidate is simulated too, for its estimates', () => {
    for (const threads of ['1', '2']) {
      const r = atril('best', '--cgp', CGP, '--sim', '--top', '1', '--iteraciones', '40', '--hilos', threads, '--json'); // prettier-ignore
      expect(r.code, r.err).toBe(0);
      const res = JSON.parse(r.out) as { iterations: number; candidates: SimEntry[] };
      expect(res.iterations).toBe(40);
      expect(res.candidates).toHaveLength(1);
      expect(res.candidates[0]!.iterations).toBe(40);
      // The whole main word, the O of CANTOR filled in, as plain best gives it.
      expect(res.candidates[0]!.main).toBe('AMIGUERO');
      // AMIGUER. for 89, 6 points ahead before it: far more often won than lost.
      expect(res.candidates[0]!.winProb).toBeGreaterThan(0.6);
    }
  }, 60_000);

  it('prints the ranking in Spanish', () => {
    const r = atril('best', '--cgp', CGP, '--sim', '--top', '2', '--iteraciones', '16', '--hilos', '1'); // prettier-ignore
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Simulación: 16 iteraciones en \d+,\d s/);
    // No bar when stderr is not a terminal.
    expect(r.err).toBe('');
    expect(r.out).toMatch(
      / 1\. H1 AMIGUER\. \(AMIGUERO\), 89 puntos; gana el \d+,\d %, diferencia media desde ahora [+-]?\d+,\d \(16 iteraciones\)/,
    );
    expect(r.out).toMatch(
      /\nEl nivel campeon jugaría la [12]\.ª \((también la de más equidad|gana con claridad|la de más equidad: ninguna)[^)]*\)\.\n$/,
    );
  });

  // CANTOR, the opening on the board, left its player one tile it kept. A kept A would have
  // made CANTORA (a bingo, 50 more): no sampled rack holding one keeps it.
  it('--ultima: the leaves the opponent may have kept after its last placement reach the simulation', () => {
    const sim = (...more: string[]) => {
      const r = atril('best', '--cgp', CGP, '--sim', '--top', '3', '--iteraciones', '48', '--hilos', '1', '--json', ...more); // prettier-ignore
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out) as {
        candidates: SimEntry[];
        inference?: {
          play: string;
          score: number;
          samples: number;
          kept: number;
          leaves: { leave: string; share: number }[];
        };
      };
    };
    const plain = sim();
    expect(plain.inference).toBeUndefined();
    const told = sim('--ultima', '8D CANTOR');
    const inf = told.inference!;
    expect(inf.play).toBe('8D CANTOR');
    // C on the double letter D8, the rest at face value, doubled by the centre: (6 + 5) × 2.
    expect(inf.score).toBe(22);
    expect(inf.samples).toBe(400);
    expect(inf.kept).toBeGreaterThanOrEqual(12);
    expect(inf.kept).toBeLessThan(400);
    for (const l of inf.leaves) expect(l.leave).toMatch(/^[B-ZÑ]$/);
    expect(inf.leaves.map((l) => l.leave)).not.toContain('A');
    expect(inf.leaves.reduce((a, l) => a + l.share, 0)).toBeCloseTo(1, 3);
    // The same seed deals the opponent other racks: the estimates move.
    expect(told.candidates.map((c) => c.meanSpread)).not.toEqual(
      plain.candidates.map((c) => c.meanSpread),
    );
    const text = atril('best', '--cgp', CGP, '--sim', '--top', '1', '--iteraciones', '8', '--hilos', '1', '--ultima', '8D CANTOR'); // prettier-ignore
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(
      /\nÚltima jugada del rival: 8D CANTOR, 22 puntos\. De 400 atriles probados, \d+ la hacen una de sus mejores jugadas; lo que guardó, más a menudo: [A-ZÑ] \(\d+(,\d+)? %\)/,
    );
  }, 60_000);

  // An exchange of six kept one tile: of the whole racks for which that was the best
  // move, the one tile worth keeping (an S or a blank, most often).
  it('--ultima=-6: after an exchange, the tile it kept', () => {
    const r = atril('best', '--cgp', CGP, '--sim', '--top', '2', '--iteraciones', '8', '--hilos', '1', '--json', '--ultima=-6'); // prettier-ignore
    expect(r.code, r.err).toBe(0);
    const inf = (
      JSON.parse(r.out) as {
        inference: {
          play: string;
          exchanged: number;
          samples: number;
          kept: number;
          leaves: { leave: string }[];
        };
      }
    ).inference;
    expect(inf.play).toBe('-6');
    expect(inf.exchanged).toBe(6);
    expect(inf.samples).toBe(1600);
    expect(inf.kept).toBeGreaterThanOrEqual(12);
    for (const l of inf.leaves) expect(l.leave).toMatch(/^([A-ZÑ?]|\[(CH|LL|RR)\])$/);
    expect(inf.leaves.map((l) => l.leave)).toContain('S');
    const text = atril('best', '--cgp', CGP, '--sim', '--top', '1', '--iteraciones', '4', '--hilos', '1', '--ultima=-6'); // prettier-ignore
    expect(text.out).toMatch(
      /\nÚltima jugada del rival: cambió 6 fichas\. De 1600 atriles probados, \d+ la hacen/,
    );
  }, 60_000);

  it('--ultima: a placement that is not on the board, or without --sim, is refused in Spanish', () => {
    const refused = (...more: string[]) => {
      const r = atril('best', '--cgp', CGP, ...more);
      expect(r.code).toBe(2);
      return r.err.split('\n')[0];
    };
    expect(refused('--ultima', '8D CANTOR')).toBe('--ultima solo sirve con --sim.');
    expect(refused('--sim', '--ultima', '8D CANTAR')).toBe('--ultima: en H8 hay O, no A.');
    expect(refused('--sim', '--ultima', '9D CANTOR')).toBe(
      '--ultima: D9 está vacía: la jugada tiene que estar ya en el tablero.',
    );
    expect(refused('--sim', '--ultima=-8')).toBe(
      '--ultima: «-8» no es un cambio: se cambian de 1 a 7 fichas («-3» o «-ABC»).',
    );
    expect(refused('--sim', '--ultima', 'CANTOR')).toBe(
      '--ultima: se espera la coordenada y la palabra, como «8H CA.A», o un cambio, como «-3», no «CANTOR».',
    );
  });

  it('--seed 0 is a seed like any other, as for selfplay', () => {
    const r = atril('best', '--cgp', CGP, '--sim', '--top', '1', '--iteraciones', '4', '--hilos', '1', '--seed', '0', '--json'); // prettier-ignore
    expect(r.code, r.err).toBe(0);
  });

  it('--tiempo needs a positive number', () => {
    const r = atril('best', '--cgp', CGP, '--sim', '--tiempo', 'x');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^--tiempo necesita un número mayor que 0, no «x»\./);
  });
});
