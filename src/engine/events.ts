/**
 * What happened in a game, one event per fact, as plain JSON-ready objects. The event list (with
 * the rules, the seed and the number of players) is the game: storage, wire history and replay.
 * Events record the tiles drawn, so a record can be read without the PRNG; replaying checks that
 * the seeded bag yields exactly those tiles.
 */
import type { Placement } from './move.js';

/** A word as the tile codes that spell it on the board, in reading order, blanks flagged. */
export type Word = readonly number[];

/** The seat's time spent on this turn, when a clock is in use (TM-02; the engine has no clock). */
interface Timed {
  readonly elapsedMs?: number;
}

/** G-02, G-03: who starts and the first racks. */
export interface StartEvent {
  readonly kind: 'start';
  readonly players: number;
  /** G-02: each round of the opening draw, one `[seat, tile]` per contender; empty by seat order. */
  readonly firstDraws: readonly (readonly (readonly [number, number])[])[];
  readonly first: number;
  /** The tiles each seat drew, in seat order. */
  readonly racks: readonly (readonly number[])[];
}

/** A play that stands (until challenged, in the challenge modes). */
export interface PlayEvent extends Timed, Placement {
  readonly kind: 'play';
  readonly seat: number;
  /**
   * Every word formed, main word first, as tile codes in reading order, blanks flagged
   * (DESIGN.md §2: "calle" is C·A·LL·E, never the text "CALLE" read again later).
   */
  readonly words: readonly Word[];
  readonly score: number;
  readonly bingo: boolean;
  readonly drew: readonly number[];
}

/** tiles returned after drawing as many. */
export interface ExchangeEvent extends Timed {
  readonly kind: 'exchange';
  readonly seat: number;
  readonly returned: readonly number[];
  readonly drew: readonly number[];
}

export interface PassEvent extends Timed {
  readonly kind: 'pass';
  readonly seat: number;
}

/**
 * C-01…C-03 and the modes: `seat` challenged the last play of `target`. When `valid` is false
 * the play is withdrawn (C-02): its tiles go back to the rack, the tiles it drew go back to
 * the bag, its score is taken off and it counts as a pass.
 */
export interface ChallengeEvent extends Timed {
  readonly kind: 'challenge';
  readonly seat: number;
  readonly target: number;
  readonly valid: boolean;
  /** The words the judge refused, as tiles (blanks flagged); empty when the play stood. */
  readonly invalidWords: readonly Word[];
  /** Score taken off the target when withdrawn (0 when the play stands). */
  readonly withdrawn: number;
  /** Points the challenger loses (`penalty` mode). */
  readonly penalty: number;
  /** `double` mode: the challenger loses their next turn. */
  readonly loseTurn: boolean;
}

/** `automatic` mode: a play with invalid words taken back; the turn is lost (a pass). */
export interface RejectedEvent extends Timed, Placement {
  readonly kind: 'rejected';
  readonly seat: number;
  /** The words the judge refused, as tiles (blanks flagged). */
  readonly invalidWords: readonly Word[];
  readonly penalty: number;
}

/** E-06: the last play of the game was not challenged. */
export interface AcceptEvent extends Timed {
  readonly kind: 'accept';
  readonly seat: number;
}

export interface ResignEvent {
  readonly kind: 'resign';
  readonly seat: number;
  /** The seat that ended the game for `seat`, away from the table on its turn; else absent. */
  readonly claimedBy?: number;
  /**
   * Seats nobody ever took when it happened, which do not share the win (E-07); absent when
   * none. Kept on the event so that a replay or a record finds the same winners.
   */
  readonly vacant?: readonly number[];
}

/** Why a game ended. */
export type EndReason =
  | 'out' // E-01: bag empty and a rack emptied
  | 'passes' // E-02: every player passed twice in a row
  | 'scoreless' // E-03: 12 scoreless turns on a non-empty board
  | 'blocked' // V-03: the bag cannot fund an exchange and the board stood still
  | 'target' // V-02: a player reached the target score
  | 'resign';

/** The end of the game with every adjustment (E-05, TM-02) and the winners (E-07). */
export interface EndEvent {
  readonly kind: 'end';
  readonly reason: EndReason;
  /** The seat that went out (E-01), or null. */
  readonly wentOut: number | null;
  /** The seat that resigned, or null. */
  readonly resigned: number | null;
  /** Tiles left on each rack. */
  readonly racks: readonly (readonly number[])[];
  /** E-05 adjustment per seat (negative = subtracted). */
  readonly rackAdjust: readonly number[];
  /** TM-02 penalty per seat (positive = points lost). */
  readonly timePenalty: readonly number[];
  /** Scores before the adjustments. */
  readonly before: readonly number[];
  readonly final: readonly number[];
  readonly winners: readonly number[];
}

export type GameEvent =
  | StartEvent
  | PlayEvent
  | ExchangeEvent
  | PassEvent
  | ChallengeEvent
  | RejectedEvent
  | AcceptEvent
  | ResignEvent
  | EndEvent;
