import { describe, expect, it } from 'vitest';
import { AwaySeats, type PresenceTiming, RemotePresence } from './presence.js';

/** Presence timing on a clock the test moves. */
function timing(): PresenceTiming & { at: number } {
  const t = {
    at: 0,
    graceMs: 5_000,
    reopenMs: 20_000,
    heartbeatMs: 15_000,
    claimMs: 120_000,
    now: () => t.at,
  };
  return t;
}

describe('AwaySeats: a seat is shown away only once its player has been gone for the grace', () => {
  it('a seat without a connection turns away after the grace, and back at once when one returns', () => {
    const t = timing();
    const seats = new AwaySeats(t);
    const held = [true, true];
    expect(seats.check(held, new Set([0, 1]))).toEqual({ changed: false, next: Infinity });
    t.at = 1_000;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: false, next: 5_000 });
    t.at = 5_999;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: false, next: 1 });
    expect(seats.flags(2)).toEqual([false, false]);
    t.at = 6_000;
    // Away now; claimable once away for claimMs.
    expect(seats.check(held, new Set([0]))).toEqual({ changed: true, next: 120_000 });
    expect(seats.flags(2)).toEqual([false, true]);
    t.at = 60_000;
    expect(seats.check(held, new Set([0, 1]))).toEqual({ changed: true, next: Infinity });
    expect(seats.flags(2)).toEqual([false, false]);
  });

  it('a page reloading within the grace is never shown away: its grace starts again next time', () => {
    const t = timing();
    const seats = new AwaySeats(t);
    const held = [true, true];
    seats.check(held, new Set([0, 1]));
    seats.check(held, new Set([0]));
    t.at = 4_000;
    expect(seats.check(held, new Set([0, 1])).changed).toBe(false);
    t.at = 8_000;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: false, next: 5_000 });
    expect(seats.flags(2)).toEqual([false, false]);
  });

  it('a room that has just opened (the server restarted) waits longer for the players not back yet', () => {
    const t = timing();
    const seats = new AwaySeats(t);
    const held = [true, true, true];
    // Opened for Ana: Bruno and Carla reconnect after their own waits between attempts.
    expect(seats.check(held, new Set([0]))).toEqual({ changed: false, next: 20_000 });
    t.at = 12_000;
    expect(seats.check(held, new Set([0, 1]))).toEqual({ changed: false, next: 8_000 });
    // Bruno drops out once back: the usual grace.
    t.at = 13_000;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: false, next: 5_000 });
    t.at = 18_000;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: true, next: 2_000 });
    expect(seats.flags(3)).toEqual([false, true, false]);
    t.at = 20_000;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: true, next: 118_000 });
    expect(seats.flags(3)).toEqual([false, true, true]);
  });

  it('a seat away for claimMs turns claimable; back at the table, it is neither', () => {
    const t = timing();
    const seats = new AwaySeats(t);
    const held = [true, true];
    seats.check(held, new Set([0, 1]));
    t.at = 1_000;
    seats.check(held, new Set([0]));
    t.at = 6_000;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: true, next: 120_000 });
    expect(seats.claimableFlags(2)).toEqual([false, false]);
    t.at = 125_999;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: false, next: 1 });
    t.at = 126_000;
    expect(seats.check(held, new Set([0]))).toEqual({ changed: true, next: Infinity });
    expect(seats.claimableFlags(2)).toEqual([false, true]);
    expect(seats.flags(2)).toEqual([false, true]);
    t.at = 130_000;
    expect(seats.check(held, new Set([0, 1]))).toEqual({ changed: true, next: Infinity });
    expect(seats.claimableFlags(2)).toEqual([false, false]);
    expect(seats.flags(2)).toEqual([false, false]);
  });

  it('a seat nobody holds (an invitee still to come, a bot) is never away', () => {
    const t = timing();
    const seats = new AwaySeats(t);
    seats.check([true, false, false], new Set([0]));
    t.at = 100_000;
    expect(seats.check([true, false, false], new Set([0]))).toEqual({
      changed: false,
      next: Infinity,
    });
    expect(seats.flags(3)).toEqual([false, false, false]);
  });
});

describe('RemotePresence: the seats other processes hold', () => {
  const seatsOf = (r: RemotePresence, gameId: string) => {
    const s = new Set<number>();
    r.seatsOf(gameId, s);
    return [...s].sort();
  };

  it('joins what every process holds in a game; a process holding nothing drops out', () => {
    const t = timing();
    const r = new RemotePresence(t);
    r.heard({ kind: 'presence', gameId: 'g', process: 'A', seats: [0] });
    r.heard({ kind: 'presence', gameId: 'g', process: 'B', seats: [1, 2] });
    r.heard({ kind: 'presence', gameId: 'h', process: 'B', seats: [3] });
    expect(seatsOf(r, 'g')).toEqual([0, 1, 2]);
    r.heard({ kind: 'presence', gameId: 'g', process: 'B', seats: [] });
    expect(seatsOf(r, 'g')).toEqual([0]);
    expect(seatsOf(r, 'h')).toEqual([3]);
  });

  it('forgets a process not heard for three heartbeats (it died without a word)', () => {
    const t = timing();
    const r = new RemotePresence(t);
    r.heard({ kind: 'presence', gameId: 'g', process: 'A', seats: [0] });
    t.at = 40_000;
    r.heard({ kind: 'presence', gameId: 'g', process: 'B', seats: [1] });
    t.at = 45_000;
    expect(seatsOf(r, 'g')).toEqual([0, 1]);
    t.at = 45_001;
    expect(seatsOf(r, 'g')).toEqual([1]);
    t.at = 100_000;
    r.sweep();
    expect(seatsOf(r, 'g')).toEqual([]);
  });
});

describe('AwaySeats: who has been at the table since the room opened', () => {
  it('a seat held is seen once it has a connection; the first time only is news', () => {
    const seats = new AwaySeats(timing());
    const held = [true, true, false];
    expect(seats.seen(held, new Set([0]))).toBe(true);
    expect(seats.seen(held, new Set([0]))).toBe(false);
    expect([0, 1, 2].map((i) => seats.hasBeen(i))).toEqual([true, false, false]);
    // Gone and back: been already. A seat nobody holds (a bot's, a free one) never counts.
    expect(seats.seen(held, new Set([]))).toBe(false);
    expect(seats.seen(held, new Set([0, 2]))).toBe(false);
    expect(seats.seen(held, new Set([1]))).toBe(true);
    expect([0, 1, 2].map((i) => seats.hasBeen(i))).toEqual([true, true, false]);
  });
});
