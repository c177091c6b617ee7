/**
 * Coded reasons an action is refused. An action that gets one of these changed nothing; the
 * clients turn the code (plus its data) into a Spanish sentence, e.g. with `errorMessage`.
 */
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
  | 'NOTHING_TO_ACCEPT';

/** A refused action: its code plus data about it. */
export interface GameError {
  readonly code: GameErrorCode;
  /** The square concerned (placement errors). */
  readonly square?: number;
  /** The tiles concerned (NOT_IN_RACK, LETTER_NOT_IN_SET). */
  readonly tiles?: readonly number[];
  /** The invalid words, as plain text (INVALID_WORD). */
  readonly words?: readonly string[];
  /** Extra numbers: bag size and minimum (BAG_TOO_SMALL_TO_EXCHANGE), expected version, … */
  readonly bag?: number;
  readonly needed?: number;
  readonly version?: number;
  readonly turn?: number;
}

const MESSAGES: Record<GameErrorCode, string> = {
  NO_TILES: 'No has colocado ninguna ficha.',
  OFF_BOARD: 'La jugada se sale del tablero.',
  SQUARE_OCCUPIED: 'Esa casilla ya está ocupada.',
  DUPLICATE_SQUARE: 'Hay dos fichas en la misma casilla.',
  BLANK_NOT_DESIGNATED: 'Falta decir qué letra es el comodín.',
  UNKNOWN_TILE: 'Esa ficha no existe en este juego.',
  NOT_IN_LINE: 'Las fichas deben ir en una sola fila o columna.',
  GAP: 'Las fichas deben formar una palabra seguida, sin huecos.',
  FIRST_NOT_CENTER: 'La primera jugada debe pasar por la casilla central.',
  FIRST_TOO_SHORT: 'La primera jugada necesita al menos dos fichas.',
  NOT_CONNECTED: 'La jugada debe tocar alguna ficha del tablero.',
  GAME_OVER: 'La partida ha terminado.',
  STALE_VERSION: 'La partida ha cambiado mientras tanto; vuelve a intentarlo.',
  BAD_SEAT: 'Ese asiento no existe.',
  BAD_ACTION: 'Acción no reconocida.',
  NOT_YOUR_TURN: 'No es tu turno.',
  NOT_IN_RACK: 'No tienes esas fichas en el atril.',
  LETTER_NOT_IN_SET: 'Esa letra no existe en el juego (no hay K ni W).',
  INVALID_WORD: 'La jugada forma palabras no válidas.',
  NOTHING_TO_EXCHANGE: 'Elige al menos una ficha para cambiar.',
  BAG_TOO_SMALL_TO_EXCHANGE: 'No quedan bastantes fichas en la bolsa para cambiar.',
  NOTHING_TO_CHALLENGE: 'No hay ninguna jugada que impugnar.',
  NO_CHALLENGES: 'En estas reglas las palabras se comprueban solas; no hay impugnaciones.',
  FINAL_CHALLENGE_WINDOW: 'La partida acaba: solo puedes impugnar la última jugada o aceptarla.',
  NOTHING_TO_ACCEPT: 'No hay ninguna jugada final que aceptar.',
};

/** A Spanish sentence for an error, with the invalid words when there are some. */
export function errorMessage(error: GameError): string {
  const base = MESSAGES[error.code] ?? 'Acción no válida.';
  if (error.code === 'INVALID_WORD' && error.words?.length)
    return `${base} ${error.words.length === 1 ? 'No vale' : 'No valen'}: ${error.words.join(', ')}.`;
  return base;
}
