/**
 * Every Spanish sentence for every coded error (DESIGN.md §2: the engine returns codes and
 * data, the clients turn them into sentences). The terminal, the CLI commands and the web client
 * all import this one module; each table is a `Record` over its code union, so a new code
 * without a sentence does not compile.
 */
import type { CgpError, CgpErrorCode } from '../engine/notation/cgp.js';
import type { RulesError, RulesProblem, RulesProblemCode } from '../engine/rules.js';
import { echo } from './echo.js';

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
export function rulesProblemText(p: RulesProblem): string {
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

/** Every CGP code, so that tests can check each has a sentence. */
export const CGP_ERROR_CODES = Object.keys(CGP) as CgpErrorCode[];
