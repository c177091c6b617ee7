/**
 * A small benchmark harness: each case runs in timed batches and reports the median time per
 * operation, plus its ratio to a fixed baseline workload measured in the same process, so that
 * figures from noisy machines can still be compared.
 */
import { performance } from 'node:perf_hooks';

/** One measured operation. `setup` runs once, untimed; `run` is the timed body. */
export interface BenchCase {
  readonly name: string;
  /** What one operation is, in Spanish or English: "isWord lookup", "full game". */
  readonly unit?: string;
  /** How many times `run` is called per batch (default: calibrated to ~50 ms). */
  readonly opsPerBatch?: number;
  /** Number of timed batches (default 9). */
  readonly batches?: number;
  readonly run: () => unknown;
}

/** A single figure that is not a timing (file size, peak memory, a count). */
export interface BenchFigure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
}

/** Options from the command line that a suite may read (`--cgp-file FILE`). */
export interface BenchOptions {
  /** A file of named CGP positions, one `NAME CGP` per line, for the movegen suite. */
  readonly cgpFile?: string;
}

/** Bad input to a suite (a file it cannot read): run.ts says the message and exits with 2. */
export class BenchInputError extends Error {}

/** A suite groups cases and figures measured on the same data. */
export interface BenchSuite {
  readonly name: string;
  /** Returns the cases to time and any one-off figures measured while preparing them. */
  readonly prepare: (
    options: BenchOptions,
  ) => Promise<{ cases: BenchCase[]; figures?: BenchFigure[] }>;
}

export interface CaseResult {
  suite: string;
  name: string;
  unit: string;
  medianNs: number;
  opsPerSec: number;
  ratioToBaseline: number;
}

let sink = 0;

/** The baseline: a fixed integer workload, so ratios cancel out the machine's speed. */
export const baselineCase: BenchCase = {
  name: 'baseline (1e5 integer mixes)',
  run: () => {
    let x = 0x9e3779b9;
    for (let i = 0; i < 100_000; i++) x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + i;
    sink ^= x;
  },
};

function calibrate(c: BenchCase): number {
  if (c.opsPerBatch) return c.opsPerBatch;
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) c.run();
    const dt = performance.now() - t0;
    if (dt > 50 || n > 1e8) return Math.max(1, Math.round((n * 50) / Math.max(dt, 1e-3)));
    n *= 4;
  }
}

/** Median nanoseconds per operation of a case. */
export function measure(c: BenchCase): number {
  const ops = calibrate(c);
  for (let i = 0; i < ops; i++) c.run(); // warm-up batch
  const times: number[] = [];
  for (let b = 0; b < (c.batches ?? 9); b++) {
    const t0 = performance.now();
    for (let i = 0; i < ops; i++) c.run();
    times.push(((performance.now() - t0) * 1e6) / ops);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Keeps results observable so the JIT cannot drop benchmark bodies. */
export function consume(v: unknown): void {
  if (v === sink) sink++;
}
