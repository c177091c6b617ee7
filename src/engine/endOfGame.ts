/**
 * The end-of-game rules: when a game ends (E-01–E-03, V-02, V-03) and how its final scores are
 * worked out (E-05, E-07, TM-02).
 */
import { isBoardEmpty } from './board.js';
import type { EndEvent, EndReason } from './events.js';
import type { GameState } from './gameState.js';
import type { Rules } from './rules.js';
import { rackCount, rackToTiles, rackValue } from './tiles.js';

/** Points a seat loses for going over the clock (TM-02): −N per started minute over; no cap. */
export function overtimePenalty(rules: Rules, usedMs: number): number {
  if (!rules.clock) return 0;
  const over = usedMs - rules.clock.minutesPerPlayer * 60_000;
  return over > 0 ? Math.ceil(over / 60_000) * rules.clock.penaltyPerMinute : 0;
}

/** True when the pending play, if it stood, would end the game (E-01 or V-02): E-06 window. */
export function inFinalChallengeWindow(s: GameState): boolean {
  const p = s.pending;
  if (!p || s.result) return false;
  return (s.bag.length === 0 && rackCount(s.racks[p.seat]!) === 0) || reachedTarget(s, p.seat);
}

function reachedTarget(s: GameState, seat: number): boolean {
  return s.rules.targetScore !== null && s.scores[seat]! >= s.rules.targetScore;
}

/** Which end rule, if any, holds in this state (checked after every action). */
export function endOf(s: GameState): { reason: EndReason; wentOut: number | null } | null {
  if (s.result || inFinalChallengeWindow(s)) return null;
  // V-02 first: a play that reaches the target ends the game with no rack adjustment, even
  // when it also empties the rack with the bag empty (RULES.md §12, Fin de línea).
  for (let seat = 0; seat < s.players; seat++)
    if (reachedTarget(s, seat)) return { reason: 'target', wentOut: null }; // V-02
  if (s.bag.length === 0) {
    for (let seat = 0; seat < s.players; seat++)
      if (rackCount(s.racks[seat]!) === 0) return { reason: 'out', wentOut: seat }; // E-01
  }
  const r = s.rules;
  if (r.passesToEnd !== null && s.passRun >= r.passesToEnd * s.players)
    return { reason: 'passes', wentOut: null }; // E-02
  if (
    r.scorelessTurnsToEnd !== null &&
    s.scorelessRun >= r.scorelessTurnsToEnd &&
    !isBoardEmpty(s.board)
  )
    return { reason: 'scoreless', wentOut: null }; // E-03
  if (
    r.blockedTurnsToEnd !== null &&
    s.bag.length < r.exchangeMinBag &&
    s.unchangedRun >= r.blockedTurnsToEnd
  )
    return { reason: 'blocked', wentOut: null }; // V-03
  return null;
}

/**
 * The `end` event for a game ending now: E-05 adjustments, TM-02 penalties, E-07 winners (not
 * the seat that resigned, nor a `vacant` seat nobody ever took while anyone else is left).
 */
export function endEvent(
  s: GameState,
  reason: EndReason,
  wentOut: number | null,
  resigned: number | null,
  vacant: readonly number[] = [],
): EndEvent {
  const n = s.players;
  const values = s.racks.map((r) => rackValue(s.set, r));
  const rackAdjust = new Array<number>(n).fill(0);
  if (reason === 'out' && wentOut !== null) {
    const others = values.reduce((a, v, seat) => (seat === wentOut ? a : a + v), 0);
    if (s.rules.endRackScoring === 'naspa') rackAdjust[wentOut] = 2 * others;
    else {
      for (let seat = 0; seat < n; seat++)
        rackAdjust[seat] = seat === wentOut ? others : -values[seat]!;
    }
  } else if (reason === 'passes' || reason === 'scoreless' || reason === 'blocked') {
    for (let seat = 0; seat < n; seat++) rackAdjust[seat] = -values[seat]!;
  }
  const timePenalty = s.clockMs.map((ms) => overtimePenalty(s.rules, ms));
  const before = [...s.scores];
  const final = before.map((v, seat) => v + rackAdjust[seat]! - timePenalty[seat]!);
  let candidates = Array.from({ length: n }, (_, seat) => seat).filter((seat) => seat !== resigned);
  const present = candidates.filter((seat) => !vacant.includes(seat));
  if (present.length > 0) candidates = present;
  const top = Math.max(...candidates.map((seat) => final[seat]!));
  candidates = candidates.filter((seat) => final[seat] === top);
  if (candidates.length > 1 && s.rules.tieBreak === 'preAdjustment') {
    const best = Math.max(...candidates.map((seat) => before[seat]!));
    candidates = candidates.filter((seat) => before[seat] === best);
  }
  return {
    kind: 'end',
    reason,
    wentOut,
    resigned,
    racks: s.racks.map((r) => rackToTiles(r)),
    rackAdjust,
    timePenalty,
    before,
    final,
    winners: candidates,
  };
}
