/**
 * Views built from text for tests of any renderer of the core (terminal now, web later): the
 * plays are written in GCG notation, applied in order and scored by the engine.
 */
import { emptyBoard } from '../../engine/board.js';
import type { EndReason } from '../../engine/events.js';
import { TOURNAMENT_CLOCK, makeRules } from '../../engine/rules.js';
import { applyPlacement, evaluatePlacement, placementOf } from '../../engine/placement.js';
import { play } from '../../engine/testing/positions.js';
import {
  BLANK,
  EMPTY,
  SPANISH,
  fullDistribution,
  isBlank,
  parseNotation,
} from '../../engine/tiles.js';
import type { ClientView, HistoryRecord } from '../../protocol/view.js';

/** A turn written in text: `[seat, '8H', 'CASA']`, `[seat, 'pass']`, `[seat, 'exchange', 3]`. */
export type TurnSpec =
  | readonly [seat: number, coord: string, word: string]
  | readonly [seat: number, kind: 'pass']
  | readonly [seat: number, kind: 'exchange', count: number];

/** How a finished game in a spec ended: final scores, winners, overtime penalties (TM-02). */
export interface EndSpec {
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  readonly timePenalty?: readonly number[];
  readonly reason?: EndReason;
}

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
  readonly end?: EndSpec;
  /**
   * G-02: who started, and each round of the opening draw as its contenders' seats, each with
   * the tile drawn in GCG notation (`?` a blank): `{ first: 0, draws: ['0A 1A', '0L 1P'] }`.
   * Absent: null.
   */
  readonly opening?: { readonly first: number; readonly draws: readonly string[] };
}

// Clocks in a spec are the time left on the tournament clock (TM-01); negative = over.
const CLOCKED = makeRules('fise', { clock: TOURNAMENT_CLOCK });
const UNTIMED = makeRules('fise');

/** Builds the protocol's view of a position; scores are the sums of the turns' scores. */
export function viewFrom(spec: ViewSpec): ClientView {
  const board = emptyBoard();
  const names = spec.names ?? ['Tú', 'Ana'];
  const scores = names.map(() => 0);
  const history: HistoryRecord[] = [];
  for (const t of spec.turns ?? []) {
    const seat = t[0];
    const index = history.length + 1; // event 0 is the start
    if (t[1] === 'pass') history.push({ kind: 'pass', index, seat, total: scores[seat]! });
    else if (t[1] === 'exchange')
      history.push({
        kind: 'exchange',
        index,
        seat,
        total: scores[seat]!,
        count: t[2] as number,
        tiles: null,
      });
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
        kind: 'play',
        index,
        seat,
        total: scores[seat]!,
        row: move.row,
        col: move.col,
        dir: move.dir,
        tiles: move.tiles,
        words: r.words.map((w) => [...w.tiles]),
        score: r.score,
        bingo: r.bingo,
      });
    }
  }
  const rackResult = parseNotation(SPANISH, spec.rack ?? '', { allowUndesignatedBlank: true });
  if (!rackResult.ok) throw new Error(`bad rack ${spec.rack}`);
  const rack = rackResult.value;
  const unseen = fullDistribution(SPANISH);
  for (const t of board) if (t !== EMPTY) unseen[isBlank(t) ? BLANK : t]!--;
  for (const t of rack) unseen[t]!--;
  const end = spec.end;
  const toMove = spec.toMove ?? 0;
  return {
    version: history.length + 1,
    seat: spec.seat ?? 0,
    rules: spec.clocksMs ? CLOCKED : UNTIMED,
    board: Array.from(board),
    rack,
    lastDrawn: [],
    bagCount: spec.bag ?? 86,
    seats: names.map((name, i) => ({
      name,
      score: end?.scores[i] ?? scores[i]!,
      rackCount: 7,
      bot: false,
    })),
    turn: toMove,
    phase: end ? 'over' : 'playing',
    canChallenge: spec.canChallenge ?? false,
    canExchange: spec.canExchange ?? true,
    lastPlay: null,
    history,
    result: end
      ? {
          reason: end.reason ?? 'passes',
          wentOut: null,
          resigned: null,
          rackAdjust: names.map(() => 0),
          timePenalty: end.timePenalty ?? names.map(() => 0),
          before: end.scores,
          final: end.scores,
          winners: end.winners,
          draw: end.winners.length > 1,
          racks: names.map(() => []),
        }
      : null,
    unseen: Array.from(unseen),
    clock: spec.clocksMs
      ? { remainingMs: spec.clocksMs, running: end ? null : toMove, since: 0, at: 0 }
      : null,
    skipping: [],
    opening: spec.opening ? openingFrom(spec.opening) : null,
  };
}

// The view's opening from a spec's: each `0E` is seat 0 drawing an E.
function openingFrom(o: NonNullable<ViewSpec['opening']>): ClientView['opening'] {
  const draw = (token: string): { seat: number; tile: number } => {
    const r = parseNotation(SPANISH, token.slice(1), { allowUndesignatedBlank: true });
    if (!r.ok || r.value.length !== 1) throw new Error(`bad draw ${token}`);
    return { seat: Number(token[0]), tile: r.value[0]! };
  };
  return { first: o.first, draws: o.draws.map((round) => round.split(' ').map(draw)) };
}

/**
 * A two-seat game that Beto lost by leaving the table on his turn, as `seat` sees it: Ana
 * claimed it, or, with `claimed` false, Beto resigned.
 */
export function resignedView(seat: number, claimed = true): ClientView {
  const v = viewFrom({
    names: ['Ana', 'Beto'],
    seat,
    end: { scores: [0, 0], winners: [0], reason: 'resign' },
  });
  const rec = { index: 1, kind: 'resign' as const, seat: 1, total: 0 };
  return { ...v, history: [claimed ? { ...rec, claimedBy: 0 } : rec] };
}
