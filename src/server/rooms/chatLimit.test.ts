/** The chat's rate limit per player per room: a window of lines, counted from each line's time. */
import { describe, expect, it } from 'vitest';
import { ChatLimiter } from './chatLimit.js';

describe('ChatLimiter', () => {
  it('allows the window’s lines, refuses the next until the oldest leaves the window', () => {
    let now = 1000;
    const limit = new ChatLimiter({ lines: 3, perMs: 10_000 }, () => now);
    expect([limit.take('ana'), limit.take('ana'), limit.take('ana')]).toEqual([0, 0, 0]);
    now += 4000;
    expect(limit.take('ana')).toBe(6000);
    // A refused line is not counted: once the first three age out, Ana speaks again.
    now += 6000;
    expect(limit.take('ana')).toBe(0);
  });

  it('counts each player apart', () => {
    const limit = new ChatLimiter({ lines: 1, perMs: 10_000 }, () => 0);
    expect(limit.take('ana')).toBe(0);
    expect(limit.take('bruno')).toBe(0);
    expect(limit.take('ana')).toBeGreaterThan(0);
  });
});
