/**
 * The state of a game and where it starts (DESIGN.md §2, RULES.md §3).
 *
 * Model: a game is `{rules, seed, players}` plus a list of events (events.ts). `newGame`
 * (newGame.ts) makes the state after the `start` event; `apply` (apply.ts) validates an action
 * and either refuses it with a coded error (changing nothing) or returns the events it caused
 * and the state after them. `reduce` (reduce.ts) is the one place where state changes, and
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
import type { EndReason, GameEvent, StartEvent, Word } from './events.js';
import type { Placed } from './move.js';
import { type Rules, tileSetOf } from './rules.js';
import { type RngState, seedRng } from './rng.js';
import type { TileSet } from './tiles.js';

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

/**
 * The `start` event of a game, computed from the bag: the opening draw (G-02) and the deal
 * (G-03). No randomness is needed until the drawn tiles go back, which reshuffles.
 */
export function openingOf(state: GameState): StartEvent {
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
