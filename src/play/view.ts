/**
 * Facts the core reads off the protocol's view (`ClientView`) rather than keeping copies of: the
 * tile set and scoring its rules name, and each seat's clock at a given moment.
 */
import { overtimePenalty } from '../engine/endOfGame.js';
import type { ScoringRules } from '../engine/placement.js';
import { scoringOf, tileSetOf } from '../engine/rules.js';
import type { TileSet } from '../engine/tiles.js';
import type { ClientView } from '../protocol/view.js';

export type { ClientView } from '../protocol/view.js';

/** The tile set of the view's rules. */
export function setOf(view: ClientView): TileSet {
  return tileSetOf(view.rules);
}

/** The scoring parameters of the view's rules. */
export function scoringOfView(view: ClientView): ScoringRules {
  return scoringOf(view.rules);
}

/** One seat's clock at a moment: time left (negative once over) and what the overtime costs. */
export interface SeatClock {
  readonly remainingMs: number;
  /** Points the time over would cost at the end (TM-02); 0 while within the time. */
  readonly penalty: number;
}

/**
 * A seat's clock at time `at` on the clock base's time line (default: when the view was built);
 * undefined when the game has no clock (TM-01/TM-02).
 */
export function seatClock(view: ClientView, seat: number, at?: number): SeatClock | undefined {
  const c = view.clock;
  const limits = view.rules.clock;
  if (!c || !limits) return undefined;
  const running = c.running === seat ? (at ?? c.at) - c.since : 0;
  const remainingMs = c.remainingMs[seat]! - running;
  const usedMs = limits.minutesPerPlayer * 60_000 - remainingMs;
  return { remainingMs, penalty: overtimePenalty(view.rules, usedMs) };
}

/**
 * Where a seat's time ran out (TM-02), for the history: before the entry `before` (an index of
 * `view.history`), the one that ended the turn it ran out in; `history.length` when it ran out
 * in the turn still running at `at`.
 */
export interface TimeUp {
  readonly seat: number;
  readonly before: number;
}

/**
 * The seats whose time has run out by `at` (as `seatClock`), in the order it happened; none
 * in a game without a clock. The entries' times (`elapsedMs`) place each one; a view without
 * them (from a server older than that field) places it at the end.
 */
export function timeUps(view: ClientView, at?: number): TimeUp[] {
  const limits = view.rules.clock;
  if (!view.clock || !limits) return [];
  const limit = limits.minutesPerPlayer * 60_000;
  const used = view.seats.map(() => 0);
  const out: TimeUp[] = [];
  view.history.forEach((rec, k) => {
    if (!rec.elapsedMs) return;
    const before = used[rec.seat]!;
    used[rec.seat] = before + rec.elapsedMs;
    if (before <= limit && used[rec.seat]! > limit) out.push({ seat: rec.seat, before: k });
  });
  view.seats.forEach((_, seat) => {
    if (out.some((t) => t.seat === seat)) return;
    if (seatClock(view, seat, at)!.remainingMs < 0) out.push({ seat, before: view.history.length });
  });
  return out;
}
