/**
 * Views built from text for tests of any renderer of the core (terminal now, web later): the
 * plays are written in GCG notation, applied in order and scored by the engine.
 */
import { emptyBoard } from '../../engine/board.js';
import { overtimePenalty } from '../../engine/game.js';
import { TOURNAMENT_CLOCK, makeRules } from '../../engine/rules.js';
import {
  STANDARD_SCORING,
  applyPlacement,
  evaluatePlacement,
  placementOf,
} from '../../engine/placement.js';
import { play } from '../../engine/testing/positions.js';
import { SPANISH, parseNotation } from '../../engine/tiles.js';
import type { GameEnd, PlayView, SeatView, TurnRecord } from '../types.js';

/** A turn written in text: `[seat, '8H', 'CASA']`, `[seat, 'pass']`, `[seat, 'exchange', 3]`. */
export type TurnSpec =
  | readonly [seat: number, coord: string, word: string]
  | readonly [seat: number, kind: 'pass']
  | readonly [seat: number, kind: 'exchange', count: number];

/** A position in text. Defaults: 2 seats "Tú"/"Ana", the viewer (seat 0) to move. */
export interface ViewSpec {
  readonly turns?: readonly TurnSpec[];
  /** The viewer's rack in GCG notation: `CASA?[CH]`. */
  readonly rack?: string;
  readonly seat?: number;
  readonly toMove?: number;
  readonly names?: readonly string[];
  readonly bag?: number;
  readonly canExchange?: boolean;
  readonly canChallenge?: boolean;
  /** Time left per seat on a 25-minute clock (TM-01), negative once over; absent = untimed. */
  readonly clocksMs?: readonly number[];
  readonly end?: GameEnd;
}

// Clocks in a spec are the time left on the tournament clock (TM-01); negative = over.
const CLOCKED = makeRules('fise', { clock: TOURNAMENT_CLOCK });
const CLOCK_MS = TOURNAMENT_CLOCK.minutesPerPlayer * 60_000;

/** Builds a view; scores are the sums of the turns' scores. */
export function viewFrom(spec: ViewSpec): PlayView {
  const board = emptyBoard();
  const names = spec.names ?? ['Tú', 'Ana'];
  const scores = names.map(() => 0);
  const history: TurnRecord[] = [];
  for (const t of spec.turns ?? []) {
    const seat = t[0];
    if (t[1] === 'pass') history.push({ kind: 'pass', seat });
    else if (t[1] === 'exchange') history.push({ kind: 'exchange', seat, count: t[2] as number });
    else {
      const move = play(t[1], t[2] as string);
      const placedResult = placementOf(board, move);
      if (!placedResult.ok) throw new Error(`${t[1]} ${t[2]}: ${placedResult.error.code}`);
      const placed = placedResult.value;
      const rResult = evaluatePlacement(board, placed, SPANISH);
      if (!rResult.ok) throw new Error(`${t[1]} ${t[2]}: ${rResult.error.code}`);
      const r = rResult.value;
      applyPlacement(board, placed);
      scores[seat]! += r.score;
      history.push({
        kind: 'place',
        seat,
        coord: t[1],
        words: r.words.map((w) => [...w.tiles]),
        score: r.score,
        bingo: r.bingo,
      });
    }
  }
  const rackResult = parseNotation(SPANISH, spec.rack ?? '', { allowUndesignatedBlank: true });
  if (!rackResult.ok) throw new Error(`bad rack ${spec.rack}`);
  const rack = rackResult.value;
  const seats: SeatView[] = names.map((name, i) => {
    const s: SeatView = { name, score: spec.end?.scores[i] ?? scores[i]!, rackCount: 7 };
    if (!spec.clocksMs) return s;
    const clockMs = spec.clocksMs[i]!;
    return { ...s, clockMs, overtimePenalty: overtimePenalty(CLOCKED, CLOCK_MS - clockMs) };
  });
  const view: PlayView = {
    set: SPANISH,
    scoring: STANDARD_SCORING,
    board,
    seat: spec.seat ?? 0,
    toMove: spec.end ? -1 : (spec.toMove ?? 0),
    seats,
    rack,
    bag: spec.bag ?? 86,
    history,
    canExchange: spec.canExchange ?? true,
    canChallenge: spec.canChallenge ?? false,
    timed: spec.clocksMs !== undefined,
  };
  return spec.end ? { ...view, end: spec.end } : view;
}
