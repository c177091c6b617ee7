/**
 * Simulation over worker threads (piscina): each batch of iterations is cut into one slice per
 * thread, and the tallies are summed. Iteration i always draws from the same seeded generator
 * (sim.ts), so the result equals the single-thread one for the same seed and iterations.
 * Needs the compiled worker (dist/ai/sim/worker.js) next to this file.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Rules } from '../../engine/rules.js';
import type { Simulator } from './sim.js';
import {
  type SimOptions,
  type SimPosition,
  type SimResult,
  type SimTally,
  addTally,
  newTally,
  prune,
  simulating,
  stopsEarly,
  summarise,
} from './sim.js';
import type { SimSlice, SimTask } from './worker.js';

/** What `simulateParallel` takes besides `SimOptions`. */
export interface ParallelSimOptions extends SimOptions {
  /** Worker threads (default: every core). */
  readonly threads?: number;
  /** Called after each batch: the iterations done so far and the most that will be run. */
  readonly onProgress?: (done: number, max: number) => void;
  /** Aborted: no further batch starts, and the result covers the iterations done. */
  readonly signal?: AbortSignal;
}

/**
 * Simulates with `threads` workers (default: every core). `sim` supplies the candidates (it must
 * be bound to the lexicon the workers open from `lexicon`).
 */
export async function simulateParallel(
  sim: Simulator,
  rules: Rules,
  lexicon: string | undefined,
  pos: SimPosition,
  opts: ParallelSimOptions = {},
): Promise<SimResult> {
  const t0 = Date.now();
  const threads = Math.max(1, opts.threads ?? availableParallelism());
  const { flat, list, order } = sim.candidates(pos, opts.candidates ?? 10);
  const tallies: SimTally[] = flat.map(newTally);
  const alive = flat.map(() => true);
  const maxIt = opts.iterations ?? 1000;
  const batch = Math.max(opts.batch ?? 32, threads * 8);
  const seed = opts.seed ?? 1;
  const plies = opts.plies ?? 2;
  const pool = new Piscina({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
  });
  const deadline = opts.timeMs === undefined ? undefined : t0 + opts.timeMs;
  // `next`: the first iteration of the next batch; `done`: how many ran (fewer once the time
  // is up, when each slice stops where it is).
  let next = 0;
  let done = 0;
  let early = false;
  try {
    while (simulating(flat.length, next, opts)) {
      const to = Math.min(maxIt, next + batch);
      const step = Math.ceil((to - next) / threads);
      const jobs: Promise<SimSlice>[] = [];
      for (let from = next; from < to; from += step) {
        const task: SimTask = {
          lexicon,
          rules,
          pos: {
            board: Array.from(pos.board),
            rack: Array.from(pos.rack),
            unseen: Array.from(pos.unseen),
            bagCount: pos.bagCount,
            spread: pos.spread,
            oppLeaves: pos.oppLeaves,
          },
          cands: flat,
          alive,
          from,
          to: Math.min(to, from + step),
          seed,
          plies,
          ...(deadline !== undefined && { deadline }),
        };
        jobs.push(pool.run(task) as Promise<SimSlice>);
      }
      // Summed in slice order, so the floating-point sums do not depend on which thread ends first.
      let ran = 0;
      for (const part of await Promise.all(jobs)) {
        part.tallies.forEach((p, c) => addTally(tallies[c]!, p));
        ran += part.ran;
      }
      done += ran;
      // The iterations that ran, as the result counts them: past the deadline a slice stops
      // short of `to`.
      opts.onProgress?.(done, maxIt);
      // Stopped by the clock within the batch.
      if (ran < to - next) break;
      next = to;
      if (opts.signal?.aborted) break;
      if (stopsEarly(flat.length, opts) && prune(tallies, alive)) {
        early = true;
        break;
      }
      if (deadline !== undefined && Date.now() >= deadline) break;
    }
  } finally {
    await pool.destroy();
  }
  return summarise(list, order, flat, tallies, done, Date.now() - t0, early);
}
