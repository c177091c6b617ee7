/** The population count the move generator jumps through a list's arcs with. */
import { describe, expect, it } from 'vitest';
import { popcount32 } from './kwg.js';

describe('popcount32', () => {
  it('counts the bits of any 32-bit integer', () => {
    for (const [x, n] of [
      [0, 0],
      [1, 1],
      [0xff, 8],
      [0x80000000 | 0, 1],
      [-1, 32],
      [0x12345678, 13],
    ] as const)
      expect(popcount32(x)).toBe(n);
  });
});
