/**
 * What the interaction core reads and returns. The core never sees a terminal or a DOM: a client
 * feeds it abstract key events and a per-seat view of the game, and renders the announcements
 * and intents it gets back (DESIGN.md §1, UX.md §2).
 */
import type { GameError } from '../engine/errors.js';
import type { Word } from '../engine/events.js';
import type { Move } from '../engine/move.js';
import type { Err } from '../engine/result.js';
import type { ScoringRules } from '../engine/placement.js';
import type { TileSet } from '../engine/tiles.js';

/**
 * One key press. `key` is the character or key name as a browser's `KeyboardEvent.key` gives it
 * ('a', 'Ñ', 'ArrowUp', 'Enter', 'Escape', 'Backspace', 'Home', 'End', 'F1'); `code` is the
 * physical key ('Digit3'), which is how Shift+digit is read on any layout (UX.md §2.1, 5).
 */
export interface KeyInput {
  readonly key: string;
  readonly shift?: boolean;
  readonly ctrl?: boolean;
  readonly code?: string;
}

/** One seat as every viewer sees it. */
export interface SeatView {
  readonly name: string;
  readonly score: number;
  /** Tiles on that seat's rack (a count, never the letters of another seat). */
  readonly rackCount: number;
  readonly bot?: boolean;
  /** Remaining clock time in milliseconds, when the game is timed; negative once over. */
  readonly clockMs?: number;
  /** Points the time used so far would cost at the end (TM-02), when the game is timed. */
  readonly overtimePenalty?: number;
}

/**
 * One turn in the history, in playing order, as any viewer may know it (mirrors the engine's
 * per-seat history: words as tiles, coordinates in GCG style).
 */
export type TurnRecord =
  | {
      readonly kind: 'place';
      readonly seat: number;
      /** GCG coordinate of the main word: `8H` across, `H8` down. */
      readonly coord: string;
      /** Every word formed, main first, as tiles (blanks flagged). */
      readonly words: readonly Word[];
      readonly score: number;
      readonly bingo: boolean;
    }
  | { readonly kind: 'exchange'; readonly seat: number; readonly count: number }
  | { readonly kind: 'pass'; readonly seat: number }
  /** E-06: the last play of the game accepted without a challenge. */
  | { readonly kind: 'accept'; readonly seat: number }
  | { readonly kind: 'resign'; readonly seat: number }
  /** A play refused on submission (automatic mode): 0 points, maybe a penalty. */
  | {
      readonly kind: 'rejected';
      readonly seat: number;
      readonly coord: string;
      readonly invalidWords: readonly Word[];
      readonly penalty: number;
    }
  /** A challenge of `target`'s play: `valid` means the play stood. */
  | {
      readonly kind: 'challenge';
      readonly seat: number;
      readonly target: number;
      readonly valid: boolean;
      readonly invalidWords: readonly Word[];
      readonly penalty: number;
      /** The failed challenger loses their next turn (`double` mode, C-05). */
      readonly loseTurn?: boolean;
    };

/** How a finished game ended, as the viewer sees it. */
export interface GameEnd {
  /** Final scores by seat, after the rack adjustment. */
  readonly scores: readonly number[];
  /** Winning seats (several on a draw). */
  readonly winners: readonly number[];
  /** Points each seat lost for overtime (TM-02), already taken from `scores`; absent untimed. */
  readonly timePenalty?: readonly number[];
}

/**
 * The per-seat projection the core renders: everything the viewer may know and nothing else
 * (DESIGN.md §5). A client builds it from the engine's `viewFor(state, seat)`.
 */
export interface PlayView {
  readonly set: TileSet;
  readonly scoring: ScoringRules;
  readonly board: Uint8Array;
  /** The viewer's seat; -1 for an observer. */
  readonly seat: number;
  /** Seat whose turn it is; -1 when the game is over. */
  readonly toMove: number;
  readonly seats: readonly SeatView[];
  /** The viewer's tiles (BLANK = 0 for a blank); order does not matter, the core keeps one. */
  readonly rack: readonly number[];
  /** Tiles left in the bag. */
  readonly bag: number;
  readonly history: readonly TurnRecord[];
  /** Whether the rules allow exchanging now (bag size, X-02/X-03). */
  readonly canExchange: boolean;
  /** Whether the viewer may challenge the last play now (rules and timing, C-01). */
  readonly canChallenge: boolean;
  readonly timed: boolean;
  readonly end?: GameEnd;
}

/** Who the message is for, so a renderer can filter or style it (UX.md §2.5 verbosity toggles). */
export type Category =
  | 'turn'
  | 'score'
  | 'rack'
  | 'mode'
  | 'cursor'
  | 'placement'
  | 'preview'
  | 'play'
  | 'board'
  | 'bag'
  | 'clock'
  | 'help'
  | 'error'
  | 'event'
  | 'prompt';

/** A short sound a client may play with the message (UX.md §2.5). */
export type Sound = 'edge' | 'wrap' | 'error' | 'turn' | 'opponent';

/**
 * One thing to say. `polite` answers the viewer's own commands; `assertive` announces what the
 * viewer did not cause (an opponent's play, "tu turno", the end of the game).
 */
export interface Announcement {
  readonly text: string;
  readonly category: Category;
  readonly priority: 'polite' | 'assertive';
  readonly sound?: Sound;
}

/** What the core asks the client to do with the game: submit a move for the viewer's seat. */
export type Intent = Move;

/** The core's answer to an input. */
export interface Reaction {
  readonly say: Announcement[];
  /** A move to submit; the client reports the outcome with `Session.moveOutcome`. */
  readonly intent?: Intent;
  /** The client should open its command line (`/` or `:`). */
  readonly openCommandLine?: boolean;
}

/** The outcome of submitting an intent, as a client reports it back: the engine's refusal. */
export type MoveOutcome = { readonly ok: true } | Err<GameError>;

/** The four input modes of UX.md §2.2. */
export type Mode = 'navegacion' | 'horizontal' | 'vertical' | 'cambio';

/** Rack orders cycled by I (UX.md §2.3). */
export type RackOrder = 'robo' | 'alfabetico' | 'consonantes';

export type Verbosity = 'breve' | 'detallado';
