/**
 * The endgame solver on several threads: each runs the same iterative deepening over one shared
 * transposition table, and a thread entering a node another is searching puts that node off to
 * after its siblings (ABDADA), so the threads split the tree instead of walking it in step. The
 * first thread to finish stops the others.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Rules } from '../../engine/rules.js';
import {
  CONTROL_DONE,
  CONTROL_INTERRUPT,
  type EndgameIteration,
  type EndgamePosition,
  type EndgameResult,
  type SharedSearch,
  TABLE_BITS,
  nextGeneration,
  sharedSearch,
} from './solver.js';
import type { EndgameReply, EndgameTask, EndgameWorkerData } from './worker.js';

/** Limits on one parallel solve (the clock is the wall clock). */
export interface ParallelEndgameOptions {
  readonly timeMs?: number;
  readonly maxDepth?: number;
  /**
   * Called when a thread completes an iteration deeper than any reported before in this solve
   * (`ms` counts from when the solve was asked).
   */
  readonly onIteration?: (step: EndgameIteration) => void;
}

/** An endgame solver that keeps `threads` worker threads (default: every core) until closed. */
export class ParallelEndgameSolver {
  private readonly shared: SharedSearch;
  private readonly workers: Worker[];
  private generation = 0;
  private busy = false;
  /** Why a thread stopped for good (it failed or exited), after which no solve can run. */
  private broken: Error | null = null;

  /**
   * Threads for the lexicon file `lexicon` (the default one when undefined) and `rules`,
   * sharing a table of 2^`tableBits` entries (solver.ts, `TABLE_BITS`).
   */
  constructor(
    lexicon: string | undefined,
    rules: Rules,
    threads = availableParallelism(),
    tableBits = TABLE_BITS,
  ) {
    this.shared = sharedSearch(tableBits);
    const workerData: EndgameWorkerData = { lexicon, rules, shared: this.shared };
    this.workers = Array.from({ length: Math.max(1, threads) }, () => {
      const w = startWorker(workerData);
      w.on('error', (e) => (this.broken ??= e));
      w.on('exit', (code) => (this.broken ??= new Error(`endgame thread exited (${code})`)));
      return w;
    });
  }

  /**
   * Cuts the running solve short, as if its time were up: it resolves with the deepest
   * iteration the threads completed and its line. Nothing happens when no solve is running or
   * one thread already has the answer.
   */
  interrupt(): void {
    if (this.busy) Atomics.compareExchange(this.shared.control, 0, 0, CONTROL_INTERRUPT);
  }

  /** How many threads search. */
  get threads(): number {
    return this.workers.length;
  }

  /**
   * Solves an endgame exactly (or as deep as the time allows): the same answer as
   * `EndgameSolver.solve`, with `nodes` summed over the threads. One solve at a time.
   */
  async solve(pos: EndgamePosition, opts: ParallelEndgameOptions = {}): Promise<EndgameResult> {
    if (this.busy) throw new Error('ParallelEndgameSolver solves one position at a time');
    if (this.broken) throw this.broken;
    this.busy = true;
    const t0 = Date.now();
    try {
      this.generation = nextGeneration(this.shared.table, this.generation);
      this.shared.control[0] = 0;
      this.shared.control[1] = this.generation;
      this.shared.busy.fill(0);
      const task: EndgameTask = {
        board: Array.from(pos.board),
        racks: [Array.from(pos.racks[0]), Array.from(pos.racks[1])],
        passes: pos.passes ?? 0,
        scoreless: pos.scoreless ?? 0,
        deadline: opts.timeMs === undefined ? undefined : t0 + opts.timeMs,
        maxDepth: opts.maxDepth,
        progress: opts.onIteration !== undefined,
      };
      let reported = 0;
      const onStep = (step: EndgameIteration) => {
        if (step.depth <= reported) return;
        reported = step.depth;
        opts.onIteration!({ ...step, ms: Date.now() - t0 });
      };
      // Every thread is waited for, so that none still writes to the table of the next solve;
      // one that fails stops the others.
      const settled = await Promise.allSettled(
        this.workers.map((w) =>
          ask(w, task, onStep).catch((e: unknown) => {
            Atomics.store(this.shared.control, 0, CONTROL_DONE);
            throw e;
          }),
        ),
      );
      const replies = settled.map((s) => {
        if (s.status === 'rejected') throw s.reason;
        return s.value;
      });
      const answers = replies.filter((r) => !r.stopped).map((r) => r.result);
      const best =
        answers.find((r) => r.exact) ??
        answers.reduce((a, b) => (b.depth > a.depth ? b : a), answers[0]!);
      const nodes = replies.reduce((n, r) => n + r.result.nodes, 0);
      return { ...best, nodes, ms: Date.now() - t0 };
    } finally {
      this.busy = false;
    }
  }

  /** Ends the threads. */
  async close(): Promise<void> {
    this.broken ??= new Error('ParallelEndgameSolver is closed');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

// Compiled, a thread runs worker.js. From the TypeScript sources (tests, the bench) it loads
// worker.ts through tsx's API: Node 20 does not pass `--import` hooks on to a worker's own module.
function startWorker(workerData: EndgameWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./worker.js', import.meta.url), { workerData });
  const file = new URL('./worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(boot, { eval: true, workerData });
}

// Sends a task to one thread and waits for its answer (or its failure), passing on the
// iterations it reports meanwhile.
function ask(
  w: Worker,
  task: EndgameTask,
  onStep: (step: EndgameIteration) => void,
): Promise<{ result: EndgameResult; stopped: boolean }> {
  return new Promise((resolve, reject) => {
    const done = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    const onMessage = (r: EndgameReply) => {
      if (r.kind === 'iteration') {
        onStep(r.step);
        return;
      }
      done();
      if (r.ok) resolve({ result: r.result, stopped: r.stopped });
      else reject(new Error(`endgame thread: ${r.error}`));
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`endgame thread exited (${code})`));
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage(task);
  });
}
