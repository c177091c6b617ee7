import { describe, expect, it } from 'vitest';
import { hashToken, isTokenOf, newId, newToken, tokenMatches } from './tokens.js';

describe('tokens', () => {
  it('carry at least 128 random bits: 43 base64url characters (256 bits) after the kind', () => {
    const t = newToken('player');
    expect(t).toMatch(/^atp_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(t.slice(4), 'base64url')).toHaveLength(32);
    expect(newToken('seat')).toMatch(/^ats_[A-Za-z0-9_-]{43}$/);
  });

  it('never repeat over many draws', () => {
    const seen = new Set(Array.from({ length: 10_000 }, () => newToken('seat')));
    expect(seen.size).toBe(10_000);
  });

  it('are recognised only with their own kind and exact shape', () => {
    const p = newToken('player');
    const s = newToken('seat');
    expect(isTokenOf('player', p)).toBe(true);
    expect(isTokenOf('seat', s)).toBe(true);
    expect(isTokenOf('seat', p)).toBe(false);
    expect(isTokenOf('player', s)).toBe(false);
    expect(isTokenOf('player', p + 'A')).toBe(false);
    expect(isTokenOf('player', p.slice(0, -1))).toBe(false);
    expect(isTokenOf('player', p.slice(0, -1) + '=')).toBe(false);
    expect(isTokenOf('player', 'atp_' + 'x'.repeat(100_000))).toBe(false);
    expect(isTokenOf('player', 42)).toBe(false);
    expect(isTokenOf('player', undefined)).toBe(false);
  });

  it('are stored as SHA-256 hashes that do not contain the token', () => {
    const t = newToken('player');
    const h = hashToken(t);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain(t.slice(4));
    expect(hashToken(t)).toBe(h);
    // The SHA-256 of "abc" (FIPS 180-2 test vector), so the hash is the standard one.
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('match only their own hash', () => {
    const t = newToken('seat');
    const h = hashToken(t);
    expect(tokenMatches(t, h)).toBe(true);
    expect(tokenMatches(newToken('seat'), h)).toBe(false);
    expect(tokenMatches(t, hashToken(t + 'x'))).toBe(false);
    expect(tokenMatches(t, 'not hex')).toBe(false);
    expect(tokenMatches(t, h.slice(0, 62))).toBe(false);
  });

  it('ids are 16 characters of 96 random bits, distinct', () => {
    const ids = Array.from({ length: 1000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(1000);
  });
});
