/**
 * Game state and its transitions (DESIGN.md §2, RULES.md §3–§12).
 *
 * Model: a game is `{rules, seed, players}` plus a list of events (events.ts). `newGame` makes
 * the state after the `start` event; `apply(state, action, judge)` validates an action and
 * either refuses it with a coded error (changing nothing) or returns the events it caused and
 * the state after them. `reduce(state, event)` is the one place where state changes, and
 * `replayGame` folds it over a stored list, so a stored game, the wire history and a replay
 * all go through the same code.
 *
 * Randomness: the bag is an ordered sequence shuffled from the seed; draws take from its end
 * and need no randomness, while every return of tiles (exchange, withdrawn play, the opening
 * draw) reshuffles with the PRNG carried in the state. Events record the drawn tiles and
 * `reduce` checks them against the bag, so a log that does not match its seed is caught.
 *
 * Mutability: states are never mutated after they are returned. `reduce` copies what it
 * changes (typed arrays included: board, bag, racks) into a new state object and shares the
 * rest, so holding on to an old state is safe and cheap.
 */
import { drawTiles, fullBag, returnTiles } from './bag.js';
import { isBoardEmpty } from './board.js';
import type { GameError } from './errors.js';
import type {
  ChallengeEvent,
  EndEvent,
  EndReason,
  GameEvent,
  PlayEvent,
  StartEvent,
  Word,
} from './events.js';
import type {
  ExchangeMove,
  PassMove,
  PlaceMove,
  Placed,
  Placement,
  ChallengeMove,
} from './move.js';
import { firstDifference } from './jsonDiff.js';
import { evaluatePlacement, placementOf } from './placement.js';
import { type Rules, type WordJudge, isChallengeable, scoringOf, tileSetOf } from './rules.js';
import { type Result, err, ok } from './result.js';
import { type RngState, seedRng } from './rng.js';
import {
  BLANK,
  BLANK_FLAG,
  EMPTY,
  type TileSet,
  letterOf,
  rackCount,
  rackToTiles,
  rackValue,
} from './tiles.js';

/** A play that can still be challenged (C-01), with what is needed to withdraw it (C-02). */
export interface PendingPlay {
  readonly seat: number;
  readonly placed: readonly Placed[];
  /** Every word formed, main first, as tiles (blank flags kept). */
  readonly words: readonly Word[];
  readonly score: number;
  readonly drew: readonly number[];
  /** Turn counters before the play, restored (+1) when it is withdrawn. */
  readonly before: {
    readonly passRun: number;
    readonly scorelessRun: number;
    readonly unchangedRun: number;
  };
}

/** How a finished game came out. */
export interface GameResult {
  readonly reason: EndReason;
  readonly wentOut: number | null;
  readonly resigned: number | null;
  readonly rackAdjust: readonly number[];
  readonly timePenalty: readonly number[];
  /** Scores before the end-of-game adjustments (E-07 caja tie-break). */
  readonly before: readonly number[];
  readonly final: readonly number[];
  readonly winners: readonly number[];
  /** True when more than one seat shares the win (E-07). */
  readonly draw: boolean;
}

/** Everything needed to start (and so to replay) a game. */
export interface GameSetup {
  readonly rules: Rules;
  readonly seed: string | number;
  /** 2–4 (G-01). */
  readonly players: number;
}

/** The full state of a game; never mutated (see the module comment). */
export interface GameState {
  readonly rules: Rules;
  readonly seed: string | number;
  readonly players: number;
  readonly set: TileSet;
  /** 225 squares, tile codes (blanks flagged), 0 = empty. */
  readonly board: Uint8Array;
  /** The bag in draw order: the next tile drawn is the last element. */
  readonly bag: Uint8Array;
  readonly rng: RngState;
  /** Count arrays (index 0 = blanks), one per seat. */
  readonly racks: readonly Uint8Array[];
  readonly scores: readonly number[];
  /** The seat to act. */
  readonly turn: number;
  readonly pending: PendingPlay | null;
  /** E-02: consecutive passes (a withdrawn or rejected play counts; an exchange resets it). */
  readonly passRun: number;
  /** E-03: consecutive scoreless turns. */
  readonly scorelessRun: number;
  /** V-03: consecutive turns that left the board unchanged. */
  readonly unchangedRun: number;
  /** Seats that lose their next turn (`double` mode, challenger not on turn). */
  readonly skip: readonly boolean[];
  /** Time used per seat, summed from the actions' `elapsedMs` (TM-02). */
  readonly clockMs: readonly number[];
  /** Tiles each seat drew on its latest draw, so clients can show them. */
  readonly lastDrawn: readonly (readonly number[])[];
  readonly events: readonly GameEvent[];
  /** Number of events so far; actions may carry it to detect stale requests. */
  readonly version: number;
  readonly result: GameResult | null;
}

/** E-06: accept the last play of the game without challenging it. */
export interface AcceptMove {
  readonly kind: 'accept';
}

/** Give up; the game ends at once. */
export interface ResignMove {
  readonly kind: 'resign';
}

/** Who acts, and optionally the state version and time the action was based on. */
export interface ActionMeta {
  readonly seat: number;
  /** When present, must equal `state.version` (else STALE_VERSION). */
  readonly version?: number;
  /** Milliseconds the seat spent on this action (clock option, TM-02). */
  readonly elapsedMs?: number;
}

/** Something a seat wants to do. */
export type Action = (
  PlaceMove | ExchangeMove | PassMove | ChallengeMove | AcceptMove | ResignMove
) &
  ActionMeta;

/** What an accepted action did: the state after it and the events it caused. */
export interface Applied {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** The outcome of `apply`. */
export type ApplyResult = Result<Applied, GameError>;

/** The state before the `start` event: empty board, full shuffled bag, no racks. */
export function initialState(setup: GameSetup): GameState {
  const { rules, seed, players } = setup;
  if (!Number.isInteger(players) || players < 2 || players > 4)
    throw new Error(`a game needs 2 to 4 players (G-01), got ${players}`);
  const set = tileSetOf(rules);
  const shuffled = fullBag(set, seedRng(seed));
  return {
    rules,
    seed,
    players,
    set,
    board: new Uint8Array(225),
    bag: shuffled.bag,
    rng: shuffled.rng,
    racks: Array.from({ length: players }, () => new Uint8Array(set.letters.length + 1)),
    scores: new Array<number>(players).fill(0),
    turn: 0,
    pending: null,
    passRun: 0,
    scorelessRun: 0,
    unchangedRun: 0,
    skip: new Array<boolean>(players).fill(false),
    clockMs: new Array<number>(players).fill(0),
    lastDrawn: Array.from({ length: players }, () => []),
    events: [],
    version: 0,
    result: null,
  };
}

/** A new game: the opening draw (G-02) and the first racks (G-03) done. */
export function newGame(setup: GameSetup): GameState {
  const init = initialState(setup);
  return reduce(init, openingOf(init));
}

/** Rebuilds a game's state from its setup and stored events (the first must be `start`). */
export function replayGame(setup: GameSetup, events: readonly GameEvent[]): GameState {
  let state = initialState(setup);
  for (const e of events) state = reduce(state, e);
  return state;
}

// G-02 / G-03: the opening draw and the deal, computed from the bag (no randomness needed until
// the drawn tiles go back, which reshuffles).
function openingOf(state: GameState): StartEvent {
  const { players, rules } = state;
  const firstDraws: [number, number][][] = [];
  let first = 0;
  let bag = state.bag;
  let rng = state.rng;
  if (rules.firstPlayer === 'draw') {
    let contenders = Array.from({ length: players }, (_, s) => s);
    for (;;) {
      const d = drawTiles(bag, contenders.length);
      const round = contenders.map((s, k): [number, number] => [s, d.drawn[k]!]);
      firstDraws.push(round);
      // The drawn tiles go back before the next round and before the deal.
      const back = returnTiles(d.bag, d.drawn, rng);
      bag = back.bag;
      rng = back.rng;
      const best = Math.min(...round.map(([, t]) => t)); // blank (0) beats A (1) …
      contenders = round.filter(([, t]) => t === best).map(([s]) => s);
      if (contenders.length === 1) {
        first = contenders[0]!;
        break;
      }
    }
  }
  const racks: number[][] = [];
  for (let s = 0; s < players; s++) {
    const d = drawTiles(bag, rules.rackSize);
    racks.push(d.drawn);
    bag = d.bag;
  }
  return { kind: 'start', players, firstDraws, first, racks };
}

/**
 * Applies one event to a state and returns the new state. Throws when the event does not fit
 * the state (a corrupted log, or an event from another seed): that is a programming error.
 */
export function reduce(state: GameState, event: GameEvent): GameState {
  if (state.result) throw new Error('event after the end of the game');
  const next = reduceInner(state, event);
  return { ...next, events: [...state.events, event], version: state.version + 1 };
}

function reduceInner(s: GameState, e: GameEvent): GameState {
  switch (e.kind) {
    case 'start': {
      if (s.version !== 0) throw new Error('start must be the first event');
      // By meaning, not by text: a stored event may come back with its keys reordered (jsonb).
      if (firstDifference(openingOf(s), e) !== undefined)
        throw new Error('start event does not match the seed');
      // Redo the opening on the bag: returns reshuffle, then the deal.
      let bag = s.bag;
      let rng = s.rng;
      for (const round of e.firstDraws) {
        const d = drawTiles(bag, round.length);
        const back = returnTiles(d.bag, d.drawn, rng);
        bag = back.bag;
        rng = back.rng;
      }
      const racks = s.racks.map((r) => new Uint8Array(r));
      for (let seat = 0; seat < e.players; seat++) {
        const d = take(bag, e.racks[seat]!);
        bag = d;
        for (const t of e.racks[seat]!) racks[seat]![t]!++;
      }
      return { ...s, bag, rng, racks, turn: e.first, lastDrawn: e.racks.map((r) => [...r]) };
    }
    case 'play': {
      turnCheck(s, e.seat);
      const placed = placedOfEvent(s, e);
      const board = new Uint8Array(s.board); // the constructor copies faster than slice()
      for (const p of placed) board[p.square] = p.tile;
      const racks = s.racks.slice();
      const rack = removeFromRack(
        s.racks[e.seat]!,
        placed.map((p) => p.tile),
      );
      const bag = take(s.bag, e.drew);
      for (const t of e.drew) rack[t]!++;
      racks[e.seat] = rack;
      const scores = s.scores.slice();
      scores[e.seat]! += e.score;
      const pending: PendingPlay | null = isChallengeable(s.rules)
        ? {
            seat: e.seat,
            placed,
            words: evaluatedWords(s, placed),
            score: e.score,
            drew: [...e.drew],
            before: {
              passRun: s.passRun,
              scorelessRun: s.scorelessRun,
              unchangedRun: s.unchangedRun,
            },
          }
        : null;
      return advance(
        {
          ...s,
          board,
          bag,
          racks,
          scores,
          pending,
          passRun: 0,
          scorelessRun: e.score === 0 ? s.scorelessRun + 1 : 0,
          unchangedRun: 0,
          lastDrawn: withAt(s.lastDrawn, e.seat, [...e.drew]),
          clockMs: timed(s, e.seat, e.elapsedMs),
        },
        e.seat,
      );
    }
    case 'exchange': {
      turnCheck(s, e.seat);
      const rack = removeFromRack(s.racks[e.seat]!, e.returned);
      const d = drawTiles(s.bag, e.returned.length);
      if (!sameTiles(d.drawn, e.drew)) throw new Error('exchange draw does not match the bag');
      for (const t of d.drawn) rack[t]!++;
      const back = returnTiles(d.bag, e.returned, s.rng);
      return advance(
        {
          ...s,
          bag: back.bag,
          rng: back.rng,
          racks: withAt(s.racks, e.seat, rack),
          pending: null,
          passRun: 0, // an exchange is not a pass and breaks the run
          scorelessRun: s.scorelessRun + 1,
          unchangedRun: s.unchangedRun + 1,
          lastDrawn: withAt(s.lastDrawn, e.seat, [...e.drew]),
          clockMs: timed(s, e.seat, e.elapsedMs),
        },
        e.seat,
      );
    }
    case 'pass':
      turnCheck(s, e.seat);
      return passedTurn(s, e.seat, e.elapsedMs, s.scores);
    case 'rejected': {
      // C-04: a play refused in automatic mode is a lost turn, counted as a pass (E-02).
      turnCheck(s, e.seat);
      const scores = s.scores.slice();
      scores[e.seat]! -= e.penalty;
      return passedTurn(s, e.seat, e.elapsedMs, scores);
    }
    case 'challenge':
      return reduceChallenge(s, e);
    case 'accept':
      if (!s.pending) throw new Error('nothing to accept');
      return { ...s, pending: null, clockMs: timed(s, e.seat, e.elapsedMs) };
    case 'resign':
      return s;
    case 'end': {
      const result: GameResult = {
        reason: e.reason,
        wentOut: e.wentOut,
        resigned: e.resigned,
        rackAdjust: e.rackAdjust,
        timePenalty: e.timePenalty,
        before: e.before,
        final: e.final,
        winners: e.winners,
        draw: e.winners.length > 1,
      };
      return { ...s, scores: [...e.final], pending: null, result };
    }
  }
}

function reduceChallenge(s: GameState, e: ChallengeEvent): GameState {
  const p = s.pending;
  if (!p || p.seat !== e.target) throw new Error('challenge without a pending play');
  const clockMs = timed(s, e.seat, e.elapsedMs);
  if (!e.valid) {
    // C-02: withdraw the play; the tiles it drew go back into the bag.
    const board = new Uint8Array(s.board); // the constructor copies faster than slice()
    for (const q of p.placed) board[q.square] = EMPTY;
    const rack = removeFromRack(s.racks[p.seat]!, p.drew);
    for (const q of p.placed) rack[q.tile & BLANK_FLAG ? BLANK : q.tile]!++;
    const back = returnTiles(s.bag, p.drew, s.rng);
    const scores = s.scores.slice();
    scores[p.seat]! -= p.score;
    return {
      ...s,
      board,
      bag: back.bag,
      rng: back.rng,
      racks: withAt(s.racks, p.seat, rack),
      scores,
      pending: null,
      passRun: p.before.passRun + 1,
      scorelessRun: p.before.scorelessRun + 1,
      unchangedRun: p.before.unchangedRun + 1,
      lastDrawn: withAt(s.lastDrawn, p.seat, []),
      clockMs,
    };
  }
  const scores = s.scores.slice();
  scores[e.seat]! -= e.penalty;
  let next: GameState = { ...s, scores, pending: null, clockMs };
  if (e.loseTurn) {
    // RULES.md §12 (double): the lost turn is a pass for E-02 and a scoreless turn for E-03,
    // counted when the challenge fails, where the record writes its pass line.
    next = {
      ...next,
      passRun: s.passRun + 1,
      scorelessRun: s.scorelessRun + 1,
      unchangedRun: s.unchangedRun + 1,
    };
    if (e.seat === s.turn) next = advance(next, s.turn);
    else next = { ...next, skip: withAt(s.skip, e.seat, true) };
  }
  return next;
}

// Moves the turn on from `seat`, skipping (once) the seats that lost their turn.
// A turn that leaves the board and the bag alone (a pass, a refused play): the runs of E-02,
// E-03 and V-03 grow by one.
function passedTurn(
  s: GameState,
  seat: number,
  elapsedMs: number | undefined,
  scores: readonly number[],
): GameState {
  return advance(
    {
      ...s,
      scores,
      pending: null,
      passRun: s.passRun + 1,
      scorelessRun: s.scorelessRun + 1,
      unchangedRun: s.unchangedRun + 1,
      clockMs: timed(s, seat, elapsedMs),
    },
    seat,
  );
}

function advance(s: GameState, seat: number): GameState {
  let t = (seat + 1) % s.players;
  let skip = s.skip;
  for (let guard = 0; guard < s.players && skip[t]; guard++) {
    skip = withAt(skip, t, false);
    t = (t + 1) % s.players;
  }
  return { ...s, turn: t, skip };
}

function turnCheck(s: GameState, seat: number): void {
  if (seat !== s.turn) throw new Error(`event for seat ${seat} on seat ${s.turn}'s turn`);
}

function timed(s: GameState, seat: number, ms: number | undefined): readonly number[] {
  if (!ms) return s.clockMs;
  return withAt(s.clockMs, seat, s.clockMs[seat]! + ms);
}

function withAt<T>(list: readonly T[], i: number, v: T): T[] {
  const out = list.slice();
  out[i] = v;
  return out;
}

// Removes recorded tiles from the top of the bag, checking they are the ones recorded.
function take(bag: Uint8Array, tiles: readonly number[]): Uint8Array {
  const d = drawTiles(bag, tiles.length);
  if (!sameTiles(d.drawn, tiles)) throw new Error('recorded draw does not match the bag');
  return d.bag;
}

function sameTiles(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

function removeFromRack(rack: Uint8Array, tiles: readonly number[]): Uint8Array {
  const out = new Uint8Array(rack);
  for (const t of tiles) {
    const c = t & BLANK_FLAG ? BLANK : t;
    if (out[c] === 0) throw new Error('tile not in rack');
    out[c]!--;
  }
  return out;
}

function placedOfEvent(s: GameState, e: Placement): Placed[] {
  const placed = placementOf(s.board, {
    kind: 'place',
    row: e.row,
    col: e.col,
    dir: e.dir,
    tiles: e.tiles,
  });
  if (!placed.ok) throw new Error(`recorded play does not fit the board: ${placed.error.code}`);
  return placed.value;
}

function evaluatedWords(s: GameState, placed: readonly Placed[]): number[][] {
  const r = evaluatePlacement(s.board, placed, s.set, scoringOf(s.rules));
  if (!r.ok) throw new Error(`recorded play is not a legal placement: ${r.error.code}`);
  return r.value.words.map((w) => [...w.tiles]);
}

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

// Which end rule, if any, holds in this state (checked after every action).
function endOf(s: GameState): { reason: EndReason; wentOut: number | null } | null {
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

// E-05 adjustments, TM-02 penalties and E-07 winners.
function endEvent(
  s: GameState,
  reason: EndReason,
  wentOut: number | null,
  resigned: number | null,
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

function fail(error: GameError): ApplyResult {
  return err(error);
}

/**
 * Validates an action against the state and the rules and applies it. On success returns the
 * new state and the events the action caused (an `end` event is added when the game ends);
 * on failure returns a coded error and the state is unchanged. `judge` decides word validity
 * for challenges and for the `automatic`/`void` modes.
 */
export function apply(state: GameState, action: Action, judge: WordJudge): ApplyResult {
  if (state.result) return fail({ code: 'GAME_OVER' });
  if (action.version !== undefined && action.version !== state.version)
    return fail({ code: 'STALE_VERSION', version: state.version });
  const seat = action.seat;
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players)
    return fail({ code: 'BAD_SEAT' });
  const ms = action.elapsedMs;
  if (ms !== undefined && !(Number.isFinite(ms) && ms >= 0)) return fail({ code: 'BAD_ACTION' });
  const t = ms ? { elapsedMs: ms } : {};
  const finalWindow = inFinalChallengeWindow(state);

  switch (action.kind) {
    case 'resign':
      return commit(state, [{ kind: 'resign', seat }], seat);
    case 'challenge':
      return challenge(state, seat, judge, t);
    case 'accept':
      if (!finalWindow) return fail({ code: 'NOTHING_TO_ACCEPT' });
      if (seat !== state.turn) return fail({ code: 'NOT_YOUR_TURN', turn: state.turn });
      return commit(state, [{ kind: 'accept', seat, ...t }]);
    case 'pass':
      if (seat !== state.turn) return fail({ code: 'NOT_YOUR_TURN', turn: state.turn });
      // E-06: passing in the final window accepts the last play.
      if (finalWindow) return commit(state, [{ kind: 'accept', seat, ...t }]);
      return commit(state, [{ kind: 'pass', seat, ...t }]);
    case 'exchange': {
      if (seat !== state.turn) return fail({ code: 'NOT_YOUR_TURN', turn: state.turn });
      if (finalWindow) return fail({ code: 'FINAL_CHALLENGE_WINDOW' });
      const tiles = action.tiles;
      if (!Array.isArray(tiles) || tiles.length === 0) return fail({ code: 'NOTHING_TO_EXCHANGE' });
      const bad = tiles.filter(
        (c) => !Number.isInteger(c) || c < 0 || c > state.set.letters.length,
      );
      if (bad.length) return fail({ code: 'LETTER_NOT_IN_SET', tiles: bad });
      const missing = missingFromRack(state.racks[seat]!, tiles);
      if (missing.length) return fail({ code: 'NOT_IN_RACK', tiles: missing });
      const needed = Math.max(state.rules.exchangeMinBag, tiles.length);
      if (state.bag.length < needed)
        return fail({ code: 'BAG_TOO_SMALL_TO_EXCHANGE', bag: state.bag.length, needed });
      const drew = drawTiles(state.bag, tiles.length).drawn;
      return commit(state, [{ kind: 'exchange', seat, returned: [...tiles], drew, ...t }]);
    }
    case 'place':
      if (seat !== state.turn) return fail({ code: 'NOT_YOUR_TURN', turn: state.turn });
      if (finalWindow) return fail({ code: 'FINAL_CHALLENGE_WINDOW' });
      return place(state, action, seat, judge, t);
    default:
      return fail({ code: 'BAD_ACTION' });
  }
}

function place(
  state: GameState,
  move: PlaceMove,
  seat: number,
  judge: WordJudge,
  t: { elapsedMs?: number },
): ApplyResult {
  if (
    !Number.isInteger(move.row) ||
    !Number.isInteger(move.col) ||
    (move.dir !== 'H' && move.dir !== 'V') ||
    !Array.isArray(move.tiles)
  )
    return fail({ code: 'BAD_ACTION' });
  for (const c of move.tiles) {
    if (c === BLANK_FLAG) return fail({ code: 'BLANK_NOT_DESIGNATED' }); // T-05
    if (
      !Number.isInteger(c) ||
      c < 0 ||
      (c & ~(BLANK_FLAG | 0x7f)) !== 0 ||
      letterOf(c) > state.set.letters.length
    )
      return fail({ code: 'LETTER_NOT_IN_SET', tiles: [c] }); // T-02
  }
  const placing = placementOf(state.board, move);
  if (!placing.ok) return placing;
  const placed = placing.value;
  const evaluated = evaluatePlacement(state.board, placed, state.set, scoringOf(state.rules));
  if (!evaluated.ok) return evaluated;
  const result = evaluated.value;
  const missing = missingFromRack(
    state.racks[seat]!,
    placed.map((p) => p.tile),
  );
  if (missing.length) return fail({ code: 'NOT_IN_RACK', tiles: missing });
  const words = result.words.map((w) => w.tiles);
  const mode = state.rules.challengeMode;
  if (mode === 'void' || mode === 'automatic') {
    const invalid = invalidWords(words, judge);
    if (invalid.length && mode === 'void') return fail({ code: 'INVALID_WORD', words: invalid });
    if (invalid.length) {
      const penalty =
        state.rules.challengePenalty *
        (state.rules.challengePenaltyPer === 'word' ? invalid.length : 1);
      const { row, col, dir, tiles } = move;
      return commit(state, [
        {
          kind: 'rejected',
          seat,
          row,
          col,
          dir,
          tiles: [...tiles],
          invalidWords: invalid,
          penalty,
          ...t,
        },
      ]);
    }
  }
  const drew = drawTiles(state.bag, placed.length).drawn;
  const ev: PlayEvent = {
    kind: 'play',
    seat,
    row: move.row,
    col: move.col,
    dir: move.dir,
    tiles: [...move.tiles],
    words, // fresh arrays from evaluatePlacement
    score: result.score,
    bingo: result.bingo,
    drew,
    ...t,
  };
  return commit(state, [ev]);
}

function challenge(
  state: GameState,
  seat: number,
  judge: WordJudge,
  t: { elapsedMs?: number },
): ApplyResult {
  const mode = state.rules.challengeMode;
  if (!isChallengeable(state.rules)) return fail({ code: 'NO_CHALLENGES' });
  const p = state.pending;
  if (!p || p.seat === seat) return fail({ code: 'NOTHING_TO_CHALLENGE' });
  const invalid = invalidWords(p.words, judge); // C-01: all words judged together
  const valid = invalid.length === 0;
  const perWord = state.rules.challengePenaltyPer === 'word' ? p.words.length : 1;
  const ev: ChallengeEvent = {
    kind: 'challenge',
    seat,
    target: p.seat,
    valid,
    invalidWords: invalid,
    withdrawn: valid ? 0 : p.score,
    penalty: valid && mode === 'penalty' ? state.rules.challengePenalty * perWord : 0,
    loseTurn: valid && mode === 'double',
    ...t,
  };
  return commit(state, [ev]);
}

// The words the judge refuses, as they stand on the board (blank flags kept); the judge reads
// letters only.
function invalidWords(words: readonly Word[], judge: WordJudge): Word[] {
  const out: Word[] = [];
  for (const w of words) if (!judge.isWord(w.map(letterOf))) out.push([...w]);
  return out;
}

function missingFromRack(rack: Uint8Array, tiles: readonly number[]): number[] {
  const counts = new Uint8Array(rack);
  const missing: number[] = [];
  for (const tile of tiles) {
    const c = tile & BLANK_FLAG ? BLANK : tile;
    if (counts[c]! > 0) counts[c]!--;
    else missing.push(c);
  }
  return missing;
}

// Reduces the events, then closes the game if an end rule now holds.
function commit(
  state: GameState,
  events: GameEvent[],
  resigned: number | null = null,
): ApplyResult {
  let s = state;
  for (const e of events) s = reduce(s, e);
  const end = resigned !== null ? { reason: 'resign' as const, wentOut: null } : endOf(s);
  if (end) {
    const e = endEvent(s, end.reason, end.wentOut, resigned);
    s = reduce(s, e);
    events.push(e);
  }
  return ok({ state: s, events });
}
