/**
 * The new-player limit per address: a burst, then a steady rate; addresses counted apart, an
 * IPv6 household by its /64, this machine never; the buckets stay bounded under a flood.
 */
import { describe, expect, it } from 'vitest';
import { NewPlayerLimit, addressKey } from './newPlayers.js';

describe('new players per address', () => {
  it('lets a burst through, then one per interval, and says how long to wait', () => {
    let now = 0;
    const limit = new NewPlayerLimit({ burst: 3, perHour: 6 }, () => now);
    expect([1, 2, 3].map(() => limit.take('203.0.113.5'))).toEqual([0, 0, 0]);
    // One every ten minutes from here.
    expect(limit.take('203.0.113.5')).toBe(600_000);
    now += 300_000;
    expect(limit.take('203.0.113.5')).toBe(300_000);
    now += 300_000;
    expect(limit.take('203.0.113.5')).toBe(0);
    expect(limit.take('203.0.113.5')).toBe(600_000);
    // Another address has its own bucket.
    expect(limit.take('198.51.100.7')).toBe(0);
    // A long quiet spell refills the bucket, never past the burst.
    now += 10 * 3_600_000;
    expect([1, 2, 3, 4].map(() => limit.take('203.0.113.5') === 0)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('counts an IPv6 household by its /64, an IPv4-mapped address as IPv4, and this machine not at all', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('127.0.0.1')).toBeNull();
    expect(addressKey('::ffff:127.0.0.1')).toBeNull();
    expect(addressKey('::1')).toBeNull();

    const limit = new NewPlayerLimit({ burst: 1, perHour: 1 }, () => 0);
    expect(limit.take('2001:db8:1:2::a')).toBe(0);
    expect(limit.take('2001:db8:1:2::b')).toBeGreaterThan(0);
    expect(limit.take('2001:db8:1:3::a')).toBe(0);
    for (let i = 0; i < 100; i++) expect(limit.take('127.0.0.1')).toBe(0);
  });

  it('keeps at most ten thousand buckets under a flood from many addresses', () => {
    let now = 0;
    const limit = new NewPlayerLimit({ burst: 2, perHour: 60 }, () => now);
    for (let i = 0; i < 25_000; i++) {
      limit.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      now += 1;
    }
    expect(limit.size).toBeLessThanOrEqual(10_000);
    // The newest address is still counted: its second player is its last for now.
    const last = `10.0.${(24_999 >> 8) & 255}.${24_999 & 255}`;
    expect(limit.take(last)).toBe(0);
    expect(limit.take(last)).toBeGreaterThan(0);
  });
});
