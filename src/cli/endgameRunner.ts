/**
 * How `atril endgame` solves one endgame: one thread tries first, here, for a moment (most
 * endgames take milliseconds), and only an endgame it does not solve then goes to the worker
 * threads, started on first need and kept for the next endgame. The threads leave this one free
 * to show progress and to hear Control+C, which cuts the running solve short.
 */
import type { Rules } from '../engine/rules.js';
import type { TileSet } from '../engine/tiles.js';
import { ParallelEndgameSolver } from '../ai/endgame/parallel.js';
import {
  type EndgameIteration,
  type EndgamePosition,
  type EndgameResult,
  EndgameSolver,
  LARGE_TABLE_BITS,
} from '../ai/endgame/solver.js';

/** How long one thread tries alone before every thread searches (most endgames need less). */
const QUICK_MS = 100;

/** What one solve may be told besides its position. */
export interface RunnerSolveOptions {
  /** The budget in milliseconds (none by default). */
  readonly timeMs?: number;
  /** The threads take over: the first try's result so far. */
  readonly onThreads?: (quick: EndgameResult) => void;
  /**
   * A depth the threads completed, deeper than any reported before in this solve (the first
   * try's, given to `onThreads`, included), `ms` counted from the start of this solve.
   */
  readonly onIteration?: (step: EndgameIteration) => void;
}

/**
 * The answer of a solve whose first try (`quick`) did not finish and whose threads then gave
 * `full`, with the work of both. An exact answer is the answer whatever the depth its thread
 * stopped at: a thread that starts late may prove the value at depth 1 from the table the
 * others filled. Otherwise the deeper one: interrupted before the threads finished their first
 * iteration, the first try's.
 */
export function laterAnswer(quick: EndgameResult, full: EndgameResult): EndgameResult {
  const nodes = full.nodes + quick.nodes;
  const ms = full.ms + quick.ms;
  return full.exact || full.depth >= quick.depth ? { ...full, nodes, ms } : { ...quick, nodes, ms };
}

/** Solves endgames first on this thread, then on `threads` worker threads. */
export class EndgameRunner {
  private readonly solver: EndgameSolver;
  private parallel: ParallelEndgameSolver | null = null;
  private stopped = false;

  constructor(
    nodes: Uint32Array,
    set: TileSet,
    private readonly lexicon: string | undefined,
    private readonly rules: Rules,
    private readonly threads: number,
  ) {
    this.solver = new EndgameSolver(nodes, set, rules);
  }

  /** Whether `interrupt` was called: every later solve answers at once with its first try. */
  get interrupted(): boolean {
    return this.stopped;
  }

  /** Solves one endgame (exactly, or as deep as the budget or an interruption allows). */
  async solve(position: EndgamePosition, opts: RunnerSolveOptions = {}): Promise<EndgameResult> {
    const { timeMs } = opts;
    const quickMs = Math.min(QUICK_MS, timeMs ?? Infinity);
    const quick = this.solver.solve(position, { timeMs: quickMs });
    if (quick.exact || quickMs === timeMs || this.stopped) return quick;
    // The threads have the machine to themselves: a table that holds a long search.
    this.parallel ??= new ParallelEndgameSolver(
      this.lexicon,
      this.rules,
      this.threads,
      LARGE_TABLE_BITS,
    );
    opts.onThreads?.(quick);
    const rest = timeMs === undefined ? undefined : Math.max(1, timeMs - quick.ms);
    const onIteration = opts.onIteration;
    // The threads deepen from depth 1 again, through the depths the first try has completed
    // already: those are no news, and reported they would take a progress line back a depth.
    const full = await this.parallel.solve(position, {
      timeMs: rest,
      onIteration:
        onIteration &&
        ((step) => {
          if (step.depth > quick.depth) onIteration({ ...step, ms: step.ms + quick.ms });
        }),
    });
    return laterAnswer(quick, full);
  }

  /** Cuts the running solve short (Control+C); later solves stop after their first try. */
  interrupt(): void {
    this.stopped = true;
    this.parallel?.interrupt();
  }

  /** Ends the worker threads, if any were started. */
  async close(): Promise<void> {
    await this.parallel?.close();
  }
}
