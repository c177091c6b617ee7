/**
 * One thread of a parallel endgame solve (started by parallel.ts): it opens the lexicon once,
 * builds a solver over the memory every thread shares, and answers each position it is sent.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { makeRules, type Rules } from '../../engine/rules.js';
import { tileSetById } from '../../engine/tiles.js';
import { openLexicon } from '../../lexicon/index.js';
import {
  type EndgameIteration,
  type EndgameResult,
  EndgameSolver,
  type SharedSearch,
} from './solver.js';

/** What the thread is started with (`workerData`). */
export interface EndgameWorkerData {
  readonly lexicon: string | undefined;
  readonly rules: Rules;
  readonly shared: SharedSearch;
}

/** One position to solve, as plain arrays. */
export interface EndgameTask {
  readonly board: number[];
  readonly racks: [number[], number[]];
  readonly passes: number;
  readonly scoreless: number;
  /** When to stop, in `Date.now()` time: a thread still starting up counts against it. */
  readonly deadline: number | undefined;
  readonly maxDepth: number | undefined;
  /** Whether to report each completed iteration before the answer. */
  readonly progress: boolean;
}

/**
 * What the thread sends back: completed iterations when asked for them, then one answer (its
 * result and whether another thread's answer stopped it, or its failure).
 */
export type EndgameReply =
  | { readonly kind: 'iteration'; readonly step: EndgameIteration }
  | {
      readonly kind: 'answer';
      readonly ok: true;
      readonly result: EndgameResult;
      readonly stopped: boolean;
    }
  | { readonly kind: 'answer'; readonly ok: false; readonly error: string };

const data = workerData as EndgameWorkerData;
const port = parentPort!;
const lex = openLexicon(data.lexicon);
const set = tileSetById(data.rules.tileSet);
const solver =
  lex.ok && set
    ? new EndgameSolver(lex.value.nodes, set, makeRules(data.rules.preset, data.rules), data.shared)
    : null;

port.on('message', (task: EndgameTask) => {
  let reply: EndgameReply;
  if (!solver) {
    reply = {
      kind: 'answer',
      ok: false,
      error: lex.ok ? `tile set ${data.rules.tileSet}` : JSON.stringify(lex.error),
    };
  } else {
    try {
      const result = solver.solve(
        { board: task.board, racks: task.racks, passes: task.passes, scoreless: task.scoreless },
        {
          timeMs: task.deadline === undefined ? undefined : Math.max(1, task.deadline - Date.now()),
          maxDepth: task.maxDepth,
          onIteration: task.progress
            ? (step) => port.postMessage({ kind: 'iteration', step } satisfies EndgameReply)
            : undefined,
        },
      );
      reply = { kind: 'answer', ok: true, result, stopped: solver.stoppedByOther };
    } catch (e) {
      reply = {
        kind: 'answer',
        ok: false,
        error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      };
    }
  }
  port.postMessage(reply);
});
