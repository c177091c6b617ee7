import { describe, expect, it, vi } from 'vitest';
import type * as SolverModule from '../ai/endgame/solver.js';
import type { EndgameIteration, EndgameResult } from '../ai/endgame/solver.js';
import { makeRules } from '../engine/rules.js';
import { SPANISH } from '../engine/tiles.js';
import { EndgameRunner, laterAnswer } from './endgameRunner.js';

// How deep the first try and the threads get depends on the machine and its load, so the
// runner's progress is tested on stand-ins: a first try that completes depth 2 and is not done,
// and threads that deepen from depth 1, as the real ones do, to depth 4.
const QUICK_DEPTH = 2;
vi.mock('../ai/endgame/solver.js', async (original) => {
  const real = await original<typeof SolverModule>();
  return {
    ...real,
    EndgameSolver: class {
      solve(): EndgameResult {
        return { value: 17, exact: false, line: [], depth: QUICK_DEPTH, nodes: 200, ms: 100 };
      }
    },
  };
});
vi.mock('../ai/endgame/parallel.js', () => ({
  ParallelEndgameSolver: class {
    solve(
      _position: unknown,
      opts: { onIteration?: (step: EndgameIteration) => void },
    ): Promise<EndgameResult> {
      for (let depth = 1; depth <= 4; depth++)
        opts.onIteration?.({ depth, value: 10 + depth, exact: false, ms: 1000 * depth });
      return Promise.resolve({ value: 14, exact: false, line: [], depth: 4, nodes: 900, ms: 4000 });
    }
    interrupt(): void {}
    close(): Promise<void> {
      return Promise.resolve();
    }
  },
}));

const result = (depth: number, exact: boolean, value: number): EndgameResult => ({
  value,
  exact,
  line: [],
  depth,
  nodes: 100 * depth,
  ms: 10 * depth,
});

describe('laterAnswer: the first try or the threads', () => {
  it('takes an exact answer from the threads even when its thread stopped at a shallower depth', () => {
    // A thread that starts late finds every move of the root in the table the others filled,
    // and proves the value at depth 1 (seen with `atril endgame --tiempo 5`, 2 runs in 40).
    const quick = result(2, false, 17);
    const full = result(1, true, 7);
    expect(laterAnswer(quick, full)).toEqual({ ...full, nodes: 300, ms: 30 });
  });

  it('keeps the first try when the threads were stopped before going as deep', () => {
    const quick = result(4, false, 17);
    const full = result(2, false, 12);
    expect(laterAnswer(quick, full)).toEqual({ ...quick, nodes: 600, ms: 60 });
  });

  it('takes the threads’ deeper answer', () => {
    const quick = result(2, false, 17);
    const full = result(8, false, 9);
    expect(laterAnswer(quick, full)).toEqual({ ...full, nodes: 1000, ms: 100 });
  });
});

describe('EndgameRunner: the progress of one solve', () => {
  it('reports only the threads’ depths deeper than the first try’s: the line never goes back', async () => {
    const runner = new EndgameRunner(new Uint32Array(0), SPANISH, undefined, makeRules('fise'), 2);
    const shown: number[] = [];
    const steps: EndgameIteration[] = [];
    const res = await runner.solve(
      { board: new Uint8Array(225), racks: [new Uint8Array(32), new Uint8Array(32)] },
      {
        onThreads: (quick) => shown.push(quick.depth),
        onIteration: (step) => {
          shown.push(step.depth);
          steps.push(step);
        },
      },
    );
    await runner.close();
    expect(shown).toEqual([2, 3, 4]);
    // Times from the start of the solve, the first try's included.
    expect(steps.map((s) => s.ms)).toEqual([3100, 4100]);
    expect(res.depth).toBe(4);
  });
});
