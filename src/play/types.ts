/**
 * What the interaction core reads and returns. The core never sees a terminal or a DOM: a client
 * feeds it abstract key events and the protocol's view of the game (`ClientView`, the same
 * whether the game runs in this process or behind a socket), and renders the announcements and
 * intents it gets back (DESIGN.md §1, UX.md §2).
 */
import type { GameError } from '../engine/errors.js';
import type { Move } from '../engine/move.js';
import type { Err } from '../engine/result.js';

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
