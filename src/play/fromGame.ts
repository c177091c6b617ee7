/**
 * The core's view built from the engine's per-seat projection (`viewFor(state, seat)`), which
 * is also what the server sends a web client: the two renderers read the same data.
 */
import { overtimePenalty } from '../engine/game.js';
import { formatCoord } from '../engine/notation/coords.js';
import { scoringOf, tileSetOf } from '../engine/rules.js';
import type { GameView, HistoryEntry } from '../engine/view.js';
import type { GameEnd, PlayView, TurnRecord } from './types.js';

/** Seat facts the engine does not know: display names and which seats are bots. */
export interface SeatNames {
  readonly names: readonly string[];
  readonly bots?: readonly boolean[];
}

function turnRecordOf(h: HistoryEntry): TurnRecord | undefined {
  switch (h.kind) {
    case 'play':
      return {
        kind: 'place',
        seat: h.seat,
        coord: formatCoord(h),
        words: h.words,
        score: h.score,
        bingo: h.bingo,
      };
    case 'exchange':
      return { kind: 'exchange', seat: h.seat, count: h.count };
    case 'pass':
    case 'accept':
    case 'resign':
      return { kind: h.kind, seat: h.seat };
    case 'rejected':
      return {
        kind: 'rejected',
        seat: h.seat,
        coord: formatCoord(h),
        invalidWords: h.invalidWords,
        penalty: h.penalty,
      };
    case 'challenge':
      return {
        kind: 'challenge',
        seat: h.seat,
        target: h.target,
        valid: h.valid,
        invalidWords: h.invalidWords,
        penalty: h.penalty,
        loseTurn: h.loseTurn,
      };
    default:
      return undefined;
  }
}

/** Builds the core's view of a game for the seat (or observer) `gv` was made for. */
export function playViewOf(gv: GameView, seats: SeatNames): PlayView {
  const set = tileSetOf(gv.rules);
  const timed = gv.rules.clock !== null;
  const clockLimit = (gv.rules.clock?.minutesPerPlayer ?? 0) * 60_000;
  const view: PlayView = {
    set,
    scoring: scoringOf(gv.rules),
    board: Uint8Array.from(gv.board),
    seat: gv.viewer === 'observer' ? -1 : gv.viewer,
    toMove: gv.phase === 'over' ? -1 : gv.turn,
    seats: gv.scores.map((score, i) => ({
      name: seats.names[i] ?? `Jugador ${i + 1}`,
      score: gv.result ? gv.result.final[i]! : score,
      rackCount: gv.rackCounts[i] ?? 0,
      ...(seats.bots?.[i] ? { bot: true } : {}),
      ...(timed
        ? {
            clockMs: clockLimit - (gv.clockMs[i] ?? 0),
            overtimePenalty: overtimePenalty(gv.rules, gv.clockMs[i] ?? 0),
          }
        : {}),
    })),
    rack: gv.rack ?? [],
    bag: gv.bagCount,
    history: gv.history.flatMap((h) => {
      const r = turnRecordOf(h);
      return r ? [r] : [];
    }),
    canExchange: gv.canExchange,
    canChallenge: gv.canChallenge,
    timed,
  };
  if (!gv.result) return view;
  const { final, winners, timePenalty } = gv.result;
  const end: GameEnd = timed
    ? { scores: final, winners, timePenalty: [...timePenalty] }
    : { scores: final, winners };
  return { ...view, end };
}
