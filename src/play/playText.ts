/**
 * A whole play typed on one line (UX.md §2.3): `8H casa` across, `H8 casa` down, optionally
 * with a direction word (`H8 horizontal casa`). Digraphs are read as their tiles (`ch`, `ll`,
 * `rr`, or `[ch]`); letters already on the board are played through (`.` works too, and
 * `(CASA)S` as in GCG). Case: when the word mixes cases, lower case marks a blank, as in GCG;
 * an all-lower-case or all-upper-case word uses the rack's own tiles and a blank only for the
 * letters the rack lacks.
 */
import { SIZE } from '../engine/board.js';
import type { Direction, PlaceMove } from '../engine/move.js';
import { parseCoord } from '../engine/notation/coords.js';
import {
  BLANK,
  BLANK_FLAG,
  EMPTY,
  type TileSet,
  letterOf,
  normalizeText,
} from '../engine/tiles.js';
import { type Result, err, ok } from '../engine/result.js';
import type { PlayError } from './errorText.js';

/** A play parsed from text, or a coded error with its data. */
export type ParsedPlay = Result<PlaceMove, PlayError>;

interface Token {
  /** Letter code, or EMPTY for `.`. */
  readonly letter: number;
  /** Written in lower case (a blank, when case marks blanks). */
  readonly lower: boolean;
  /** Inside parentheses: must already be on the board. */
  readonly through: boolean;
  /**
   * For a digraph written without brackets (`LL`, not `[LL]`): the codes of its letters, when
   * each is a tile too. `cambiar LL` may mean two L.
   */
  readonly parts?: readonly number[];
}

const DIR_WORDS: Record<string, Direction> = {
  horizontal: 'H',
  h: 'H',
  vertical: 'V',
  v: 'V',
};

/** Whether a line is a coordinate alone, a play with its word missing (`8H`). */
export function isCoordAlone(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length === 1 && parseCoord(words[0]!) !== undefined;
}

/** True when a line looks like a play: a coordinate in its first two words. */
export function looksLikePlay(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length >= 2 && (parseCoord(words[0]!) !== undefined || /^\d/.test(words[0]!));
}

/** Parses `8H casa` against the board and the rack; the move's tiles come from the rack. */
export function parsePlayText(
  set: TileSet,
  board: Uint8Array,
  rack: readonly number[],
  text: string,
): ParsedPlay {
  const words = text.trim().split(/\s+/);
  const coordText = words.shift() ?? '';
  const coord = parseCoord(coordText);
  if (!coord) return err({ code: 'BAD_COORD', text: coordText });
  let dir = coord.dir;
  const rest: string[] = [];
  for (const w of words) {
    const d = Object.hasOwn(DIR_WORDS, w.toLowerCase()) ? DIR_WORDS[w.toLowerCase()] : undefined;
    if (d && words.length > 1) dir = d;
    else rest.push(w);
  }
  // «8H orina extra» is two words: joined they would read as one that leaves the board.
  if (rest.length > 1) return err({ code: 'WORDS_APART', text: rest.join(' ') });
  const wordText = rest.join('');
  // «valor 8H»: the coordinate alone, as the command line answers «8H».
  if (wordText === '') return err({ code: 'MISSING_WORD', text: coordText });
  const tokenized = tokenize(set, wordText);
  if (!tokenized.ok) return tokenized;
  const tokens = tokenized.value;
  if (tokens.length === 0) return err({ code: 'BAD_WORD_TEXT', text: wordText });

  const letters = [...wordText].filter((c) => /\p{L}/u.test(c));
  const mixed =
    letters.some((c) => c !== c.toUpperCase()) && letters.some((c) => c !== c.toLowerCase());

  const step = dir === 'H' ? 1 : SIZE;
  const pool = [...rack];
  const take = (code: number): boolean => {
    const k = pool.indexOf(code);
    if (k < 0) return false;
    pool.splice(k, 1);
    return true;
  };
  const tiles: number[] = [];
  const wanted: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const row = dir === 'V' ? coord.row + k : coord.row;
    const col = dir === 'H' ? coord.col + k : coord.col;
    if (row >= SIZE || col >= SIZE) return err({ code: 'OFF_BOARD' });
    const sq = coord.row * SIZE + coord.col + k * step;
    const tok = tokens[k]!;
    const onBoard = board[sq]!;
    if (onBoard !== EMPTY) {
      if (tok.letter !== EMPTY && letterOf(onBoard) !== tok.letter)
        return err({ code: 'THROUGH_MISMATCH', square: sq, tiles: [onBoard] });
      tiles.push(EMPTY);
      continue;
    }
    if (tok.letter === EMPTY || tok.through) return err({ code: 'THROUGH_EMPTY', square: sq });
    tiles.push(-1);
    wanted.push(tok);
  }
  // Marked blanks first, then real tiles, then blanks for what the rack lacks.
  const chosen: number[] = [];
  // What is missing, counted: "solo tienes una A", "necesitas dos comodines" (issue 10, item 6).
  const short = (code: number, needed: number, caseBlanks = false): ParsedPlay => {
    const have = rack.filter((t) => t === code).length;
    const counts = needed > 1 ? { needed, have } : {};
    return err({
      code: 'NOT_IN_RACK',
      tiles: [code],
      ...counts,
      ...(caseBlanks && { caseBlanks }),
    });
  };
  const marked = wanted.filter((tok) => mixed && tok.lower).length;
  for (const tok of wanted) {
    if (mixed && tok.lower) {
      // With no blank at all the lower case was more likely a slip on Shift than meant.
      if (!take(BLANK)) return short(BLANK, marked, !rack.includes(BLANK));
      chosen.push(tok.letter | BLANK_FLAG);
    } else chosen.push(-1);
  }
  for (let i = 0; i < wanted.length; i++) {
    if (chosen[i] !== -1) continue;
    if (take(wanted[i]!.letter)) chosen[i] = wanted[i]!.letter;
  }
  for (let i = 0; i < wanted.length; i++) {
    if (chosen[i] !== -1) continue;
    if (mixed || !take(BLANK)) {
      const letter = wanted[i]!.letter;
      return short(
        letter,
        wanted.filter((tok) => tok.letter === letter && !(mixed && tok.lower)).length,
      );
    }
    chosen[i] = wanted[i]!.letter | BLANK_FLAG;
  }
  let j = 0;
  const out = tiles.map((t) => (t === -1 ? chosen[j++]! : t));
  return ok({ kind: 'place', row: coord.row, col: coord.col, dir, tiles: out });
}

/**
 * Ñ spelled in ASCII, for keyboards without it: `n~` (or `N~`) is read as ñ (Ñ), as the README
 * documents.
 */
export function asciiEnye(text: string): string {
  return text.replace(/n~/g, 'ñ').replace(/N~/g, 'Ñ');
}

/** Splits typed letters into tiles: digraphs greedily, `[..]` groups, `.` and `( )`. */
function tokenize(set: TileSet, text: string): Result<Token[], PlayError> {
  const chars = [...asciiEnye(text).normalize('NFC')];
  const out: Token[] = [];
  let through = false;
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i]!;
    if (ch === '(') {
      through = true;
      i++;
      continue;
    }
    if (ch === ')') {
      through = false;
      i++;
      continue;
    }
    if (ch === '.') {
      out.push({ letter: EMPTY, lower: false, through: true });
      i++;
      continue;
    }
    let piece = ch;
    let width = 1;
    let bare = false;
    if (ch === '[') {
      const close = chars.indexOf(']', i);
      if (close < 0) return err({ code: 'BAD_WORD_TEXT', text });
      piece = chars.slice(i + 1, close).join('');
      width = close - i + 1;
    } else {
      for (const mc of set.multiChar) {
        const n = [...mc].length;
        const cand = chars.slice(i, i + n).join('');
        if (normalizeText(set, cand) === mc) {
          piece = cand;
          width = n;
          bare = true;
          break;
        }
      }
    }
    const norm = normalizeText(set, piece);
    const idx = set.letters.findIndex((l) => l.label === norm);
    if (idx < 0) {
      if (/\p{L}/u.test(piece)) return err({ code: 'LETTER_NOT_IN_SET', text: norm });
      return err({ code: 'BAD_WORD_TEXT', text });
    }
    const parts = bare
      ? [...piece].map((c) => set.letters.findIndex((l) => l.label === normalizeText(set, c)) + 1)
      : [];
    out.push({
      letter: idx + 1,
      lower: piece !== piece.toUpperCase(),
      through,
      ...(parts.length > 0 && parts.every((c) => c > 0) && { parts }),
    });
    i += width;
  }
  return ok(out);
}

/**
 * Parses exchange letters (`AEU`, `a e u`, `ch`, `?` for a blank) into rack codes: every way
 * to read them, the digraph tiles first. A digraph written without brackets may also be its
 * two letters (`LL` is the LL tile, or two L), and a space always parts letters (`L L` is two
 * L); `[LL]` is only the tile. The caller takes the first reading that fits the rack.
 */
export function parseExchangeText(set: TileSet, text: string): Result<number[][], PlayError> {
  let readings: number[][] = [[]];
  for (const group of text.trim().split(/\s+/)) {
    const parts = group.split('?');
    for (let p = 0; p < parts.length; p++) {
      if (p > 0) readings = readings.map((r) => [...r, BLANK]);
      const toks = tokenize(set, parts[p]!);
      if (!toks.ok) return toks;
      for (const t of toks.value) {
        if (t.letter === EMPTY) return err({ code: 'BAD_WORD_TEXT', text });
        const whole = readings.map((r) => [...r, t.letter]);
        readings = t.parts ? [...whole, ...readings.map((r) => [...r, ...t.parts!])] : whole;
      }
    }
  }
  return ok(readings);
}
