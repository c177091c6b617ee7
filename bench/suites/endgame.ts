/**
 * The endgame solver on 200 real endgames (the board of a seeded greedy self-play game when its
 * bag runs out, the unseen tiles dealt to both racks: up to 7 each): the distribution of solve
 * times, each solve capped at 10 s of CPU time (the target; CPU time, because other work
 * on a shared machine would otherwise eat into the budget), and how many were proven exact.
 * The same endgames are then solved on every core (parallel.ts), each capped at 10 s of wall
 * time, since threads share the machine's time. Both with the transposition table of
 * `atril endgame` (`LARGE_TABLE_BITS`). `ENDGAME_COUNT=N` solves fewer (or more) for a quick look.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type BenchSuite } from '../harness.js';
import { makeRules } from '../../src/engine/rules.js';
import { SPANISH } from '../../src/engine/tiles.js';
import { loadDefaultLexicon } from '../../src/lexicon/index.js';
import { ParallelEndgameSolver } from '../../src/ai/endgame/parallel.js';
import { EndgameSolver, LARGE_TABLE_BITS } from '../../src/ai/endgame/solver.js';
import { benchEndgames, randomEndgames } from '../../src/ai/testing/endgames.js';

const LIMIT_MS = 10_000;

/** This process's CPU time in milliseconds, the solver's clock for the budget. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const suite: BenchSuite = {
  name: 'endgame',
  prepare: async () => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    const rules = makeRules('fise');
    const count = Number(process.env.ENDGAME_COUNT ?? 200);
    const games = benchEndgames(lex.value.nodes, rules, count);
    // The table `atril endgame` gives its threads (the machine to itself).
    const solver = new EndgameSolver(lex.value.nodes, SPANISH, rules, undefined, LARGE_TABLE_BITS);
    const ms: number[] = [];
    // CPU time too: on a machine shared with other work the wall clock overstates the search.
    const cpu: number[] = [];
    let exact = 0;
    let nodes = 0;
    for (const g of games) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const r = solver.solve(
        { board: g.board, racks: g.racks },
        { timeMs: LIMIT_MS, clock: cpuMs },
      );
      const c = process.cpuUsage(c0);
      ms.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
      if (r.exact) exact++;
      nodes += r.nodes;
    }
    // Every core: wall time, each solve capped at the same 10 s.
    const threads = availableParallelism();
    const parallel = new ParallelEndgameSolver(undefined, rules, threads, LARGE_TABLE_BITS);
    const wall: number[] = [];
    let exactParallel = 0;
    try {
      for (const g of games) {
        const t0 = performance.now();
        const r = await parallel.solve({ board: g.board, racks: g.racks }, { timeMs: LIMIT_MS });
        wall.push(performance.now() - t0);
        if (r.exact) exactParallel++;
      }
    } finally {
      await parallel.close();
    }
    const wallSorted = [...wall].sort((a, b) => a - b);
    const sorted = [...ms].sort((a, b) => a - b);
    const cpuSorted = [...cpu].sort((a, b) => a - b);
    const at = (q: number, xs = sorted) =>
      Math.round(xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!);
    const total = ms.reduce((a, b) => a + b, 0);
    // A small endgame timed in batches, for the ratio to the baseline, on the default table: the
    // bots' (which solve many small endgames, each about 1.6× slower on the larger table, whose
    // probes scatter over four times the memory) and what `atril endgame` tries alone for its
    // first 100 ms.
    const botSolver = new EndgameSolver(lex.value.nodes, SPANISH, rules);
    const small = randomEndgames(lex.value.nodes, SPANISH, rules, {
      count: 1,
      firstSeed: 7,
      minRack: 3,
      maxRack: 3,
    })[0]!;
    return {
      figures: [
        { name: 'endgames solved', value: games.length, unit: 'positions' },
        { name: `proven exact within ${LIMIT_MS / 1000} s`, value: exact, unit: 'positions' },
        { name: 'solve time median', value: at(0.5), unit: 'ms' },
        { name: 'solve time 90th percentile', value: at(0.9), unit: 'ms' },
        { name: 'solve time 99th percentile', value: at(0.99), unit: 'ms' },
        { name: 'solve time max', value: Math.round(sorted[sorted.length - 1] ?? 0), unit: 'ms' },
        { name: 'solve CPU time median', value: at(0.5, cpuSorted), unit: 'ms' },
        { name: 'solve CPU time 90th percentile', value: at(0.9, cpuSorted), unit: 'ms' },
        { name: 'solve CPU time max', value: at(1, cpuSorted), unit: 'ms' },
        { name: 'nodes per second', value: Math.round(nodes / (total / 1000)), unit: 'nodes/s' },
        {
          name: `proven exact within ${LIMIT_MS / 1000} s on ${threads} threads (wall time)`,
          value: exactParallel,
          unit: 'positions',
        },
        { name: `${threads}-thread solve time median`, value: at(0.5, wallSorted), unit: 'ms' },
        {
          name: `${threads}-thread solve time 90th percentile`,
          value: at(0.9, wallSorted),
          unit: 'ms',
        },
        { name: `${threads}-thread solve time max`, value: at(1, wallSorted), unit: 'ms' },
      ],
      cases: [
        {
          name: 'solve a 3-against-3-tile endgame',
          unit: 'solve',
          run: () => botSolver.solve({ board: small.board, racks: small.racks }),
        },
      ],
    };
  },
};

export default suite;
