/**
 * Per-seat projection of a game (DESIGN.md §5): the one function that decides what a viewer
 * may see. A seat sees the board, its own rack, the bag count, scores and history; never
 * another seat's rack, the tiles others drew or exchanged, nor the bag order. Observers see
 * no rack at all. After the game ends the remaining racks are public (they are scored).
 *
 * Two projections, one rule: `viewFor` pictures the state now; `eventsFor` gives the event list
 * (the wire history) with every other seat's tiles replaced by their count.
 */
import { SIZE } from './board.js';
import type {
  ChallengeEvent,
  ExchangeEvent,
  GameEvent,
  PlayEvent,
  RejectedEvent,
  StartEvent,
} from './events.js';
import { inFinalChallengeWindow } from './endOfGame.js';
import type { GameResult, GameState } from './gameState.js';
import type { Placement } from './move.js';
import { type Rules, isChallengeable } from './rules.js';
import { BLANK, BLANK_FLAG, fullDistribution, rackToTiles } from './tiles.js';

/** Who is looking: a seat number or an observer. */
export type Viewer = number | 'observer';

/** The latest play still on the board: where it went, what it formed and scored. */
export interface LastPlayView extends Pick<
  PlayEvent,
  'seat' | keyof Placement | 'words' | 'score' | 'bingo'
> {
  /** Squares of the tiles it placed (for highlighting). */
  readonly squares: readonly number[];
}

/** What every line of the history has: the event it shows and the seat's total after it. */
interface HistoryBase {
  /** Index of the event in the game's event list. */
  readonly index: number;
  readonly seat: number;
  /** The seat's total after the entry. */
  readonly total: number;
  /**
   * The time the seat spent on the turn this entry ended, in a timed game (TM-02): absent
   * when no clock ran (an untimed game, a challenge made off turn, a resignation).
   */
  readonly elapsedMs?: number;
}

/** A play that stood when it was made (a later challenge entry may withdraw it). */
export interface PlayEntry
  extends HistoryBase, Pick<PlayEvent, keyof Placement | 'words' | 'score' | 'bingo'> {
  readonly kind: 'play';
}

/** how many tiles went back (everyone), and which (only the exchanging seat). */
export interface ExchangeEntry extends HistoryBase {
  readonly kind: 'exchange';
  readonly count: number;
  /** The returned tiles for the seat that exchanged them; null for every other viewer. */
  readonly tiles: readonly number[] | null;
}

/** A pass, the acceptance of the last play (E-06) or a resignation. */
export interface TurnEntry extends HistoryBase {
  readonly kind: 'pass' | 'accept' | 'resign';
  /** A resignation claimed by this seat from an absent one (ResignEvent); else absent. */
  readonly claimedBy?: number;
}

/** C-04 `automatic`: a play taken back on submission; the turn is lost, `penalty` points too. */
export interface RejectedEntry
  extends HistoryBase, Pick<RejectedEvent, keyof Placement | 'invalidWords' | 'penalty'> {
  readonly kind: 'rejected';
}

/**
 * C-01…C-05: `seat` challenged `target`'s play; `valid` means it stood, `withdrawn` the points
 * the target lost (C-02), `penalty` and `loseTurn` what the failed challenger lost.
 */
export interface ChallengeEntry
  extends
    HistoryBase,
    Pick<
      ChallengeEvent,
      'target' | 'valid' | 'invalidWords' | 'withdrawn' | 'penalty' | 'loseTurn'
    > {
  readonly kind: 'challenge';
  /** The target's total after the entry (lower by `withdrawn` when the play was taken back). */
  readonly targetTotal: number;
}

/** One line of the game's history, as a viewer may see it. */
export type HistoryEntry = PlayEntry | ExchangeEntry | TurnEntry | RejectedEntry | ChallengeEntry;

/** The end of the game, as shown to everyone: the engine's result plus the leftover racks. */
export interface ResultView extends GameResult {
  /** Everyone's leftover tiles, public once the game is over. */
  readonly racks: readonly (readonly number[])[];
}

/** One contender's tile in a round of the opening draw (G-02): 0 is a blank. */
export interface OpeningDraw {
  readonly seat: number;
  readonly tile: number;
}

/**
 * G-02: who played first and why. The draw is public: every tile drawn went back into the bag
 * before the racks were dealt, so it tells nothing of any rack.
 */
export interface OpeningView {
  /** The seat that played first. */
  readonly first: number;
  /**
   * Each round of the draw, one entry per contender in seat order; a round after the first
   * holds only the seats that tied. Empty when seats start in order (`firstPlayer: 'seat'`).
   */
  readonly draws: readonly (readonly OpeningDraw[])[];
}

/** A plain, JSON-ready picture of the game for one viewer. */
export interface GameView {
  readonly viewer: Viewer;
  /** The state version: send it back with actions to detect stale ones. */
  readonly version: number;
  /** 225 tile codes, `row*15+col`; 0 empty, blanks carry BLANK_FLAG. */
  readonly board: readonly number[];
  /** The viewer's own rack in canonical order (blank = 0 first); null for observers. */
  readonly rack: readonly number[] | null;
  /** Tiles the viewer drew on their latest draw (for "as drawn" rack orders); [] for observers. */
  readonly lastDrawn: readonly number[];
  /** How many tiles each seat holds. */
  readonly rackCounts: readonly number[];
  readonly bagCount: number;
  readonly scores: readonly number[];
  /** The seat to act (the last one to act once the game is over). */
  readonly turn: number;
  /** `playing`, `final-challenge` (E-06: the last play may be challenged or accepted), `over`. */
  readonly phase: Phase;
  /** This viewer may challenge the last play now (C-01). */
  readonly canChallenge: boolean;
  /** The bag can fund an exchange of at least one tile (X-01…X-03). */
  readonly canExchange: boolean;
  readonly lastPlay: LastPlayView | null;
  readonly history: readonly HistoryEntry[];
  readonly result: ResultView | null;
  readonly rules: Rules;
  /** Tiles this viewer cannot see, as counts per code (index 0 = blanks); see `unseenTiles`. */
  readonly unseen: readonly number[];
  /** Time used per seat in ms, summed from the actions (clock option, TM-02). */
  readonly clockMs: readonly number[];
  /** Seats that will lose their next turn (`double` mode). */
  readonly skipping: readonly number[];
  /** G-02: the opening draw and who started; null before the game's `start` event. */
  readonly opening: OpeningView | null;
}

/** Where a game stands: play goes on, only the last play may be challenged (E-06), or over. */
export type Phase = 'playing' | 'final-challenge' | 'over';

/**
 * Tiles a seat cannot see: the full set minus the board and minus the seat's own rack, as a
 * count array (index 0 = blanks; a blank on the board counts as a blank). These are the bag
 * plus the opponents' racks, for tile tracking. For an observer only the board is removed.
 */
export function unseenTiles(state: GameState, viewer: Viewer): Uint8Array {
  const counts = fullDistribution(state.set);
  for (let i = 0; i < state.board.length; i++) {
    const t = state.board[i]!;
    if (t === 0) continue;
    counts[t & BLANK_FLAG ? BLANK : t]!--;
  }
  if (viewer !== 'observer') {
    const rack = state.racks[viewer]!;
    for (let c = 0; c < rack.length; c++) counts[c]! -= rack[c]!;
  }
  return counts;
}

/** Builds what one viewer may see of a game (the only projection the server sends). */
export function viewFor(state: GameState, viewer: Viewer): GameView {
  if (viewer !== 'observer' && !(Number.isInteger(viewer) && viewer >= 0 && viewer < state.players))
    throw new Error(`no seat ${viewer}`);
  const over = state.result !== null;
  const finalWindow = inFinalChallengeWindow(state);
  const p = state.pending;
  const canChallenge =
    !over &&
    viewer !== 'observer' &&
    p !== null &&
    p.seat !== viewer &&
    isChallengeable(state.rules);
  const r = state.result;
  const endEvent = state.events[state.events.length - 1];
  return {
    viewer,
    version: state.version,
    board: plain(state.board),
    rack: viewer === 'observer' ? null : rackToTiles(state.racks[viewer]!),
    lastDrawn: viewer === 'observer' ? [] : [...state.lastDrawn[viewer]!],
    rackCounts: state.racks.map((rk) => rk.reduce((a, b) => a + b, 0)),
    bagCount: state.bag.length,
    scores: [...state.scores],
    turn: state.turn,
    phase: over ? 'over' : finalWindow ? 'final-challenge' : 'playing',
    canChallenge,
    canExchange: !over && !finalWindow && state.bag.length >= state.rules.exchangeMinBag,
    lastPlay: lastPlayOf(state),
    history: historyFor(state, viewer),
    result:
      r && endEvent?.kind === 'end'
        ? {
            reason: r.reason,
            wentOut: r.wentOut,
            resigned: r.resigned,
            before: [...r.before],
            rackAdjust: [...r.rackAdjust],
            timePenalty: [...r.timePenalty],
            final: [...r.final],
            winners: [...r.winners],
            draw: r.draw,
            racks: endEvent.racks.map((t) => [...t]),
          }
        : null,
    rules: state.rules,
    unseen: plain(unseenTiles(state, viewer)),
    clockMs: [...state.clockMs],
    skipping: state.skip.flatMap((s, seat) => (s ? [seat] : [])),
    opening: openingView(state.events[0]),
  };
}

// The opening as every viewer may see it, from the game's first event.
function openingView(start: GameEvent | undefined): OpeningView | null {
  if (start?.kind !== 'start') return null;
  return {
    first: start.first,
    draws: start.firstDraws.map((round) => round.map(([seat, tile]) => ({ seat, tile }))),
  };
}

// A typed array as a plain array (Array.from is several times slower on small typed arrays).
function plain(a: Uint8Array): number[] {
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]!;
  return out;
}

// The latest play that still stands: a withdrawn play is skipped, an older one shown instead.
function lastPlayOf(state: GameState): LastPlayView | null {
  for (let i = state.events.length - 1; i >= 0; i--) {
    const e = state.events[i]!;
    if (e.kind !== 'play') continue;
    // A challenge comes right after the play it judges (C-01).
    const after = state.events[i + 1];
    if (after?.kind === 'challenge' && !after.valid) continue;
    const step = e.dir === 'H' ? 1 : SIZE;
    const start = e.row * SIZE + e.col;
    const squares = e.tiles.flatMap((t, k) => (t === 0 ? [] : [start + k * step]));
    return { seat: e.seat, ...playOf(e), squares };
  }
  return null;
}

// A play's placement and what it formed and scored. Events are never mutated, so the view
// shares their arrays rather than copying them.
function playOf(e: PlayEvent): Omit<PlayEntry, keyof HistoryBase | 'kind'> {
  const { row, col, dir, tiles, words, score, bingo } = e;
  return { row, col, dir, tiles, words, score, bingo };
}

// An event's time on the clock, as a history entry carries it; nothing when none ran.
function timed(e: { readonly elapsedMs?: number }): { elapsedMs: number } | null {
  return e.elapsedMs ? { elapsedMs: e.elapsedMs } : null;
}

function historyFor(state: GameState, viewer: Viewer): HistoryEntry[] {
  const totals = new Array<number>(state.players).fill(0);
  const out: HistoryEntry[] = [];
  state.events.forEach((e: GameEvent, index) => {
    switch (e.kind) {
      case 'start':
      case 'end': // shown as `result`
        return;
      case 'play':
        totals[e.seat]! += e.score;
        // Written out rather than spread from playOf: this runs for every play of every view.
        out.push({
          index,
          kind: 'play',
          seat: e.seat,
          total: totals[e.seat]!,
          ...timed(e),
          row: e.row,
          col: e.col,
          dir: e.dir,
          tiles: e.tiles,
          words: e.words,
          score: e.score,
          bingo: e.bingo,
        });
        return;
      case 'exchange':
        out.push({
          index,
          kind: 'exchange',
          seat: e.seat,
          total: totals[e.seat]!,
          ...timed(e),
          count: e.returned.length,
          tiles: viewer === e.seat ? [...e.returned] : null,
        });
        return;
      case 'pass':
      case 'accept':
        out.push({ index, kind: e.kind, seat: e.seat, total: totals[e.seat]!, ...timed(e) });
        return;
      case 'resign':
        out.push({
          index,
          kind: e.kind,
          seat: e.seat,
          total: totals[e.seat]!,
          ...(e.claimedBy !== undefined && { claimedBy: e.claimedBy }),
        });
        return;
      case 'rejected':
        totals[e.seat]! -= e.penalty;
        out.push({
          index,
          kind: 'rejected',
          seat: e.seat,
          total: totals[e.seat]!,
          ...timed(e),
          row: e.row,
          col: e.col,
          dir: e.dir,
          tiles: e.tiles,
          invalidWords: e.invalidWords,
          penalty: e.penalty,
        });
        return;
      case 'challenge':
        totals[e.target]! -= e.withdrawn;
        totals[e.seat]! -= e.penalty;
        out.push({
          index,
          kind: 'challenge',
          seat: e.seat,
          total: totals[e.seat]!,
          ...timed(e),
          target: e.target,
          targetTotal: totals[e.target]!,
          valid: e.valid,
          invalidWords: e.invalidWords,
          withdrawn: e.withdrawn,
          penalty: e.penalty,
          loseTurn: e.loseTurn,
        });
        return;
    }
  });
  return out;
}

/** Tiles a viewer may not see, replaced by how many there are. */
export interface HiddenTiles {
  readonly hidden: number;
}

/** A list of tiles as one viewer sees it: the tiles, or only their count. */
export type SeenTiles = readonly number[] | HiddenTiles;

/** G-02, G-03 as a viewer sees them: the opening draw is public, the racks dealt are not. */
export interface SeenStartEvent extends Omit<StartEvent, 'racks'> {
  readonly racks: readonly SeenTiles[];
}

/** A play as a viewer sees it: the tiles placed are public, the tiles drawn after it are not. */
export interface SeenPlayEvent extends Omit<PlayEvent, 'drew'> {
  readonly drew: SeenTiles;
}

/** X-01 as a viewer sees it: how many tiles went back and came out, not which. */
export interface SeenExchangeEvent extends Omit<ExchangeEvent, 'returned' | 'drew'> {
  readonly returned: SeenTiles;
  readonly drew: SeenTiles;
}

/** An event as one viewer may see it. */
export type SeenEvent =
  | SeenStartEvent
  | SeenPlayEvent
  | SeenExchangeEvent
  | Exclude<GameEvent, StartEvent | PlayEvent | ExchangeEvent>;

/** The event list for one viewer, and the seed once nothing is left to hide. */
export interface EventsView {
  /** The bag's seed, null until the game is over (it would predict every draw). */
  readonly seed: string | number | null;
  /** Index in the game's event list of the first event given (see `eventsFor`'s `from`). */
  readonly from: number;
  readonly events: readonly SeenEvent[];
}

/**
 * The game's events as one viewer may see them (the only event projection the server sends):
 * the racks dealt, the tiles drawn and the tiles exchanged are shown to their owner and only
 * counted for everyone else; observers see no tile of any rack. Once the game is over
 * everything is public — the events as stored and the seed — so the game can be replayed.
 * `from` skips the events a viewer already has.
 */
export function eventsFor(state: GameState, viewer: Viewer, from = 0): EventsView {
  if (viewer !== 'observer' && !(Number.isInteger(viewer) && viewer >= 0 && viewer < state.players))
    throw new Error(`no seat ${viewer}`);
  const events = state.events.slice(from);
  if (state.result) return { seed: state.seed, from, events };
  const seen = (owner: number, tiles: readonly number[]): SeenTiles =>
    owner === viewer ? [...tiles] : { hidden: tiles.length };
  return {
    seed: null,
    from,
    events: events.map((e): SeenEvent => {
      switch (e.kind) {
        case 'start':
          return { ...e, racks: e.racks.map((r, owner) => seen(owner, r)) };
        case 'play':
          return { ...e, drew: seen(e.seat, e.drew) };
        case 'exchange':
          return { ...e, returned: seen(e.seat, e.returned), drew: seen(e.seat, e.drew) };
        default:
          return e;
      }
    }),
  };
}
