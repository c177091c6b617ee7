/**
 * What the interaction core reads and returns. The core never sees a terminal or a DOM: a client
 * feeds it abstract key events and the protocol's view of the game (`ClientView`, the same
 * whether the game runs in this process or behind a socket), and renders the announcements and
 * intents it gets back (DESIGN.md §1, UX.md §2).
 */
import type { GameError } from '../engine/errors.js';
import type { Move } from '../engine/move.js';
import type { Err } from '../engine/result.js';
import type { ClientView } from '../protocol/view.js';

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
  /**
   * The digits this key may be with Shift, when the client cannot see the physical key (a
   * terminal reading `&`, Shift+7 in the US layout and Shift+6 in the Spanish one).
   */
  readonly digits?: readonly number[];
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

/** A tile placed this turn: which rack slot it came from and the code it shows. */
export interface TentativeTile {
  readonly square: number;
  readonly slot: number;
  /** Letter code, with BLANK_FLAG for a blank. */
  readonly tile: number;
}

/** One place of the rack as a renderer shows it, and its tile. */
export interface RackTile {
  /** The slot: the tile's place in the order drawn (stable for the whole turn). */
  readonly slot: number;
  /** The tile code (0 for a blank). */
  readonly tile: number;
  /** Chosen for an exchange (UX.md §2.2: Shift+n in navigation too, for a later G). */
  readonly selected: boolean;
  /**
   * The square the tile was placed on this turn, its place on the rack empty meanwhile (shown
   * and said as such, «vacío»); null while it is on the rack.
   */
  readonly placedAt: number | null;
}

/**
 * What a renderer reads of a viewer's interaction, from `Session.snapshot()`: a plain frozen
 * object, a copy taken when asked (issue 9, item 7). The game itself is `view`, the protocol's.
 */
export interface PlaySnapshot {
  readonly view: ClientView;
  readonly mode: Mode;
  /** The mode's Spanish name ("Escritura horizontal"), as the status line shows it. */
  readonly modeName: string;
  /** The cursor's square, 0–224 (row × 15 + column). */
  readonly cursor: number;
  readonly order: RackOrder;
  readonly verbosity: Verbosity;
  /** True when the viewer is to move. */
  readonly myTurn: boolean;
  /**
   * Every place of the rack in the current order, those emptied by a tile placed this turn
   * included (`placedAt`): key n is `rack[n-1]`.
   */
  readonly rack: readonly RackTile[];
  /** The 225 squares with this turn's tiles on them (blanks with BLANK_FLAG). */
  readonly board: readonly number[];
  /** The tiles placed this turn, in the order placed. */
  readonly placed: readonly TentativeTile[];
  /** A blank placed this turn waits for its letter. */
  readonly awaitingBlank: boolean;
  /** P was pressed once; a second P passes. */
  readonly pendingPass: boolean;
}

/** What the help reads of a command-table entry (the table itself is in commands.ts). */
export interface HelpEntry {
  readonly id: string;
  /** Keys as shown in the help ('T', '1–9', 'Intro'); the first single letter is the hot-key. */
  readonly keys: readonly string[];
  /** Words accepted by the command line, the first being the canonical one. */
  readonly names: readonly string[];
  /** Spanish help line. */
  readonly help: string;
  /**
   * The help line in line mode, where there is no cursor and no tile placed one by one: its own
   * wording, or null when the command has nothing to do there (absent: `help`).
   */
  readonly lineHelp?: string | null;
  /** Modes whose help lists it (every mode when absent). */
  readonly modes?: readonly Mode[];
}
