import { describe, expect, it } from 'vitest';
import type { EndgameResult } from '../ai/endgame/solver.js';
import { laterAnswer } from './endgameRunner.js';

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
