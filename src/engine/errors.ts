/**
 * Coded reasons an action is refused: codes and data only. An action that gets one of these
 * changed nothing; the clients turn the code (plus its data) into a Spanish sentence with
 * src/play/errorText.ts.
 */
import type { Word } from './events.js';
import type { PlacementErrorCode } from './placement.js';

/** Every stable error code `apply` can return. */
export type GameErrorCode =
  | PlacementErrorCode
  | 'GAME_OVER' // the game has ended
  | 'STALE_VERSION' // the action was based on an older state
  | 'BAD_SEAT' // no such seat
  | 'BAD_ACTION' // malformed action (unknown kind, bad field)
  | 'NOT_YOUR_TURN'
  | 'NOT_IN_RACK' // tiles played or exchanged that the rack does not hold
  | 'LETTER_NOT_IN_SET' // T-02: a tile (e.g. a blank as K or W) that the set lacks
  | 'INVALID_WORD' // void mode: the play forms words that are not valid
  | 'NOTHING_TO_EXCHANGE'
  | 'BAG_TOO_SMALL_TO_EXCHANGE'
  | 'NOTHING_TO_CHALLENGE' // C-01: no play open to challenge (or it is your own)
  | 'NO_CHALLENGES' // the rules check words automatically
  | 'FINAL_CHALLENGE_WINDOW' // E-06: only challenge or accept the last play
  | 'NOTHING_TO_ACCEPT'
  | 'NOT_CLAIMABLE'; // a game claimed from a seat that is not on turn (or not away, says the server)

/** A refused action: its code plus data about it. */
export interface GameError {
  readonly code: GameErrorCode;
  /** The square concerned (placement errors). */
  readonly square?: number;
  /** The tiles concerned (NOT_IN_RACK, LETTER_NOT_IN_SET). */
  readonly tiles?: readonly number[];
  /** The invalid words, as tiles, blanks flagged (INVALID_WORD). */
  readonly words?: readonly Word[];
  /** Extra numbers: bag size and minimum (BAG_TOO_SMALL_TO_EXCHANGE), expected version, … */
  readonly bag?: number;
  readonly needed?: number;
  readonly version?: number;
  readonly turn?: number;
}

// ── The lexicon's files and word lists (src/lexicon reports these; every layer imports the
// engine, so the codes live here and their sentences in src/play/errorText.ts). ──────────────

/** Why a compiled lexicon file could not be read. */
export type LexiconFileError =
  | { readonly code: 'EMPTY_FILE' }
  | { readonly code: 'BAD_MAGIC' }
  /** `version`: the file's; `expected`: the one this program reads. */
  | { readonly code: 'BAD_VERSION'; readonly version: number; readonly expected: number }
  | { readonly code: 'UNKNOWN_TILE_SET'; readonly tileSetId: string }
  | { readonly code: 'TRUNCATED'; readonly expected: number; readonly actual: number }
  | { readonly code: 'BAD_CHECKSUM' }
  | { readonly code: 'CORRUPT_NODES' };

/** Why a file a user named was not read (src/lexicon/inputFile.ts). */
export type InputFileError =
  | { readonly code: 'NOT_FOUND'; readonly path: string }
  | { readonly code: 'IS_DIRECTORY'; readonly path: string }
  /** A device, a pipe or a socket. */
  | { readonly code: 'NOT_REGULAR'; readonly path: string }
  /** Larger than `limit` bytes. */
  | { readonly code: 'TOO_LARGE'; readonly path: string; readonly limit: number }
  | { readonly code: 'NO_PERMISSION'; readonly path: string }
  /** `detail`: the system's error code. */
  | { readonly code: 'UNREADABLE'; readonly path: string; readonly detail: string };

/**
 * Why a lexicon or word list file could not be used, with its path; `defaultLexicon` when the
 * file is the default lexicon (which `npx atril lexicon build` makes).
 */
export type LexiconLoadError = (
  | InputFileError
  | { readonly code: 'NOT_TEXT'; readonly path: string }
  /** Text, but in Latin-1 or Windows-1252 (Ñ as the one byte 0xD1), not UTF-8. */
  | { readonly code: 'LATIN1'; readonly path: string }
  | { readonly code: 'NO_WORDS'; readonly path: string }
  | (LexiconFileError & { readonly path: string })
) & { readonly defaultLexicon?: boolean };

/** Why an entry of a word list was left out (D-05: words of `min` to `max` tiles). */
export type RejectReason =
  | { readonly code: 'TOO_SHORT'; readonly tiles: number; readonly min: number }
  | { readonly code: 'TOO_LONG'; readonly tiles: number; readonly max: number }
  | { readonly code: 'LETTER_NOT_IN_SET'; readonly letter: string }
  | { readonly code: 'NOT_A_LETTER'; readonly char: string };
