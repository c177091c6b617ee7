/**
 * Every Spanish sentence for every coded error (DESIGN.md §2: the engine returns codes and
 * data, the clients turn them into sentences). The terminal, the CLI commands and the web client
 * all import this one module; each table is a `Record` over its code union, so a new code
 * without a sentence does not compile.
 */
import type {
  GameError,
  GameErrorCode,
  InputFileError,
  LexiconFileError,
  LexiconLoadError,
  RejectReason,
} from '../engine/errors.js';
import { squareName } from '../engine/notation/coords.js';
import type { CgpError } from '../engine/notation/cgp.js';
import type { GameFromGcgError } from '../engine/notation/gameRecord.js';
import type { GcgError, GcgErrorCode, GcgRecord } from '../engine/notation/gcg.js';
import type { PlacementErrorCode } from '../engine/placement.js';
import type { LastPlayError } from '../engine/notation/lastPlay.js';
import type {
  ImpossibleRecordReason,
  MismatchKind,
  ReplayError,
  ReplayMismatch,
  ReplayMove,
  ReplayWarning,
  WarningKind,
} from '../engine/notation/recordAudit.js';
import type { RulesError, RulesProblem, RulesProblemCode } from '../engine/rules.js';
import type { ServerErrorCode } from '../protocol/messages.js';
import type { StoredEventProblem, StoredGameError, StoredGameErrorCode } from '../engine/stored.js';
import { BLANK_FLAG, type TileSet, letterOf, tilesToWord } from '../engine/tiles.js';
import { tileText, tilesCount } from './speech.js';
import { echo } from './echo.js';
import {
  CLAIM_AFTER_TEXT,
  FINAL_WINDOW_LINE_TEXT,
  FINAL_WINDOW_TEXT,
  emptyPlaceText,
} from './messages.js';

const list = (words: readonly string[]): string => words.join(', ');

/** A table of sentences over every code of an error union, each reading that code's data. */
type Sentences<E extends { readonly code: string }> = {
  readonly [C in E['code']]: (e: Extract<E, { readonly code: C }>) => string;
};

// Looks the error's code up in its table (the cast is the one TypeScript cannot follow).
function say<E extends { readonly code: string }>(table: Sentences<E>, e: E): string {
  return (table[e.code as E['code']] as (e: E) => string)(e);
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Codes the interaction core raises itself, about what the player typed or pressed. */
export type CoreErrorCode =
  | 'UNKNOWN_COMMAND' // `text`: the word typed
  | 'NO_ARGUMENT' // `text`: a command word typed with words after it, which it does not take
  | 'BAD_COORD' // `text`: not a coordinate (8H across, H8 down)
  | 'BAD_SQUARE' // `text`: not a square (H8 or 8H: a square has no direction)
  | 'MISSING_WORD' // `text`: a coordinate typed alone
  | 'ALREADY_ON_BOARD' // `words[0]` is on the board at coordinate `text`: nothing to place
  | 'BAD_WORD_TEXT' // `text`: letters that are not tiles
  | 'WORDS_APART' // `text`: more than one word after the coordinate
  | 'THROUGH_MISMATCH' // `square` holds `tiles[0]`, not the letter typed
  | 'THROUGH_EMPTY' // `square` is empty: nothing to play through
  | 'NO_FREE_SQUARE' // no empty square left in the writing direction
  | 'NOT_WRITING' // placing tiles outside the writing modes
  | 'NO_SUCH_TILE' // no tile at that rack position
  | 'EMPTY_PLACE' // rack place `slot` is empty: its tile `tiles[0]` is on `square` this turn
  | 'NOT_AVAILABLE' // a command that does not apply now
  | 'NO_SUCH_LETTER' // `tiles[0]` is nowhere on the board
  | 'BAD_BLANK_LETTER' // `text`: not a letter for a blank
  | 'BAD_LINE' // `text`: not a row (1–15) or column (A–O)
  | 'AMBIGUOUS_DIGIT' // `text`: a symbol that is Shift+one of `digits`, by layout
  | 'AMBIGUOUS_DIGIT_AGAIN'; // the same, said before: the short form

/** Every code a client may have to say: the engine's refusals and the core's own. */
export type PlayErrorCode = GameErrorCode | CoreErrorCode;

/**
 * A coded error as the core says it: the engine's data (`square`, `tiles` as codes, `words`,
 * `bag` …) plus `text`, what the player typed.
 */
export interface PlayError extends Omit<GameError, 'code'> {
  readonly code: PlayErrorCode;
  readonly text?: string;
  /** NOT_IN_RACK: how many of `tiles[0]` the rack holds, when it holds fewer than `needed`. */
  readonly have?: number;
  /** NOT_IN_RACK from a Shift+letter: the rack position of a blank that could stand in. */
  readonly slot?: number;
  /**
   * NOT_IN_RACK of blanks read from the lower-case letters of a word typed in mixed case, by a
   * player who holds none.
   */
  readonly caseBlanks?: boolean;
  /** AMBIGUOUS_DIGIT: the digits the symbol may stand for. */
  readonly digits?: readonly number[];
  /**
   * The client takes lines only (a terminal's line mode): a sentence that says what to do next
   * names the commands, not keys it has not got (FINAL_CHALLENGE_WINDOW).
   */
  readonly linesOnly?: boolean;
}

// A small count in words, agreeing with a feminine noun (una A) or a masculine one (un comodín).
function countWord(n: number, feminine: boolean): string {
  const words = [
    'ninguna',
    feminine ? 'una' : 'un',
    'dos',
    'tres',
    'cuatro',
    'cinco',
    'seis',
    'siete',
  ];
  return words[n] ?? String(n);
}

// "la Z", "la CH", or "ningún comodín" for a blank (a code without its letter).
function tilePhrase(set: TileSet, code: number): string {
  const letter = letterOf(code);
  if (letter === 0 || code === BLANK_FLAG) return 'ningún comodín';
  return `la ${set.letters[letter - 1]?.label ?? '?'}`;
}

// What the rack lacks: counted when more than one is needed ("solo tienes una A").
function notInRack(e: PlayError, set: TileSet): string {
  const t = e.tiles?.[0];
  if (t === undefined) return 'No tienes esas fichas en el atril.';
  const blank = letterOf(t) === 0 || t === BLANK_FLAG;
  if (e.needed !== undefined && e.needed > 1) {
    const have = e.have ?? 0;
    if (blank)
      return have === 0
        ? `Necesitas ${countWord(e.needed, false)} comodines y no tienes ninguno.`
        : `Necesitas ${countWord(e.needed, false)} comodines y solo tienes ${have === 1 ? 'uno' : countWord(have, false)}.`;
    const label = set.letters[letterOf(t) - 1]?.label ?? '?';
    if (have > 0)
      return `Solo tienes ${countWord(have, true)} ${label} y hacen falta ${countWord(e.needed, true)}.`;
  }
  const base = `No tienes ${tilePhrase(set, t)} en el atril.`;
  return e.slot !== undefined
    ? `${base} El comodín se pone con Mayúsculas+${e.slot} (o Alt+${e.slot}).`
    : base;
}

const PLAY: Record<PlayErrorCode, (e: PlayError, set: TileSet) => string> = {
  NO_TILES: () => 'No has puesto ninguna ficha.',
  OFF_BOARD: () => 'La jugada se sale del tablero.',
  SQUARE_OCCUPIED: (e) =>
    e.square !== undefined
      ? `La casilla ${squareName(e.square)} ya está ocupada.`
      : 'Esa casilla ya está ocupada.',
  DUPLICATE_SQUARE: () => 'Hay dos fichas en la misma casilla.',
  BLANK_NOT_DESIGNATED: () => 'Falta decir qué letra es el comodín.',
  UNKNOWN_TILE: () => 'Esa ficha no existe en este juego.',
  NOT_IN_LINE: () => 'Las fichas no están en una sola fila ni en una sola columna.',
  GAP: (e) =>
    e.square !== undefined
      ? `Hay un hueco en ${squareName(e.square)}: las fichas deben formar una línea continua.`
      : 'Hay un hueco: las fichas deben formar una línea continua.',
  FIRST_NOT_CENTER: () => 'La primera jugada debe pasar por la casilla central, H8.',
  FIRST_TOO_SHORT: () => 'La primera jugada necesita al menos dos fichas.',
  NOT_CONNECTED: () => 'La jugada no toca ninguna ficha del tablero.',
  GAME_OVER: () => 'La partida ha terminado.',
  STALE_VERSION: () => 'La partida ha cambiado mientras tanto; vuelve a intentarlo.',
  BAD_SEAT: () => 'Ese asiento no existe.',
  BAD_ACTION: () => 'Acción no reconocida.',
  NOT_YOUR_TURN: () => 'No es tu turno.',
  NOT_CLAIMABLE: () =>
    `Solo puedes reclamar la partida cuando el jugador en turno lleva más de ${CLAIM_AFTER_TEXT} fuera de la mesa.`,
  NOT_IN_RACK: (e, set) => {
    const said = notInRack(e, set);
    // A slip on Shift reads as blanks: say why the blanks were asked for.
    return e.caseBlanks
      ? `${said} En una palabra con mayúsculas y minúsculas, las minúsculas son comodines.`
      : said;
  },
  LETTER_NOT_IN_SET: (e) =>
    e.text !== undefined
      ? `La letra ${e.text} no existe en el juego español.`
      : 'Esa letra no existe en el juego (no hay K ni W).',
  INVALID_WORD: (e, set) => {
    const w = (e.words ?? []).map((tiles) => tilesToWord(set, tiles));
    if (w.length === 0) return 'La jugada forma una palabra no válida.';
    return w.length === 1 ? `Palabra no válida: ${w[0]}.` : `Palabras no válidas: ${list(w)}.`;
  },
  NOTHING_TO_EXCHANGE: () => 'No has elegido ninguna ficha para cambiar.',
  BAG_TOO_SMALL_TO_EXCHANGE: (e) =>
    e.bag === undefined
      ? 'No se puede cambiar ahora.'
      : e.tiles !== undefined && e.bag > 0
        ? `Solo puedes cambiar hasta ${tilesCount(e.bag)}: ${e.bag === 1 ? 'queda' : 'quedan'} ${e.bag} en la bolsa.`
        : `No se puede cambiar: ${e.bag === 1 ? 'queda' : 'quedan'} ${tilesCount(e.bag)} en la bolsa.`,
  NOTHING_TO_CHALLENGE: () => 'No hay ninguna jugada que se pueda impugnar.',
  NO_CHALLENGES: () => 'Con estas reglas las palabras se comprueban solas: no hay impugnaciones.',
  FINAL_CHALLENGE_WINDOW: (e) => (e.linesOnly ? FINAL_WINDOW_LINE_TEXT : FINAL_WINDOW_TEXT),
  NOTHING_TO_ACCEPT: () => 'No hay ninguna jugada final que aceptar.',
  UNKNOWN_COMMAND: (e) =>
    `Orden desconocida: «${e.text ?? ''}». Escribe «ayuda» para ver las órdenes.`,
  NO_ARGUMENT: (e) =>
    `«${echo(e.text ?? '')}» no lleva nada detrás: escribe solo «${echo(e.text ?? '')}».`,
  BAD_COORD: (e) =>
    `Coordenada no válida: «${e.text ?? ''}». Ejemplos: 8H (horizontal), H8 (vertical).`,
  BAD_SQUARE: (e) =>
    `Casilla no válida: «${e.text ?? ''}». Escribe su columna (A a O) y su fila (1 a 15), como H8 u 8H.`,
  MISSING_WORD: (e) =>
    `Falta la palabra tras «${e.text ?? ''}»: escribe la coordenada y la palabra, por ejemplo «${e.text ?? ''} casa».`,
  ALREADY_ON_BOARD: (e, set) => {
    const w = e.words?.[0];
    const where = e.text !== undefined ? ` en ${e.text}` : '';
    return w
      ? `${tilesToWord(set, w)} ya está en el tablero${where}: no pones ninguna ficha.`
      : 'Esa palabra ya está en el tablero: no pones ninguna ficha.';
  },
  BAD_WORD_TEXT: (e) => `No entiendo las letras «${e.text ?? ''}».`,
  WORDS_APART: (e) =>
    `Escribe una sola palabra tras la coordenada, sin espacios: «${e.text ?? ''}» son varias.`,
  THROUGH_MISMATCH: (e, set) => {
    const t = e.tiles?.[0];
    const sq = e.square !== undefined ? squareName(e.square) : '';
    const there = t !== undefined ? `la ${tileText(set, t).toUpperCase()}` : 'otra ficha';
    return `En ${sq} está ${there}: la palabra no encaja.`;
  },
  THROUGH_EMPTY: (e) =>
    `${e.square !== undefined ? squareName(e.square) : 'Esa casilla'} está vacía: ahí no hay ninguna ficha que aprovechar.`,
  NO_FREE_SQUARE: () => 'No queda ninguna casilla libre en esa dirección.',
  NOT_WRITING: () => 'Para poner fichas entra en escritura horizontal (H) o vertical (V).',
  BAD_LINE: (e) => `«${e.text ?? ''}» no es una fila (1 a 15) ni una columna (A a O).`,
  AMBIGUOUS_DIGIT: (e) =>
    `«${e.text ?? ''}» es ${(e.digits ?? []).map((d) => `Mayúsculas+${d}`).join(' o ')} según el teclado, y este terminal no ve la tecla: usa Alt y el número (Alt+1 a Alt+9).`,
  AMBIGUOUS_DIGIT_AGAIN: (e) => `«${e.text ?? ''}»: usa Alt y el número.`,
  NO_SUCH_TILE: () => 'No hay ficha en esa posición del atril.',
  EMPTY_PLACE: (e, set) =>
    e.slot !== undefined && e.tiles?.[0] !== undefined && e.square !== undefined
      ? emptyPlaceText(set, e.slot, e.tiles[0], e.square)
      : 'Esa posición del atril está vacía: su ficha está en el tablero.',
  NOT_AVAILABLE: () => 'Esa orden no está disponible ahora.',
  NO_SUCH_LETTER: (e, set) => {
    const t = e.tiles?.[0];
    return `No hay ninguna ${t !== undefined ? (set.letters[letterOf(t) - 1]?.label ?? '') : ''} en el tablero.`;
  },
  BAD_BLANK_LETTER: (e) =>
    `«${e.text ?? ''}» no es una letra. El comodín puede ser cualquiera de las 28.`,
};

/**
 * The sentence for an error a client shows the player: an action the engine refused (`apply`,
 * placement rules) or something the core could not read. `set` names the tiles in the data.
 */
export function playErrorText(e: PlayError, set: TileSet): string {
  return PLAY[e.code](e, set);
}

/** Every code `playErrorText` has a sentence for (tests check each). */
export const PLAY_ERROR_CODES = Object.keys(PLAY) as PlayErrorCode[];

const RULES_PROBLEMS: Record<RulesProblemCode, (p: RulesProblem) => string> = {
  MISSING_FIELD: (p) => `falta «${p.field}»`,
  UNKNOWN_FIELD: (p) => `«${p.field}» no es ninguna regla`,
  WRONG_TYPE: (p) =>
    `«${p.field}» debe ser ${p.expected === 'object' ? 'un objeto' : 'un número entero'}${
      p.nullable ? ' o null (regla desactivada)' : ''
    }, no ${p.value}`,
  OUT_OF_RANGE: (p) => `«${p.field}» debe estar entre ${p.min} y ${p.max}, no ${p.value}`,
  NOT_ALLOWED: (p) => `«${p.field}» debe ser ${list(p.allowed ?? [])}; no ${p.value}`,
};

/** One invalid field of a rules object: "«bingoBonus» debe ser un número entero, no "7"". */
function rulesProblemText(p: RulesProblem): string {
  return RULES_PROBLEMS[p.code](p);
}

/** Why rules (a `#atril-rules` pragma, a preset name, a stored game's rules) are not valid. */
export function rulesErrorText(e: RulesError): string {
  switch (e.code) {
    case 'NOT_AN_OBJECT':
      return `Las reglas deben ser un objeto JSON, no ${e.value}.`;
    case 'UNKNOWN_PRESET':
      return `Reglas desconocidas: «${e.value}». Reglas: ${list(e.allowed)}.`;
    case 'INVALID_RULES':
      return `Reglas no válidas: ${e.problems.map(rulesProblemText).join('; ')}.`;
  }
}

const CGP: Sentences<CgpError> = {
  MISSING_FIELDS: () =>
    'faltan campos; van separados por espacios: tablero, atriles, puntuaciones y turnos sin puntos',
  BAD_ROW_COUNT: (e) =>
    `el tablero tiene ${plural(e.rows, 'fila', 'filas')} y debe tener 15, separadas por «/»`,
  BAD_BOARD: (e) => `la fila ${e.row} («${echo(e.text)}») no tiene 15 casillas`,
  UNKNOWN_TILE: (e) =>
    `«${echo(e.text)}» no es una ficha del juego${e.row !== undefined ? ` (fila ${e.row})` : ''}${
      e.rack !== undefined ? ` (atril ${e.rack})` : ''
    }`,
  BLANK_IN_RACK: (e) =>
    `«${echo(e.text)}» (atril ${e.rack}): en un atril, el comodín se escribe «?» (las minúsculas son comodines ya jugados en el tablero)`,
  RACK_TOO_LONG: (e) =>
    `el atril ${e.rack} tiene ${e.tiles} fichas y ninguno puede tener más de ${e.max}`,
  BAD_SCORE: (e) => `la puntuación «${echo(e.text)}» no es un número entero`,
  PLAYER_COUNT: (e) =>
    `hay ${plural(e.players, 'atril', 'atriles')} y hacen falta de 2 a 4 jugadores, separados por «/»`,
  RACKS_SCORES_MISMATCH: (e) =>
    `hay ${plural(e.racks, 'atril', 'atriles')} y ${plural(e.scores, 'puntuación', 'puntuaciones')}; debe haber una por jugador`,
  BAD_ZERO_TURNS: (e) => `los turnos sin puntos («${echo(e.text)}») deben ser un número entero ≥ 0`,
  UNKNOWN_TILE_DISTRIBUTION: (e) =>
    `«ld ${echo(e.text)}» nombra un juego de fichas que Atril no tiene`,
  TOO_MANY_TILES: (e) =>
    e.text === '?'
      ? 'hay más comodines (minúsculas en el tablero, «?» en los atriles) de los que tiene el juego'
      : `hay más fichas ${echo(e.text)} en el tablero y los atriles de las que tiene el juego`,
};

/** What is wrong with a CGP position: "La posición CGP no es válida: …". */
export function cgpErrorText(e: CgpError): string {
  return `La posición CGP no es válida: ${say(CGP, e)}.`;
}

// ── Game records: reading GCG, replaying it (`atril replay`), rebuilding a saved game ──────

const GCG: Record<GcgErrorCode, (e: GcgError) => string> = {
  INVALID_UTF8: () => 'el archivo dice estar en UTF-8, pero esta línea no es UTF-8 válido.',
  UNSUPPORTED_ENCODING: (e) =>
    `la codificación «${echo(e.text ?? '')}» no está admitida (solo UTF-8 o ISO-8859-1).`,
  ENCODING_NOT_FIRST: () => '#character-encoding solo puede ir en la primera línea.',
  BAD_LINE: (e) =>
    `no es un pragma (#…), ni una jugada (>…), ni la continuación de una nota: «${echo(e.text ?? '')}».`,
  BAD_EVENT: (e) => `no se entiende esta línea de jugada: «${echo(e.text ?? '')}».`,
  BAD_PLAYER: (e) =>
    `declaración de jugador mal escrita: «${echo(e.text ?? '')}» (se espera «#player1 APODO Nombre»).`,
  DUPLICATE_PLAYER: (e) => `el jugador «${echo(e.text ?? '')}» está declarado dos veces.`,
  EMPTY_FILE: () => 'el archivo está vacío: no tiene ninguna línea de partida.',
  TOO_FEW_PLAYERS: () =>
    'faltan jugadores: hacen falta #player1 y #player2 (y #player3, #player4 sin saltos).',
  UNKNOWN_PLAYER: (e) =>
    `el jugador «${echo(e.text ?? '')}» no está declarado con #player1…#player4.`,
  UNKNOWN_TILE_DISTRIBUTION: (e) =>
    `Atril no conoce el juego de fichas «${echo(e.text ?? '')}» (conoce: español, inglés, alemán y polaco).`,
  UNKNOWN_TILE: (e) => `«${echo(e.text ?? '')}» no es una ficha de este juego.`,
};

// Codes whose sentence names no line: the file as a whole is wrong.
const WHOLE_FILE: readonly GcgErrorCode[] = [
  'EMPTY_FILE',
  'TOO_FEW_PLAYERS',
  'UNKNOWN_TILE_DISTRIBUTION',
];

/** A GCG file that cannot be read: "línea 3: no se entiende esta línea de jugada: «…»." */
export function gcgErrorText(e: GcgError): string {
  const at = e.line !== undefined && !WHOLE_FILE.includes(e.code) ? `línea ${e.line}: ` : '';
  return at + GCG[e.code](e);
}

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

const MISMATCH: Record<
  MismatchKind,
  (m: ReplayMismatch, move: ReplayMove, nick: (p: number) => string) => string
> = {
  SCORE: (m, move) => {
    if (move.kind === 'pass' || move.kind === 'exchange')
      return `${move.kind === 'pass' ? 'un pase' : 'un cambio'} vale 0 puntos y consta como ${signed(Number(m.stated))}`;
    if (move.kind === 'rackPenalty')
      return `el descuento de las fichas propias ${move.word} consta como ${m.stated}, pero esas fichas valen ${-Number(m.computed)}`;
    return `${move.coord} ${move.word} consta como ${signed(Number(m.stated))}, pero vale ${m.computed}`;
  },
  TOTAL: (m, move, nick) =>
    `el total de ${nick(move.player)} consta como ${m.stated}, pero el recalculado es ${m.computed} (y tampoco es el total anterior más la puntuación anotada)`,
  WITHDRAW_PLAYER: (m) =>
    `la retirada («--») la anota ${m.stated}, pero la última jugada es de ${m.computed}`,
  WITHDRAW_AMOUNT: (m) =>
    `la retirada anota ${signed(Number(m.stated))}, pero la jugada retirada constaba con ${-Number(m.computed)} puntos`,
  NOTHING_TO_WITHDRAW: () => 'retirada («--») sin ninguna jugada que retirar',
  CHALLENGE_PLAYER: (m) =>
    m.computed
      ? `la bonificación por impugnación es para ${m.stated}, pero la última jugada es de ${m.computed}`
      : `bonificación por impugnación para ${m.stated} sin ninguna jugada en pie`,
  END_PENALTY_EXTRA: (m) =>
    `quien salió ya sumó el doble de las fichas sobrantes; restarlas además en esta línea (${signed(Number(m.stated))}) las cuenta dos veces`,
  END_RACK: (m, move) =>
    `las fichas sobrantes ${move.word} constan como ${signed(Number(m.stated))}, que no es ni su valor ni el doble; se esperaba ${signed(Number(m.computed))}`,
  END_PENALTY_MISSING: (m, move) =>
    `se suman una sola vez las fichas sobrantes ${move.word}, pero falta la línea en que ${m.stated} las resta (${m.computed})`,
};

/** What disagrees on a replayed line, as `atril replay` reports it (no final stop). */
export function mismatchText(m: ReplayMismatch, move: ReplayMove, record: GcgRecord): string {
  return MISMATCH[m.kind](m, move, (p) => record.players[p]!.nick);
}

const PRAGMA_FAULTS: Record<NonNullable<ReplayWarning['fault']>, string> = {
  NO_SUCH_PLAYER: 'no nombra a ningún jugador de la partida (se escribe el número de su #player)',
  CLAIMS_OWN: 'nombra como quien reclama al mismo jugador que pierde la partida',
  NO_RESIGNATION: 'reclama la partida sin un #atril-resign válido que diga quién la pierde',
};

const WARNING: Record<WarningKind, (w: ReplayWarning) => string> = {
  RACK_LACKS_TILES: (w) => `el atril anotado no tiene ${w.tiles ?? ''}.`,
  BAD_PLAYER_PRAGMA: (w) =>
    `«${echo(w.pragma ?? '')}» ${PRAGMA_FAULTS[w.fault ?? 'NO_SUCH_PLAYER']}: se pasa por alto.`,
};

/** An oddity of a record that does not change its scores: "Aviso, línea 12: …" ("Aviso: …" for a pragma). */
export function replayWarningText(w: ReplayWarning): string {
  // A pragma is about the whole record, not one of its turns.
  if (w.pragma !== undefined) return `Aviso: ${WARNING[w.kind](w)}`;
  const where = w.line != null ? `línea ${w.line}` : `turno ${w.turn}`;
  return `Aviso, ${where}: ${WARNING[w.kind](w)}`;
}

const PLACEMENT_REASONS: Record<PlacementErrorCode, (sq: string) => string> = {
  NO_TILES: () => 'no pone ninguna ficha',
  OFF_BOARD: () => 'se sale del tablero',
  SQUARE_OCCUPIED: (sq) => `pone una ficha en ${sq}, que ya está ocupada`,
  DUPLICATE_SQUARE: (sq) => `pone dos fichas en ${sq}`,
  BLANK_NOT_DESIGNATED: (sq) => `deja sin letra el comodín de ${sq}`,
  UNKNOWN_TILE: (sq) => `pone en ${sq} una ficha que no existe en este juego`,
  NOT_IN_LINE: () => 'no está en una sola fila o columna',
  GAP: (sq) => `pasa por ${sq}, que está vacía`,
  FIRST_NOT_CENTER: () => 'es la primera jugada y no pasa por la casilla central H8',
  FIRST_TOO_SHORT: () => 'es la primera jugada y pone una sola ficha',
  NOT_CONNECTED: () => 'no toca ninguna ficha del tablero',
};

const tiles = (n: number): string => plural(n, 'ficha', 'fichas');

// Why a record cannot describe a real game.
const IMPOSSIBLE: Record<ImpossibleRecordReason, (e: ReplayError) => string> = {
  TOO_MANY_TILES: (e) =>
    `hay más fichas ${e.tiles} (en el tablero y en el atril anotado) de las que tiene el juego`,
  RACK_OVERFLOW: (e) =>
    `usa ${tiles(e.count ?? 0)}, pero en el atril solo puede haber ${e.held ?? 0}`,
  RACK_TOO_LONG: (e) =>
    `el atril anotado tiene ${tiles(e.count ?? 0)}, pero en el atril solo puede haber ${e.held ?? 0}`,
  EXCHANGE_BAG_TOO_SMALL: (e) =>
    `un cambio con ${tiles(e.bag ?? 0)} en la bolsa; hacen falta al menos ${e.needed ?? 0}`,
  MOVE_AFTER_END: () =>
    'una jugada después de que la partida terminara (un jugador se quedó sin fichas con la bolsa vacía, o llegó a la puntuación final)',
  EARLY_RACK_PENALTY: (e) =>
    `se restan las fichas propias tras ${e.count === 1 ? '1 turno' : `${e.count ?? 0} turnos`} sin puntuar, y ninguna regla termina la partida antes de ${e.needed ?? 0}`,
};

const where = (e: ReplayError): string =>
  e.line != null ? `línea ${e.line} (turno ${e.turn})` : `turno ${e.turn}`;

const REPLAY: Record<ReplayError['code'], (e: ReplayError) => string> = {
  UNKNOWN_TILE_SET: () => 'Atril no conoce el juego de fichas de la partida.',
  UNSUPPORTED_BOARD: (e) =>
    `la partida es en otro tablero («${echo(e.text ?? '')}»); Atril solo reproduce el tablero estándar de 15×15.`,
  BAD_RULES: (e) =>
    `las reglas de la partida (#atril-rules) no valen. ${e.rules ? rulesErrorText(e.rules) : ''}`,
  IMPOSSIBLE_RECORD: (e) =>
    `${where(e)}: partida imposible: ${e.impossible ? IMPOSSIBLE[e.impossible](e) : 'no se puede haber jugado'}.`,
  IMPOSSIBLE_MOVE: (e) => {
    const sq = e.square !== undefined ? squareName(e.square) : '?';
    const why = e.reason ? PLACEMENT_REASONS[e.reason](sq) : 'no se puede colocar';
    return `${where(e)}: jugada imposible: ${why}.`;
  },
};

/**
 * Why the opponent's last placement named with `atril best --ultima` does not fit the
 * position: "--ultima: en H8 hay A, no E."
 */
export function lastPlayErrorText(e: LastPlayError, set: TileSet): string {
  const why = ((): string => {
    switch (e.code) {
      case 'FORMAT':
        return `se espera la coordenada y la palabra, como «8H CA.A», o un cambio, como «-3», no «${echo(e.text)}»`;
      case 'COORD':
        return `«${echo(e.text)}» no es una coordenada (8H para horizontal, H8 para vertical)`;
      case 'TILE':
        return `«${echo(e.text)}» no es una ficha de este juego`;
      case 'OFF_BOARD':
        return 'la palabra se sale del tablero';
      case 'EXCHANGE_COUNT':
        return `«${echo(e.text)}» no es un cambio: se cambian de 1 a ${e.rackSize} fichas («-3» o «-ABC»)`;
      case 'NO_TILES':
        return 'la palabra no pone ninguna ficha (un «.» es una ficha que ya estaba)';
      case 'EMPTY_SQUARE':
        return `${squareName(e.square)} está vacía: la jugada tiene que estar ya en el tablero`;
      case 'OTHER_TILE':
        return `en ${squareName(e.square)} hay ${tileText(set, e.found)}, no ${tileText(set, e.named)}`;
      case 'PLACEMENT':
        return `sin sus fichas la jugada ${PLACEMENT_REASONS[e.reason](e.square !== undefined ? squareName(e.square) : '?')}`;
    }
  })();
  return `--ultima: ${why}.`;
}

/** A record that cannot be replayed at all (`atril replay`). */
export function replayErrorText(e: ReplayError): string {
  return REPLAY[e.code](e);
}

const FROM_GCG: Sentences<GameFromGcgError> = {
  NOT_AN_ATRIL_RECORD: () =>
    'no es una partida guardada por Atril (faltan las reglas y la semilla).',
  BAD_RULES_PRAGMA: (e) => rulesErrorText(e.error),
  BAD_SEED_PRAGMA: (e) => `la semilla guardada (#atril-seed) no es válida: ${e.value}.`,
  ACTION_REFUSED: (e) => `la jugada ${e.event + 1} no encaja.`,
};

/**
 * A saved game (`atril play --cargar`) that cannot be rebuilt, after the file's name:
 * "«partida.gcg» no es una partida guardada por Atril …", "«partida.gcg»: Reglas no válidas: …".
 */
export function gameFromGcgErrorText(file: string, e: GameFromGcgError): string {
  const text = say(FROM_GCG, e);
  if (e.code === 'NOT_AN_ATRIL_RECORD') return `«${file}» ${text}`;
  if (e.code === 'ACTION_REFUSED') return `«${file}» no se puede reconstruir: ${text}`;
  return `«${file}»: ${text}`;
}

// ── Stored games (the server's database, the wire) ─────────────────────────────────────────

const EVENT_PROBLEMS: Record<
  StoredEventProblem,
  (e: Extract<StoredGameError, { code: 'BAD_EVENT' }>) => string
> = {
  NOT_AN_OBJECT: (e) => `no es un objeto JSON (${e.value})`,
  UNKNOWN_KIND: (e) => `«kind» no es ningún tipo de suceso (${e.value})`,
  MISSING_FIELD: (e) => `falta «${e.field}»`,
  UNKNOWN_FIELD: (e) => `«${e.field}» no es ningún campo de este suceso`,
  WRONG_TYPE: (e) => `«${e.field}» no tiene el tipo debido (${e.value})`,
  BAD_TILE: (e) => `«${e.field}» no es una ficha de este juego (${e.value})`,
  BAD_SEAT: (e) => `«${e.field}» no es ningún asiento de la partida (${e.value})`,
};

const STORED: { [C in StoredGameErrorCode]: (e: Extract<StoredGameError, { code: C }>, set: TileSet) => string } = {
  BAD_SETUP: (e) => `La partida guardada no es un objeto JSON: ${e.value}.`,
  BAD_RULES: (e) => rulesErrorText(e.error),
  BAD_SEED: (e) => `La semilla guardada no es válida: ${e.value}.`,
  BAD_PLAYERS: (e) => `Una partida tiene de 2 a 4 jugadores, no ${e.value}.`,
  NOT_A_LIST: (e) => `Los sucesos guardados no son una lista JSON: ${e.value}.`,
  NO_START: () => 'La lista de sucesos no empieza por el reparto inicial.',
  BAD_EVENT: (e) => `El suceso ${e.index + 1} está mal formado: ${EVENT_PROBLEMS[e.problem](e)}.`,
  ACTION_REFUSED: (e, set) =>
    `El suceso ${e.index + 1} no es una jugada admitida: ${playErrorText(e.error, set)}`,
  EVENT_MISMATCH: (e) =>
    `El suceso ${e.index + 1} no es lo que su jugada produce: difiere en «${e.field}».`,
  MISSING_EVENT: (e) =>
    `Falta el suceso ${e.index + 1}, que la última jugada produce (el final de la partida, por ejemplo).`,
  EVENT_AFTER_END: (e) => `El suceso ${e.index + 1} viene después del final de la partida.`,
}; // prettier-ignore

/**
 * Why a stored game (`replayStored`) cannot be rebuilt; `set` is the game's tile set, which
 * names the tiles of a refused action.
 */
export function storedGameErrorText(e: StoredGameError, set: TileSet): string {
  return (STORED[e.code] as (e: StoredGameError, set: TileSet) => string)(e, set);
}

// ── Lexicon files and word lists ───────────────────────────────────────────────────────────

const LEXICON_FILE: Sentences<LexiconFileError> = {
  EMPTY_FILE: () => 'el archivo de léxico está vacío',
  BAD_MAGIC: () =>
    'no es un archivo de léxico de Atril (la cabecera no empieza por ATRILKWG); si es una lista de palabras, compílala antes con «atril lexicon build»',
  BAD_VERSION: (e) =>
    `el archivo de léxico tiene la versión de formato ${e.version} y esta versión de Atril lee la ${e.expected}; vuelve a compilarlo con «atril lexicon build»`,
  UNKNOWN_TILE_SET: (e) =>
    `el archivo de léxico es para un juego de fichas desconocido («${e.tileSetId}»)`,
  TRUNCATED: (e) =>
    `el archivo de léxico está incompleto o dañado (mide ${e.actual} bytes y debería medir ${e.expected})`,
  BAD_CHECKSUM: () =>
    'el archivo de léxico está dañado (la suma de control no coincide); vuelve a compilarlo',
  CORRUPT_NODES: () =>
    'el archivo de léxico está dañado (un enlace apunta fuera del grafo); vuelve a compilarlo',
};

const mib = (n: number): string => `${Math.round(n / (1024 * 1024))} MiB`;

const INPUT_FILE: Sentences<InputFileError> = {
  NOT_FOUND: (e) => `No existe el archivo «${e.path}».`,
  IS_DIRECTORY: (e) => `«${e.path}» es una carpeta, no un archivo.`,
  NOT_REGULAR: (e) =>
    `«${e.path}» no es un archivo normal (¿un dispositivo, una tubería o un socket?); indica un archivo.`,
  TOO_LARGE: (e) => `«${e.path}» es demasiado grande: el límite es ${mib(e.limit)}.`,
  NO_PERMISSION: (e) => `No hay permiso para leer «${e.path}».`,
  UNREADABLE: (e) => `No se puede leer «${e.path}» (${e.detail}).`,
};

/** Why a file the user named was not read, naming it as the user wrote it. */
export function inputFileErrorText(e: InputFileError): string {
  return say(INPUT_FILE, e);
}

const LEXICON_LOAD: Sentences<LexiconLoadError> = {
  NOT_FOUND: (e) => say(INPUT_FILE, e),
  IS_DIRECTORY: (e) => say(INPUT_FILE, e),
  NOT_REGULAR: (e) => say(INPUT_FILE, e),
  TOO_LARGE: (e) => say(INPUT_FILE, e),
  NO_PERMISSION: (e) => say(INPUT_FILE, e),
  UNREADABLE: (e) => say(INPUT_FILE, e),
  NOT_TEXT: (e) => `«${e.path}» no es un archivo de texto UTF-8 (¿es un archivo binario?).`,
  LATIN1: (e) => `«${e.path}» no está en UTF-8 (parece Latin-1): guárdalo como UTF-8.`,
  NO_WORDS: (e) => `«${e.path}» no contiene ninguna palabra.`,
  EMPTY_FILE: (e) => `«${e.path}»: ${say(LEXICON_FILE, e)}.`,
  BAD_MAGIC: (e) => `«${e.path}»: ${say(LEXICON_FILE, e)}.`,
  BAD_VERSION: (e) => `«${e.path}»: ${say(LEXICON_FILE, e)}.`,
  UNKNOWN_TILE_SET: (e) => `«${e.path}»: ${say(LEXICON_FILE, e)}.`,
  TRUNCATED: (e) => `«${e.path}»: ${say(LEXICON_FILE, e)}.`,
  BAD_CHECKSUM: (e) => `«${e.path}»: ${say(LEXICON_FILE, e)}.`,
  CORRUPT_NODES: (e) => `«${e.path}»: ${say(LEXICON_FILE, e)}.`,
};

/** Why a lexicon or word list file cannot be used, naming the file (and how to rebuild it). */
export function lexiconLoadErrorText(e: LexiconLoadError): string {
  const text = say(LEXICON_LOAD, e);
  if (!e.defaultLexicon) return text;
  return e.code === 'NOT_FOUND'
    ? `${text} El léxico por defecto se genera al instalar; genéralo con «npx atril lexicon build».`
    : `${text} Vuelve a generarlo con «npx atril lexicon build».`;
}

// How a character is named: "un espacio", "la cifra «3»", "el signo «!»".
function describeChar(ch: string): string {
  if (ch === ' ') return 'un espacio';
  if (ch === '\t') return 'un tabulador';
  if (ch === '-' || ch === '‐' || ch === '–') return 'un guion';
  if (/^\p{Nd}$/u.test(ch)) return `la cifra «${ch}»`;
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || ch === '\ufffd')
    return `un carácter de control (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`;
  return `el signo «${ch}»`;
}

const REJECT: Sentences<RejectReason> = {
  TOO_SHORT: (r) => `demasiado corta (${plural(r.tiles, 'ficha', 'fichas')}; mínimo ${r.min})`,
  TOO_LONG: (r) => `demasiado larga (${plural(r.tiles, 'ficha', 'fichas')}; máximo ${r.max})`,
  LETTER_NOT_IN_SET: (r) => `lleva la letra ${r.letter}, que no existe en este juego de fichas`,
  NOT_A_LETTER: (r) => `contiene ${describeChar(r.char)}, que no es una letra`,
};

/** Why a word was left out of a word list, after the word: "demasiado corta (1 ficha; mínimo 2)". */
export function rejectReasonText(r: RejectReason): string {
  return say(REJECT, r);
}

const REJECT_TITLE: Record<RejectReason['code'], (min: number, max: number) => string> = {
  TOO_SHORT: (min) => `menos de ${min} fichas`,
  TOO_LONG: (_, max) => `más de ${max} fichas`,
  LETTER_NOT_IN_SET: () => 'letras que no están en el juego de fichas (K, W…)',
  NOT_A_LETTER: () => 'signos que no son letras (cifras, guiones, espacios…)',
};

/** The heading of a group of rejected words, for words of `min` to `max` tiles (D-05). */
export function rejectTitleText(code: RejectReason['code'], min: number, max: number): string {
  return REJECT_TITLE[code](min, max);
}

/** An `error` frame from the server as a client receives it: a code and its data. */
export interface ServerError {
  readonly code: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

// The frame's data comes over the network: read each field only when it has the right type.
const numberIn = (e: ServerError, key: string): number | undefined => {
  const v = e.data?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};
const seatIn = (e: ServerError): string => {
  const seat = numberIn(e, 'seat');
  return seat === undefined ? 'Ese asiento' : `El asiento ${seat + 1}`;
};

/**
 * Codes a client of a server may have to say besides the engine's: the server's own
 * (protocol/messages.ts) and the client's: no connection to send on (OFFLINE), the link cut
 * before the answer (CONNECTION_LOST), no server at the address (UNREACHABLE).
 */
export type OnlineErrorCode = ServerErrorCode | 'OFFLINE' | 'CONNECTION_LOST' | 'UNREACHABLE';

const SERVER: Record<OnlineErrorCode, (e: ServerError) => string> = {
  BAD_JSON: () => 'El servidor no ha entendido el mensaje: no es JSON.',
  BAD_MESSAGE: () => 'El servidor no ha entendido el mensaje.',
  HELLO_FIRST: () => 'La conexión debe empezar con el saludo; el servidor la ha cerrado.',
  PROTOCOL_MISMATCH: (e) => {
    const expected = numberIn(e, 'expected');
    return expected === undefined
      ? 'Este programa y el servidor hablan versiones distintas del protocolo; actualiza Atril.'
      : `El servidor habla la versión ${expected} del protocolo y este programa otra; actualiza Atril.`;
  },
  ALREADY_WELCOMED: () => 'Ya te habías presentado en esta conexión.',
  UNKNOWN_PLAYER: () =>
    'El servidor no conoce tu identidad guardada (quizá empezó con otra base de datos).',
  TOO_MANY_NEW_PLAYERS: (e) => {
    const minutes = numberIn(e, 'retryMinutes');
    const when =
      minutes === undefined
        ? 'dentro de un rato'
        : minutes === 1
          ? 'dentro de un minuto'
          : `dentro de ${minutes} minutos`;
    return `Desde tu conexión se han creado muchos jugadores nuevos en poco tiempo; el servidor no crea más por ahora. Vuelve a intentarlo ${when}.`;
  },
  INVALID_RULES: (e) => {
    const problems = e.data?.['problems'];
    return Array.isArray(problems)
      ? rulesErrorText({ code: 'INVALID_RULES', problems: problems as RulesProblem[] })
      : 'Las reglas elegidas no son válidas.';
  },
  UNKNOWN_LEXICON: (e) => {
    const allowed = e.data?.['allowed'];
    const names = Array.isArray(allowed) ? allowed.filter((a) => typeof a === 'string') : [];
    return names.length > 0
      ? `El servidor no tiene ese léxico. Tiene: ${list(names)}.`
      : 'El servidor no tiene ese léxico.';
  },
  NO_SUCH_GAME: () => 'No existe esa partida.',
  BAD_SEAT_TOKEN: () => 'Esa invitación no vale para esta partida.',
  SEAT_TAKEN: (e) => `${seatIn(e)} ya lo ocupa otra persona.`,
  SEAT_NOT_OPEN: (e) => `${seatIn(e)} no está libre: es de un robot o necesita invitación.`,
  ALREADY_SEATED: (e) => {
    const seat = numberIn(e, 'seat');
    const yours = seat === undefined ? 'un asiento' : `el asiento ${seat + 1}`;
    return `Ya ocupas ${yours} de esta partida y solo se puede ocupar uno: el otro queda libre para quien vaya a jugarlo.`;
  },
  TOO_MANY_GAMES: (e) => {
    const limit = numberIn(e, 'limit');
    const how = limit === undefined ? 'demasiadas partidas' : plural(limit, 'partida', 'partidas');
    return `Ya tienes ${how} sin terminar contra el ordenador: acaba o abandona alguna antes de empezar otra.`;
  },
  NOT_IN_GAME: () => 'No estás en esa partida; entra en ella primero.',
  NOT_SEATED: () => 'No tienes asiento en esta partida: solo puedes mirarla.',
  GAME_NOT_OVER: () => 'La partida aún no ha terminado.',
  CHAT_TOO_FAST: (e) => {
    const ms = numberIn(e, 'retryMs');
    if (ms === undefined) return 'Demasiados mensajes seguidos en el chat; espera un poco.';
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return `Demasiados mensajes seguidos en el chat; espera ${plural(seconds, 'segundo', 'segundos')}.`;
  },
  RATE_LIMITED: () => 'Demasiados mensajes seguidos; espera un momento.',
  SERVER_ERROR: () =>
    'Algo ha fallado en el servidor y no se ha cambiado nada; vuelve a intentarlo.',
  OFFLINE: () =>
    'No hay conexión con el servidor: la orden no se ha enviado. Atril está volviendo a conectar.',
  CONNECTION_LOST: () =>
    'Se cortó la conexión antes de la respuesta del servidor: al volver verás si la orden llegó.',
  UNREACHABLE: (e) => {
    const server = e.data?.['server'];
    return `No se puede conectar con el servidor${typeof server === 'string' ? ` «${echo(server)}»` : ''}: comprueba la dirección y que esté en marcha.`;
  },
};

/**
 * The sentence for an `error` frame: the server's own codes (SERVER_ERROR_CODES), or an
 * engine's refusal of an action (NOT_YOUR_TURN, INVALID_WORD …, with its data) worded as the
 * local game words it. A code this client does not know yet still gets a sentence.
 */
export function serverErrorText(e: ServerError, set?: TileSet): string {
  if (Object.hasOwn(SERVER, e.code)) return SERVER[e.code as OnlineErrorCode](e);
  if (set && Object.hasOwn(PLAY, e.code))
    return playErrorText({ ...e.data, code: e.code as PlayErrorCode } as PlayError, set);
  return 'El servidor ha rechazado la orden.';
}

/**
 * serverErrorText for a code and its data apart, as the connection reports them (with `set`
 * to name tiles in an engine's refusal).
 */
export function onlineErrorText(
  code: string,
  data: Readonly<Record<string, unknown>> = {},
  set?: TileSet,
): string {
  return serverErrorText({ code, data }, set);
}

/** Why the post-game review could not be had: the server's codes for that request, said for it. */
const REVIEW: Readonly<Record<string, string>> = {
  GAME_NOT_OVER: 'La revisión estará disponible cuando termine la partida.',
  UNKNOWN_PLAYER: 'El servidor no te reconoce: vuelve a la entrada y entra de nuevo.',
  NO_SUCH_GAME: 'El servidor no tiene esta partida.',
  SERVER_ERROR:
    'El servidor está muy ocupado y no ha podido preparar la revisión; prueba otra vez en un momento.',
  OFFLINE: 'No se ha podido conectar con el servidor para pedir la revisión.',
};

/**
 * The sentence for a failed request of a game's review (`GET /games/:id/review`): the code the
 * server answered, OFFLINE when there was no answer; any other code still gets a sentence.
 */
export function reviewErrorText(code: string): string {
  return Object.hasOwn(REVIEW, code)
    ? REVIEW[code]!
    : 'No se ha podido obtener la revisión de la partida.';
}

/** Why a file could not be written, by the system's error code (never the raw code itself). */
const WRITE_PROBLEM: Readonly<Record<string, string>> = {
  ENOENT: 'la carpeta no existe',
  EISDIR: 'es una carpeta',
  EACCES: 'no hay permiso para escribir ahí',
  EPERM: 'no hay permiso para escribir ahí',
  ENOSPC: 'el disco está lleno',
  ENOTDIR: 'parte del camino no es una carpeta',
  EROFS: 'el disco es de solo lectura',
  ELOOP: 'los enlaces simbólicos del camino forman un bucle',
  // src/lexicon/outputFile.ts: a device, a pipe or a socket is never turned into a file.
  NOT_REGULAR_FILE:
    'no es un archivo normal (¿un dispositivo, una tubería o un socket?), y no se sobrescribe',
};

/**
 * Why a write failed, in words to follow a colon ("el disco está lleno"), from the `code` of a
 * Node file-system error; any other failure is "error al escribir". A folder that exists and
 * still answers ENOENT (/proc, a special file system) takes no new files.
 */
export function writeProblemText(code: string | undefined, folderExists = false): string {
  if (code === 'ENOENT' && folderExists) return 'en esa carpeta no se pueden crear ficheros';
  return (
    (code !== undefined && Object.hasOwn(WRITE_PROBLEM, code) && WRITE_PROBLEM[code]) ||
    'error al escribir'
  );
}

/** What `atril serve` knows of a database that would not open: the driver's code and words. */
export interface DbOpenFailure {
  /** The driver's code (`ECONNREFUSED`, PostgreSQL's `28P01`, `SQLITE_CANTOPEN` …). */
  readonly code?: string;
  readonly message: string;
  readonly hostname?: string;
  /** The database is of a newer Atril: the schema it has and the newest this one knows. */
  readonly schema?: { readonly found: number; readonly known: number };
}

const noHost = (e: DbOpenFailure) => `no se encuentra el servidor «${e.hostname ?? ''}»`;
const noFile = () => 'no se puede crear ni abrir el archivo (¿se puede escribir en esa carpeta?)';

const DB_OPEN_TEXT: Readonly<Record<string, (e: DbOpenFailure) => string>> = {
  ECONNREFUSED: () =>
    'nadie escucha en esa dirección (¿está en marcha PostgreSQL, y en ese puerto?)',
  ENOTFOUND: noHost,
  EAI_AGAIN: noHost,
  ECONNRESET: () => 'el servidor cortó la conexión',
  '28P01': () => 'el usuario o la contraseña no son correctos',
  '28000': () => 'el servidor no deja entrar a ese usuario',
  '3D000': () => 'esa base de datos no existe en el servidor (créala con «createdb»)',
  '42501': () => 'ese usuario no tiene permiso para crear las tablas de Atril',
  SQLITE_CANTOPEN: noFile,
  EACCES: noFile,
  EROFS: noFile,
  SQLITE_NOTADB: () => 'el archivo no es una base de datos SQLite',
  SQLITE_READONLY: () => 'el archivo es de solo lectura',
  SQLITE_BUSY: () => 'otro programa la tiene bloqueada',
};

/**
 * Why `atril serve` could not open its database, to follow «No se puede abrir la base de datos
 * «URL»: » (no final stop): what the operator can act on, not the driver's code. A failure
 * this table does not know keeps the driver's own words.
 */
export function dbOpenErrorText(e: DbOpenFailure): string {
  if (e.schema)
    return `la creó una versión más nueva de Atril (esquema ${e.schema.found}; esta conoce hasta el ${e.schema.known})`;
  const known = e.code === undefined ? undefined : DB_OPEN_TEXT[e.code];
  if (known) return known(e);
  if (/timeout/i.test(e.message)) return 'el servidor no contesta';
  return e.message.replace(/\.$/, '');
}
