/**
 * Bots off the event loop (issue 11 §5): worker threads (piscina) compute bot moves, so a bot
 * thinking for a second never delays another game's messages. Each move has a time budget; a
 * move not ready in time is abandoned (its thread is stopped and replaced) and the caller hears
 * `BOT_TIMEOUT`, to pass or retry as the room decides.
 *
 * Two lanes: `campeon` moves and post-game reviews think for seconds, the other levels for
 * milliseconds. In one queue a few campeon games kept every experto waiting behind them; the
 * slow work has threads of its own.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { BroadcastChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { DEFAULT_CAMPEON_BUDGET } from '../../ai/campeon.js';
import type { ReviewJson } from '../../ai/reviewJson.js';
import type { BotAnswer, BotRequest, BotWorkerData, ReviewRequest } from './types.js';

export type { BotAnswer, BotRequest, ReviewRequest } from './types.js';

/** How long a game's review may take by default (queueing included), in milliseconds. */
export const REVIEW_BUDGET_MS = 60_000;

/** How a bot pool is made. */
export interface BotPoolOptions {
  /** Lexicon files by id (`spanish` → data/spanish.kwg); requests name one of these ids. */
  readonly lexicons: Readonly<Record<string, string>>;
  /** Worker threads for the quick levels; default: one fewer than the cores, at least one. */
  readonly threads?: number;
  /** Worker threads for `campeon` moves and reviews; default 1. */
  readonly slowThreads?: number;
  /** Default time budget of a move in milliseconds (queueing included); default 10 000. */
  readonly budgetMs?: number;
  /**
   * Milliseconds a `campeon` move thinks (simulation or endgame search; default 5 000, the
   * level's own budget). Its moves get this much more time than `budgetMs` before they are
   * abandoned, so the slow level keeps the same slack for queueing as the others.
   */
  readonly campeonMs?: number;
}

/** The outcome of asking for a move. */
export type BotResult =
  | ({ readonly ok: true } & BotAnswer)
  | { readonly ok: false; readonly code: 'BOT_TIMEOUT'; readonly budgetMs: number };

// Under Vitest or tsx this module is TypeScript and so is its worker, which then needs tsx's
// loader; built, both are JavaScript in dist/.
/** How long `destroy` waits at most for threads still loading. */
const BOOT_WAIT_MS = 5000;
/** Pools made by this process, to name each one's boot channel apart. */
let pools = 0;

const fromSource = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url);

/** A pool of bot threads; `destroy` it on shutdown. */
export class BotPool {
  // Tasks are bot moves (the worker's default export) or reviews (its `review`).
  private readonly pool: Piscina<BotRequest, BotAnswer>;
  private readonly slow: Piscina<BotRequest | ReviewRequest, BotAnswer | ReviewJson>;
  private readonly budgetMs: number;
  private readonly campeonMs: number;
  /** Hears each thread once its modules have loaded. */
  private readonly boot: BroadcastChannel;
  /** Settles once every thread has loaded its modules. */
  readonly booted: Promise<void>;

  constructor(opts: BotPoolOptions) {
    const lexicons: Record<string, SharedArrayBuffer> = {};
    for (const [id, path] of Object.entries(opts.lexicons)) {
      const bytes = readFileSync(path);
      const shared = new SharedArrayBuffer(bytes.length);
      new Uint8Array(shared).set(bytes);
      lexicons[id] = shared;
    }
    const threads = opts.threads ?? Math.max(1, availableParallelism() - 1);
    const slowThreads = opts.slowThreads ?? 1;
    this.campeonMs = opts.campeonMs ?? DEFAULT_CAMPEON_BUDGET.timeMs;
    const bootChannel = `atril-bots-${process.pid}-${++pools}`;
    this.boot = new BroadcastChannel(bootChannel);
    this.boot.unref();
    let loaded = 0;
    this.booted = new Promise((resolve) => {
      this.boot.onmessage = () => {
        if (++loaded === threads + slowThreads) resolve();
      };
    });
    const workerData: BotWorkerData = { lexicons, campeonMs: this.campeonMs, bootChannel };
    const lane = (n: number) =>
      new Piscina({
        filename: WORKER.href,
        minThreads: n,
        maxThreads: n,
        workerData,
        execArgv: fromSource ? ['--import', 'tsx'] : [],
      });
    this.pool = lane(threads);
    this.slow = lane(slowThreads);
    this.budgetMs = opts.budgetMs ?? 10_000;
  }

  /** Worker threads in both lanes. */
  get threads(): number {
    return this.pool.maxThreads + this.slow.maxThreads;
  }

  /**
   * The move a bot makes from its seat's view, computed in a worker thread within the budget
   * (this call's, else the pool's, plus `campeonMs` for a `campeon`). Rejects only on a
   * programming error (an unknown lexicon, a broken view).
   */
  async move(
    req: BotRequest,
    budgetMs = this.budgetMs + (req.level === 'campeon' ? this.campeonMs : 0),
  ): Promise<BotResult> {
    const signal = AbortSignal.timeout(budgetMs);
    try {
      const lane = req.level === 'campeon' ? this.slow : this.pool;
      return { ok: true, ...((await lane.run(req, { signal })) as BotAnswer) };
    } catch (err) {
      if (signal.aborted) return { ok: false, code: 'BOT_TIMEOUT', budgetMs };
      throw err;
    }
  }

  /**
   * The review of a finished game (`atril analyze --json`'s JSON), computed in a worker thread
   * within the budget; undefined when it did not fit. Rejects only on a programming error.
   */
  async review(req: ReviewRequest, budgetMs = REVIEW_BUDGET_MS): Promise<ReviewJson | undefined> {
    const signal = AbortSignal.timeout(budgetMs);
    try {
      return (await this.slow.run(req, { name: 'review', signal })) as ReviewJson;
    } catch (err) {
      if (signal.aborted) return undefined;
      throw err;
    }
  }

  /**
   * Stops every thread; pending moves are rejected. A server stopped right after it started
   * first lets its threads finish loading (at most `BOOT_WAIT_MS`): ending a thread while its
   * modules are still being read can abort the whole process (Node's worker termination with a
   * file read in flight), which turned a clean SIGTERM into SIGABRT.
   */
  async destroy(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.booted,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, BOOT_WAIT_MS))),
    ]);
    clearTimeout(timer);
    this.boot.close();
    await Promise.all([this.pool.destroy(), this.slow.destroy()]);
  }
}
