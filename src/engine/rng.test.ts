import { afterEach, describe, expect, it, vi } from 'vitest';
import { secretSeed } from './rng.js';

describe('secretSeed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is 32 hex digits from the cryptographic source, not the clock: two at the same instant differ', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_796_652_916_897);
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    const a = secretSeed();
    const b = secretSeed();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});
