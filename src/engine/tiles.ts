/**
 * Tile sets as data, and the tile codes used everywhere inside the engine.
 *
 * A letter's code is its position in the set's canonical order plus one (Spanish: A=1 … Z=28,
 * CH=4, LL=13, Ñ=16, RR=21), so sorting codes sorts by the alphabet of RULES.md T-04. On a
 * board square, 0 is empty and a blank carries BLANK_FLAG on top of the letter it stands for.
 * A rack is a count array indexed by code, with index 0 counting undesignated blanks.
 */
import { type Result, err, ok } from './result.js';

/** An empty square; in a move's tile list, a square the word passes through. */
export const EMPTY = 0;
/** Marks a blank on the board or in a play: `code | BLANK_FLAG` is a blank standing for `code`. */
export const BLANK_FLAG = 0x80;
/** The code of an undesignated blank in racks and exchanges. */
export const BLANK = 0;

/** One kind of letter tile. */
export interface LetterDef {
  /** What a player sees: "A", "CH", "Ñ". */
  readonly label: string;
  /** GCG/CGP notation of the real tile: "A", "[CH]". */
  readonly gcg: string;
  /** GCG/CGP notation of a blank standing for it: "a", "[ch]". */
  readonly blankGcg: string;
  /** Spanish name as spoken by the clients: "a", "che", "erre doble". */
  readonly spoken: string;
  readonly value: number;
  readonly count: number;
  readonly vowel: boolean;
  /** Legacy single-character input aliases for the real tile (Spanish 1/2/3). */
  readonly aliases: readonly string[];
}

/** A whole tile set: letters in canonical order, blanks and board-independent facts. */
export interface TileSet {
  /** Identifier as in `#tile-distribution`: "spanish", "english", … */
  readonly id: string;
  /** Spanish display name. */
  readonly name: string;
  /** letters[code - 1] describes tile `code`. */
  readonly letters: readonly LetterDef[];
  readonly blanks: number;
  /** Total number of tiles, blanks included. */
  readonly size: number;
  /** Labels of tiles made of several characters (digraphs), longest first, for tokenising. */
  readonly multiChar: readonly string[];
}

type Row = [label: string, count: number, value: number, vowel: 0 | 1, spoken?: string];

function makeSet(
  id: string,
  name: string,
  blanks: number,
  rows: Row[],
  aliases: Record<string, string[]> = {},
): TileSet {
  const letters = rows.map(([label, count, value, vowel, spoken]): LetterDef => {
    const multi = [...label].length > 1;
    return {
      label,
      gcg: multi ? `[${label}]` : label,
      blankGcg: multi ? `[${label.toLowerCase()}]` : label.toLowerCase(),
      spoken: spoken ?? label.toLowerCase(),
      value,
      count,
      vowel: vowel === 1,
      aliases: aliases[label] ?? [],
    };
  });
  const size = blanks + letters.reduce((s, l) => s + l.count, 0);
  const multiChar = letters
    .map((l) => l.label)
    .filter((l) => [...l].length > 1)
    .sort((a, b) => b.length - a.length);
  return Object.freeze({ id, name, letters: Object.freeze(letters), blanks, size, multiChar });
}

/** The FISE 100-tile Spanish set (RULES.md §1.1), in the canonical order of T-04. */
export const SPANISH: TileSet = makeSet(
  'spanish',
  'español (FISE, 100 fichas)',
  2,
  [
    ['A', 12, 1, 1, 'a'],
    ['B', 2, 3, 0, 'be'],
    ['C', 4, 3, 0, 'ce'],
    ['CH', 1, 5, 0, 'che'],
    ['D', 5, 2, 0, 'de'],
    ['E', 12, 1, 1, 'e'],
    ['F', 1, 4, 0, 'efe'],
    ['G', 2, 2, 0, 'ge'],
    ['H', 2, 4, 0, 'hache'],
    ['I', 6, 1, 1, 'i'],
    ['J', 1, 8, 0, 'jota'],
    ['L', 4, 1, 0, 'ele'],
    ['LL', 1, 8, 0, 'elle'],
    ['M', 2, 3, 0, 'eme'],
    ['N', 5, 1, 0, 'ene'],
    ['Ñ', 1, 8, 0, 'eñe'],
    ['O', 9, 1, 1, 'o'],
    ['P', 2, 3, 0, 'pe'],
    ['Q', 1, 5, 0, 'cu'],
    ['R', 5, 1, 0, 'erre'],
    ['RR', 1, 8, 0, 'erre doble'],
    ['S', 6, 1, 0, 'ese'],
    ['T', 4, 1, 0, 'te'],
    ['U', 5, 1, 1, 'u'],
    ['V', 1, 4, 0, 'uve'],
    ['X', 1, 8, 0, 'equis'],
    ['Y', 1, 4, 0, 'ye'],
    ['Z', 1, 10, 0, 'zeta'],
  ],
  { CH: ['1'], LL: ['2'], RR: ['3'] },
);

/** The standard English set, so that English game records replay (RULES.md §1.1, note). */
export const ENGLISH: TileSet = makeSet('english', 'inglés (100 fichas)', 2, [
  ['A', 9, 1, 1], ['B', 2, 3, 0], ['C', 2, 3, 0], ['D', 4, 2, 0], ['E', 12, 1, 1],
  ['F', 2, 4, 0], ['G', 3, 2, 0], ['H', 2, 4, 0], ['I', 9, 1, 1], ['J', 1, 8, 0],
  ['K', 1, 5, 0], ['L', 4, 1, 0], ['M', 2, 3, 0], ['N', 6, 1, 0], ['O', 8, 1, 1],
  ['P', 2, 3, 0], ['Q', 1, 10, 0], ['R', 6, 1, 0], ['S', 4, 1, 0], ['T', 6, 1, 0],
  ['U', 4, 1, 1], ['V', 2, 4, 0], ['W', 2, 4, 0], ['X', 1, 8, 0], ['Y', 2, 4, 0],
  ['Z', 1, 10, 0],
]); // prettier-ignore

/** The German set (102 tiles), for German game records. */
export const GERMAN: TileSet = makeSet('german', 'alemán (102 fichas)', 2, [
  ['A', 5, 1, 1], ['Ä', 1, 6, 1], ['B', 2, 3, 0], ['C', 2, 4, 0], ['D', 4, 1, 0],
  ['E', 15, 1, 1], ['F', 2, 4, 0], ['G', 3, 2, 0], ['H', 4, 2, 0], ['I', 6, 1, 1],
  ['J', 1, 6, 0], ['K', 2, 4, 0], ['L', 3, 2, 0], ['M', 4, 3, 0], ['N', 9, 1, 0],
  ['O', 3, 2, 1], ['Ö', 1, 8, 1], ['P', 1, 4, 0], ['Q', 1, 10, 0], ['R', 6, 1, 0],
  ['S', 7, 1, 0], ['T', 6, 1, 0], ['U', 6, 1, 1], ['Ü', 1, 6, 1], ['V', 1, 6, 0],
  ['W', 1, 3, 0], ['X', 1, 8, 0], ['Y', 1, 10, 0], ['Z', 1, 3, 0],
]); // prettier-ignore

/** The Polish set (100 tiles), for Polish game records. */
export const POLISH: TileSet = makeSet('polish', 'polaco (100 fichas)', 2, [
  ['A', 9, 1, 1], ['Ą', 1, 5, 1], ['B', 2, 3, 0], ['C', 3, 2, 0], ['Ć', 1, 6, 0],
  ['D', 3, 2, 0], ['E', 7, 1, 1], ['Ę', 1, 5, 1], ['F', 1, 5, 0], ['G', 2, 3, 0],
  ['H', 2, 3, 0], ['I', 8, 1, 1], ['J', 2, 3, 0], ['K', 3, 2, 0], ['L', 3, 2, 0],
  ['Ł', 2, 3, 0], ['M', 3, 2, 0], ['N', 5, 1, 0], ['Ń', 1, 7, 0], ['O', 6, 1, 1],
  ['Ó', 1, 5, 1], ['P', 3, 2, 0], ['R', 4, 1, 0], ['S', 4, 1, 0], ['Ś', 1, 5, 0],
  ['T', 3, 2, 0], ['U', 2, 3, 1], ['W', 4, 1, 0], ['Y', 4, 2, 1], ['Z', 5, 1, 0],
  ['Ź', 1, 9, 0], ['Ż', 1, 5, 0],
]); // prettier-ignore

const SETS: Record<string, TileSet> = {
  spanish: SPANISH,
  english: ENGLISH,
  german: GERMAN,
  polish: POLISH,
};

/**
 * Looks a tile set up by its `#tile-distribution` name; undefined when unknown. Only the table's
 * own keys count: `constructor` or `__proto__` are names on every object, not tile sets.
 */
export function tileSetById(id: string): TileSet | undefined {
  const key = id.toLowerCase();
  return Object.hasOwn(SETS, key) ? SETS[key] : undefined;
}

/** Every tile set the engine knows. */
export function allTileSets(): TileSet[] {
  return Object.values(SETS);
}

/** The letter a board or play code stands for, with the blank flag removed. */
export function letterOf(code: number): number {
  return code & ~BLANK_FLAG;
}

/** True when a board or play code is a blank. */
export function isBlank(code: number): boolean {
  return (code & BLANK_FLAG) !== 0;
}

/** The points a board or play code is worth: 0 for a blank, the letter's value otherwise. */
export function tileValue(set: TileSet, code: number): number {
  if (code === BLANK || isBlank(code)) return 0;
  return set.letters[code - 1]?.value ?? 0;
}

/** The label a player sees for a code: "CH", "Ñ"; a blank shows its letter, "?" when undesignated. */
export function tileLabel(set: TileSet, code: number): string {
  if (code === BLANK || code === BLANK_FLAG) return '?';
  return set.letters[letterOf(code) - 1]?.label ?? '?';
}

/** The GCG/CGP notation of a code: "[CH]", "[ch]" for a blank, "?" for an undesignated blank. */
export function tileGcg(set: TileSet, code: number): string {
  if (code === BLANK || code === BLANK_FLAG) return '?';
  const def = set.letters[letterOf(code) - 1];
  if (!def) return '?';
  return isBlank(code) ? def.blankGcg : def.gcg;
}

/** Writes a list of codes in GCG notation; EMPTY is written `.` (a played-through square). */
export function tilesToGcg(set: TileSet, codes: ArrayLike<number>, emptyAs = '.'): string {
  let out = '';
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    out += c === EMPTY && emptyAs !== '?' ? emptyAs : tileGcg(set, c);
  }
  return out;
}

/** Plain upper-case spelling of a word's codes, blanks shown as their letters: "CALLE". */
export function tilesToWord(set: TileSet, codes: ArrayLike<number>): string {
  let out = '';
  for (let i = 0; i < codes.length; i++) out += tileLabel(set, letterOf(codes[i]!));
  return out;
}

/** How a notation string failed to parse. */
export type TileParseError = { code: 'UNKNOWN_TILE'; text: string; at: number };

/** Options for parsing tiles written in GCG/CGP notation. */
export interface NotationOptions {
  /** Accept `.` as a played-through square (EMPTY). */
  allowThrough?: boolean;
  /** Accept `?` as an undesignated blank (BLANK). */
  allowUndesignatedBlank?: boolean;
}

/**
 * Parses tiles written in GCG/CGP notation: upper case for real tiles, lower case for blanks,
 * `[CH]`/`[ch]` for digraph tiles, legacy digits 1/2/3, `?` for a blank on a rack and `.` for a
 * played-through square. A bare "CH" is two tiles, C and H, as in Macondo (RULES.md §2.1).
 */
export function parseNotation(
  set: TileSet,
  text: string,
  opts: NotationOptions = {},
): Result<number[], TileParseError> {
  const out: number[] = [];
  const chars = [...text.normalize('NFC')];
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i]!;
    if (ch === '.' && opts.allowThrough) {
      out.push(EMPTY);
      i++;
      continue;
    }
    if (ch === '?' && opts.allowUndesignatedBlank) {
      out.push(BLANK);
      i++;
      continue;
    }
    let token = ch;
    let width = 1;
    if (ch === '[') {
      const close = chars.indexOf(']', i);
      if (close < 0) return err({ code: 'UNKNOWN_TILE', text: chars.slice(i).join(''), at: i });
      token = chars.slice(i + 1, close).join('');
      width = close - i + 1;
    }
    const code = codeOfNotation(set, token);
    if (code === undefined)
      return err({ code: 'UNKNOWN_TILE', text: ch === '[' ? `[${token}]` : token, at: i });
    out.push(code);
    i += width;
  }
  return ok(out);
}

function codeOfNotation(set: TileSet, token: string): number | undefined {
  const upper = token.toUpperCase();
  const blank = token !== upper;
  for (let c = 0; c < set.letters.length; c++) {
    const def = set.letters[c]!;
    if (def.label === upper) return blank ? (c + 1) | BLANK_FLAG : c + 1;
    if (!blank && def.aliases.includes(token)) return c + 1;
  }
  return undefined;
}

// Characters a set writes with other letters, by the set's own convention: German Scrabble
// has no ß tile and spells it SS. Anything not listed is never expanded (see normalizeText).
const FOLDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  german: { ß: 'SS', ẞ: 'SS' },
};

// The marks T-03 drops: grave, acute, circumflex and diaeresis (imán = IMAN, pingüino).
const DROPPED_MARKS = /[\u0300-\u0302\u0308]/g;

/**
 * Normalises free text the way players type words: upper case, accents and diaeresis dropped,
 * letters that the set has as their own tiles (Ñ, Ä, Ł …) kept (RULES.md T-03). The tile set
 * decides everything else: a character is never silently turned into other letters (ß is not
 * SS, ﬁ is not FI, Ç is not C) unless the set says so, so letters it lacks are refused like K
 * or W in Spanish.
 */
export function normalizeText(set: TileSet, text: string): string {
  const folds = Object.hasOwn(FOLDS, set.id) ? FOLDS[set.id]! : {};
  const has = (s: string): boolean => set.letters.some((l) => l.label === s);
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (Object.hasOwn(folds, ch)) {
      out += folds[ch];
      continue;
    }
    const up = ch.toUpperCase();
    if ([...up].length !== 1 || has(up)) {
      // A letter of the set, or one whose capital is several letters (ß, ﬁ): kept as it is.
      out += [...up].length === 1 ? up : ch;
      continue;
    }
    const bare = up.normalize('NFD').replace(DROPPED_MARKS, '').normalize('NFC');
    out += [...bare].length === 1 ? bare : up;
  }
  return out;
}

/** Why a plain word could not become tiles. */
export type WordTokenError = { code: 'LETTER_NOT_IN_SET'; letter: string; at: number };

/**
 * Turns a plainly spelled word into tile codes: normalised (T-03), then tokenised greedily with
 * the set's digraphs first (D-04), so "calle" is C·A·LL·E. Letters the set lacks (K and W in
 * Spanish) are an error, never silently dropped.
 */
export function wordToTiles(set: TileSet, text: string): Result<number[], WordTokenError> {
  const norm = [...normalizeText(set, text)];
  const out: number[] = [];
  let i = 0;
  outer: while (i < norm.length) {
    for (const mc of set.multiChar) {
      const parts = [...mc];
      if (parts.every((p, k) => norm[i + k] === p)) {
        out.push(set.letters.findIndex((l) => l.label === mc) + 1);
        i += parts.length;
        continue outer;
      }
    }
    const idx = set.letters.findIndex((l) => l.label === norm[i]);
    if (idx < 0) return err({ code: 'LETTER_NOT_IN_SET', letter: norm[i]!, at: i });
    out.push(idx + 1);
    i++;
  }
  return ok(out);
}

/** A rack as counts per code (index 0 = blanks), sized for the set. */
export function emptyRack(set: TileSet): Uint8Array {
  return new Uint8Array(set.letters.length + 1);
}

/** Builds a rack count array from codes (BLANK or a designated blank both count as a blank). */
export function rackFromTiles(set: TileSet, codes: ArrayLike<number>): Uint8Array {
  const rack = emptyRack(set);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    rack[isBlank(c) ? BLANK : c]!++;
  }
  return rack;
}

/** Lists a rack's tiles in canonical order, blanks first (T-04). */
export function rackToTiles(rack: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let c = 0; c < rack.length; c++) for (let k = 0; k < rack[c]!; k++) out.push(c);
  return out;
}

/** How many tiles a rack (count array) holds. */
export function rackCount(rack: ArrayLike<number>): number {
  let n = 0;
  for (let c = 0; c < rack.length; c++) n += rack[c]!;
  return n;
}

/** The face value of a rack given as counts (E-05): blanks 0, CH 5, LL and RR 8. */
export function rackValue(set: TileSet, rack: ArrayLike<number>): number {
  let v = 0;
  for (let c = 1; c < rack.length; c++) v += rack[c]! * tileValue(set, c);
  return v;
}

/** The face value of a list of tiles (blanks, flagged or not, count 0). */
export function tilesValue(set: TileSet, codes: readonly number[]): number {
  let v = 0;
  for (const c of codes) v += tileValue(set, c);
  return v;
}

/** A fresh count array of every tile in the set: the full bag. */
export function fullDistribution(set: TileSet): Uint8Array {
  const counts = emptyRack(set);
  counts[BLANK] = set.blanks;
  set.letters.forEach((l, i) => (counts[i + 1] = l.count));
  return counts;
}
