/**
 * The view a client receives (DESIGN.md §1, §5): everything one viewer may know of a game, and
 * nothing else. The engine's per-seat projection (`viewFor`) plus what the engine does not
 * know — the seats' names, which seats are bots, the clock base — become one `ClientView`
 * through `clientView`, whether the game runs in this process (the terminal) or on a server.
 * Renderers (src/play, the web client) read only this.
 */
import { z } from 'zod';
import type { GameView } from '../engine/view.js';
import {
  BOARD_SIZE,
  type DeepReadonly,
  MAX_SEATS,
  count,
  placementShape,
  points,
  rulesSchema,
  seat,
  tileCode,
  word,
} from './common.js';

const historyBase = {
  index: count,
  seat,
  total: points,
  /** The seat's time on the turn the entry ended, in a timed game (TM-02); absent otherwise. */
  elapsedMs: z.number().nonnegative().optional(),
};

/** One line of the history (engine/view.ts `HistoryEntry`), told apart by `kind`. */
export const historyEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('play'),
    ...historyBase,
    ...placementShape,
    words: z.array(word).min(1),
    score: points,
    bingo: z.boolean(),
  }),
  z.object({
    kind: z.literal('exchange'),
    ...historyBase,
    count: count,
    /** The returned tiles, for the seat that exchanged them only. */
    tiles: z.array(tileCode).nullable(),
  }),
  z.object({ kind: z.enum(['pass', 'accept']), ...historyBase }),
  /** `claimedBy`: the seat that ended the game for an absent one (engine ResignEvent). */
  z.object({ kind: z.literal('resign'), ...historyBase, claimedBy: seat.optional() }),
  z.object({
    kind: z.literal('rejected'),
    ...historyBase,
    ...placementShape,
    invalidWords: z.array(word),
    penalty: count,
  }),
  z.object({
    kind: z.literal('challenge'),
    ...historyBase,
    target: seat,
    targetTotal: points,
    valid: z.boolean(),
    invalidWords: z.array(word),
    withdrawn: count,
    penalty: count,
    loseTurn: z.boolean(),
  }),
]);

/** The latest play still on the board, with the squares it filled (for highlighting). */
const lastPlaySchema = z.object({
  seat,
  ...placementShape,
  words: z.array(word).min(1),
  score: points,
  bingo: z.boolean(),
  squares: z.array(
    z
      .int()
      .min(0)
      .max(BOARD_SIZE * BOARD_SIZE - 1),
  ),
});

/** Why the game ended (engine/events.ts `EndReason`). */
export const endReasonSchema = z.enum([
  'out',
  'passes',
  'scoreless',
  'blocked',
  'target',
  'resign',
]);

/** The end of the game with every adjustment (E-05, TM-02), the winners (E-07), the racks left. */
const resultSchema = z.object({
  reason: endReasonSchema,
  wentOut: seat.nullable(),
  resigned: seat.nullable(),
  rackAdjust: z.array(points),
  timePenalty: z.array(count),
  before: z.array(points),
  final: z.array(points),
  winners: z.array(seat).min(1),
  draw: z.boolean(),
  racks: z.array(z.array(tileCode)),
});

/** One seat as every viewer sees it: a count of tiles, never another seat's letters. */
const seatSchema = z.object({
  name: z.string().max(100),
  score: points,
  rackCount: count,
  bot: z.boolean(),
  /** Nobody holds it and anyone may take it from the lobby (an open room); absent otherwise. */
  open: z.literal(true).optional(),
  /**
   * A person holds it but has had no connection to the game for a while (dropped out, closed
   * the page or went back to the lobby); absent otherwise.
   */
  away: z.literal(true).optional(),
  /**
   * Away for CLAIM_AFTER_MS (engine/rules.ts) or more: on this seat's turn the other players
   * may claim the game (it ends as abandoned by this seat); absent otherwise.
   */
  claimable: z.literal(true).optional(),
  /**
   * A person holds it who has not come to the table yet (a rematch's seat, held from its
   * start): their coming is an arrival, not a return; absent otherwise.
   */
  arriving: z.literal(true).optional(),
});

/**
 * The chess clock (TM-01/TM-02) as a base a client can run: the engine keeps no clock, so who
 * builds the view says since when the running seat's time runs. Times are milliseconds on the
 * builder's own clock (a terminal's `performance.now`, a server's `Date.now`); only differences
 * count. At time `t` (same clock) seat `s` has `remainingMs[s] - (t - since)` left when it is
 * `running`, else `remainingMs[s]`; a client on another machine measures `t - at` on its own
 * clock from when the view arrived.
 */
const clockSchema = z.object({
  /** Time each seat had left at `since`; negative once over. */
  remainingMs: z.array(z.number()),
  /**
   * The seat whose time runs from `since` on; null once the game is over, and while nobody has
   * taken the seat on turn yet (a server game waiting for an invited player: no time runs).
   */
  running: seat.nullable(),
  since: z.number(),
  /** When the view was built. */
  at: z.number(),
});

/**
 * G-02: who played first and why (engine/view.ts `OpeningView`): each round of the opening
 * draw, one tile (0 = blank) per contender; no round when seats start in order.
 */
const openingSchema = z.object({
  first: seat,
  draws: z.array(
    z
      .array(z.object({ seat, tile: tileCode }))
      .min(1)
      .max(MAX_SEATS),
  ),
});

/** Everything a client needs to show a game to one viewer. */
export const clientViewSchema = z.object({
  /** The state version; actions carry it back (stale ones are refused). */
  version: count,
  /** The viewer's seat; null for an observer. */
  seat: seat.nullable(),
  rules: rulesSchema,
  /** 225 tile codes, `row*15+col`; 0 empty, blanks flagged. */
  board: z.array(tileCode).length(BOARD_SIZE * BOARD_SIZE),
  /** The viewer's rack (blank = 0); null for an observer. */
  rack: z.array(tileCode).nullable(),
  /** The tiles the viewer drew last, for an "as drawn" rack order. */
  lastDrawn: z.array(tileCode),
  bagCount: count,
  seats: z.array(seatSchema).min(2).max(4),
  /** The seat to act. */
  turn: seat,
  /** `playing`, `final-challenge` (E-06: only challenge or accept the last play), `over`. */
  phase: z.enum(['playing', 'final-challenge', 'over']),
  canChallenge: z.boolean(),
  canExchange: z.boolean(),
  lastPlay: lastPlaySchema.nullable(),
  history: z.array(historyEntrySchema),
  result: resultSchema.nullable(),
  /** Tiles this viewer has not seen, as counts per code (index 0 = blanks). */
  unseen: z.array(count),
  /** Null when the game has no clock. */
  clock: clockSchema.nullable(),
  /** Seats that lose their next turn (`double` mode). */
  skipping: z.array(seat),
  /**
   * The opening draw; null before the game's start. A server older than this field sends none,
   * and its views still parse, with nothing to tell of the draw.
   */
  opening: openingSchema.nullable().default(null),
});

/** The view a client receives, as parsed (or as built in process by `clientView`). */
export type ClientView = DeepReadonly<z.output<typeof clientViewSchema>>;
/** One line of the view's history. */
export type HistoryRecord = ClientView['history'][number];
/** One seat of the view. */
export type SeatInfo = ClientView['seats'][number];
/** The clock base of a timed game's view. */
export type ClockBase = NonNullable<ClientView['clock']>;
/** The result of a finished game's view. */
export type ResultInfo = NonNullable<ClientView['result']>;

/** What the table knows and the engine does not: names, bots, and the clock's time base. */
export interface TableFacts {
  readonly names: readonly string[];
  readonly bots: readonly boolean[];
  /** The seats nobody holds that anyone may take (an open room's); absent: none. */
  readonly open?: readonly boolean[];
  /** The seats whose player has had no connection for a while (the server's presence). */
  readonly away?: readonly boolean[];
  /** The seats away for CLAIM_AFTER_MS or more (the server's presence). */
  readonly claimable?: readonly boolean[];
  /** The seats whose player has not come to the table yet (the server's presence). */
  readonly arriving?: readonly boolean[];
  /**
   * Timed games: when the running turn's time started to count (`since`) and now (`at`), on the
   * builder's clock; `waiting` when nobody holds the seat on turn, whose time then does not run.
   * Absent: the clocks stand as the engine has them (`since = at`).
   */
  readonly clock?: { readonly since: number; readonly at: number; readonly waiting?: boolean };
}

/**
 * The one function that turns an engine projection into the view a client receives; the
 * terminal calls it for its local game and the server for every viewer it sends to.
 */
export function clientView(gv: GameView, table: TableFacts): ClientView {
  const phase = gv.phase;
  const limit = gv.rules.clock ? gv.rules.clock.minutesPerPlayer * 60_000 : 0;
  const at = table.clock?.at ?? 0;
  const seats = gv.scores.length;
  if (table.names.length !== seats || table.bots.length !== seats)
    throw new Error(`${seats} seats need ${seats} names and bot flags`);
  return {
    version: gv.version,
    seat: gv.viewer === 'observer' ? null : gv.viewer,
    rules: gv.rules,
    board: gv.board,
    rack: gv.rack,
    lastDrawn: gv.lastDrawn,
    bagCount: gv.bagCount,
    seats: gv.scores.map((score, i) => ({
      name: table.names[i]!,
      score,
      rackCount: gv.rackCounts[i]!,
      bot: table.bots[i]!,
      ...(table.open?.[i] ? { open: true as const } : {}),
      ...(table.away?.[i] ? { away: true as const } : {}),
      ...(table.claimable?.[i] ? { claimable: true as const } : {}),
      ...(table.arriving?.[i] ? { arriving: true as const } : {}),
    })),
    turn: gv.turn,
    phase,
    canChallenge: gv.canChallenge,
    canExchange: gv.canExchange,
    lastPlay: gv.lastPlay,
    history: gv.history,
    result: gv.result,
    unseen: gv.unseen,
    clock: gv.rules.clock
      ? {
          remainingMs: gv.clockMs.map((used) => limit - used),
          running: phase === 'over' || table.clock?.waiting ? null : gv.turn,
          since: table.clock?.since ?? at,
          at,
        }
      : null,
    skipping: gv.skipping,
    opening: gv.opening,
  };
}
