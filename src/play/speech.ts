/**
 * How tiles, squares and plays are named in Spanish, for speech and plain text alike
 * (UX.md §2.4: "che", "elle", "erre doble", "eñe", "comodín (como A)").
 */
import { CENTER, SIZE, colOf, premiumAt, rowOf } from '../engine/board.js';
import type { Direction } from '../engine/move.js';
import { squareName } from '../engine/notation/coords.js';
import {
  BLANK,
  BLANK_FLAG,
  type TileSet,
  isBlank,
  letterOf,
  tileLabel,
  tileValue,
} from '../engine/tiles.js';

/** The spoken name of a rack or board tile: "erre doble", "comodín", "comodín (como A)". */
export function tileName(set: TileSet, code: number): string {
  if (code === BLANK || code === BLANK_FLAG) return 'comodín';
  const def = set.letters[letterOf(code) - 1];
  if (!def) return '?';
  // A digraph by its spoken name, as on a tile of its own (UX.md §2.4): "comodín (como che)".
  if (isBlank(code)) return `comodín (como ${[...def.label].length > 1 ? def.spoken : def.label})`;
  return def.spoken;
}

/**
 * A tile on the board or being placed: its letter ("C", "Ñ"), the spoken name of a digraph
 * ("che"), "comodín (como A)" for a blank.
 */
export function boardTileName(set: TileSet, code: number): string {
  if (code === BLANK || code === BLANK_FLAG || isBlank(code)) return tileName(set, code);
  const def = set.letters[letterOf(code) - 1];
  if (!def) return '?';
  return [...def.label].length > 1 ? def.spoken : def.label;
}

/** A tile as plain text: its label, lower case when it is a blank ("CH", "a"); "?" for a blank. */
export function tileText(set: TileSet, code: number): string {
  if (code === BLANK || code === BLANK_FLAG) return '?';
  const label = tileLabel(set, code);
  return isBlank(code) ? label.toLowerCase() : label;
}

/** "1 punto", "8 puntos". */
export function points(n: number): string {
  return `${n} ${Math.abs(n) === 1 ? 'punto' : 'puntos'}`;
}

/** "1 ficha", "3 fichas". */
export function tilesCount(n: number): string {
  return `${n} ${n === 1 ? 'ficha' : 'fichas'}`;
}

/** The Spanish name of a premium square, or '' when it has none. */
function premiumName(square: number): string {
  switch (premiumAt(square)) {
    case '2L':
      return 'doble letra';
    case '3L':
      return 'triple letra';
    case '2W':
      return 'doble palabra';
    case '3W':
      return 'triple palabra';
    default:
      return '';
  }
}

/** "horizontal" / "vertical". */
export function dirName(dir: Direction): string {
  return dir === 'H' ? 'horizontal' : 'vertical';
}

/** A word's tiles spelled as text: "CHAL", blanks in lower case ("CAsA"). */
export function wordText(set: TileSet, tiles: readonly number[]): string {
  return tiles.map((t) => tileText(set, t)).join('');
}

/**
 * A word spelled out tile by tile, a blank marked where it stands: "che, a, ele",
 * "o, equis, e como comodín" (issue 10, item 8).
 */
export function spelled(set: TileSet, tiles: readonly number[]): string {
  return tiles
    .map((t) => {
      if (!isBlank(t) || t === BLANK_FLAG) return tileName(set, t);
      const def = set.letters[letterOf(t) - 1];
      return `${def ? def.spoken : '?'} como comodín`;
    })
    .join(', ');
}

/** "A", "A y B", "A, B y C": a list as a sentence reads it. */
export function spokenList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]!}`;
}

/**
 * What a screen reader cannot hear in "CAsA": which letters are blanks, as a note to say after
 * the word: " (s como comodín)", " (s y a como comodines)"; '' without blanks (item 8).
 */
export function blankNote(set: TileSet, tiles: readonly number[]): string {
  const blanks = tiles
    .filter((t) => isBlank(t) && t !== BLANK_FLAG)
    // A digraph by its spoken name ("erre doble"), a single letter as written ("s").
    .map((t) => {
      const label = tileLabel(set, letterOf(t));
      return [...label].length > 1 ? boardTileName(set, letterOf(t)) : label.toLowerCase();
    });
  if (blanks.length === 0) return '';
  return ` (${spokenList(blanks)} como ${blanks.length === 1 ? 'comodín' : 'comodines'})`;
}

/** A word as said: its letters in capitals, then which are blanks: "CASA (s como comodín)". */
export function wordSaid(set: TileSet, tiles: readonly number[]): string {
  return tiles.map((t) => tileLabel(set, letterOf(t))).join('') + blankNote(set, tiles);
}

/** A tile's adjective agreeing with its name: "comodín elegido", "zeta elegida". */
export function agree(code: number, feminine: string): string {
  return isBlank(code) || code === BLANK ? feminine.replace(/a$/, 'o') : feminine;
}

/**
 * Describes a square: "H8, vacía, doble palabra, centro" or "H8, C, 3 puntos" (UX.md §2.5; a
 * blank is "comodín (como A), 0 puntos"), and "puesta en este turno" for a tile placed now.
 * The detailed form adds the premium under a tile placed now, which it still counts for.
 */
export function describeSquare(
  set: TileSet,
  square: number,
  tile: number,
  tentative: boolean,
  detailed: boolean,
): string {
  const parts = [squareName(square)];
  if (tile === 0) {
    parts.push('vacía');
    const p = premiumName(square);
    if (p) parts.push(p);
    if (square === CENTER) parts.push('centro');
    return parts.join(', ');
  }
  // The value is part of the tile, as on its face: the eye reads it with the letter.
  parts.push(boardTileName(set, tile), points(tileValue(set, tile)));
  if (tentative) {
    parts.push('puesta en este turno');
    const p = detailed ? premiumName(square) : '';
    if (p) parts.push(p);
  }
  return parts.join(', ');
}

/** Column letters A–O. */
export const COLUMNS = 'ABCDEFGHIJKLMNO';

/** The name of a board line: "Fila 8" or "Columna H". */
export function lineName(square: number, dir: Direction): string {
  return dir === 'H' ? `Fila ${rowOf(square) + 1}` : `Columna ${COLUMNS[colOf(square)]}`;
}

/** Squares of the line through `square` along `dir`, in reading order. */
export function lineSquares(square: number, dir: Direction): number[] {
  const out: number[] = [];
  for (let k = 0; k < SIZE; k++)
    out.push(dir === 'H' ? rowOf(square) * SIZE + k : k * SIZE + colOf(square));
  return out;
}
