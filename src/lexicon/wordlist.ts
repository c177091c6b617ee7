/**
 * From a word list as text to tile sequences, with every rejected entry accounted for.
 *
 * Words are normalised exactly like `wordToTiles` (RULES.md T-03, D-04): upper case, accents
 * and diaeresis dropped, Ñ kept, CH/LL/RR read greedily. A fast path handles plain letters
 * (the whole default list) and falls back to `wordToTiles` for anything else, so both always
 * agree (checked on the full default list by the tests).
 */
import { wordToTiles, type TileSet } from '../engine/tiles.js';

/** Words shorter or longer than this (in tiles, D-05) never enter the lexicon. */
export const MIN_WORD_TILES = 2;
export const MAX_WORD_TILES = 15;

/** Why an entry of a word list was left out. */
export type RejectReason =
  | { code: 'TOO_SHORT'; tiles: number }
  | { code: 'TOO_LONG'; tiles: number }
  | { code: 'LETTER_NOT_IN_SET'; letter: string }
  | { code: 'NOT_A_LETTER'; char: string };

/** One rejected entry: its 1-based line (or position in an array list), text and reason. */
export interface Rejection {
  readonly line: number;
  readonly text: string;
  readonly reason: RejectReason;
}

/** The outcome of normalising a word list. */
export interface NormalisedList {
  /** Accepted words as tile codes, in input order (duplicates removed later by the builder). */
  readonly words: number[][];
  /** Entries that were read (blank lines and comments of text files excluded). */
  readonly entries: number;
  /** Every rejected entry, in input order. */
  readonly rejected: Rejection[];
}

/** Counts and a few examples of each kind of rejection, for build reports. */
export interface RejectionSummary {
  readonly code: RejectReason['code'];
  readonly count: number;
  readonly examples: string[];
}

/** A word list entry with the line it came from. */
export interface ListEntry {
  readonly line: number;
  readonly text: string;
}

/** Turns entries into tiles, keeping words of 2–15 tiles made only of the set's letters. */
export function normaliseEntries(set: TileSet, entries: Iterable<ListEntry>): NormalisedList {
  const fast = new FastTokenizer(set);
  const words: number[][] = [];
  const rejected: Rejection[] = [];
  let count = 0;
  for (const { line, text } of entries) {
    count++;
    const result = fast.tiles(text) ?? wordToTiles(set, text);
    let reason: RejectReason | undefined;
    if (!Array.isArray(result)) {
      reason = /^\p{L}$/u.test(result.letter)
        ? { code: 'LETTER_NOT_IN_SET', letter: result.letter }
        : { code: 'NOT_A_LETTER', char: result.letter };
    } else if (result.length < MIN_WORD_TILES) {
      reason = { code: 'TOO_SHORT', tiles: result.length };
    } else if (result.length > MAX_WORD_TILES) {
      reason = { code: 'TOO_LONG', tiles: result.length };
    } else {
      words.push(result);
      continue;
    }
    rejected.push({ line, text, reason });
  }
  return { words, entries: count, rejected };
}

/** Normalises an array of words (such as the default list); `line` is the 1-based index. */
export function normaliseArray(set: TileSet, list: readonly string[]): NormalisedList {
  return normaliseEntries(
    set,
    (function* () {
      for (let i = 0; i < list.length; i++) yield { line: i + 1, text: list[i]! };
    })(),
  );
}

/**
 * The entries of a text word list: one word per line, surrounding spaces ignored, blank lines
 * and lines starting with `#` skipped.
 */
export function* textEntries(text: string): Generator<ListEntry> {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '' || t.startsWith('#')) continue;
    yield { line: i + 1, text: t };
  }
}

/** Groups rejections by reason, with up to `examples` sample entries each. */
export function summariseRejections(
  rejected: readonly Rejection[],
  examples = 5,
): RejectionSummary[] {
  const by = new Map<RejectReason['code'], { count: number; examples: string[] }>();
  for (const r of rejected) {
    let g = by.get(r.reason.code);
    if (!g) by.set(r.reason.code, (g = { count: 0, examples: [] }));
    g.count++;
    if (g.examples.length < examples) g.examples.push(r.text);
  }
  return [...by].map(([code, g]) => ({ code, ...g }));
}

/** How a character is named in Spanish messages. */
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

/** The Spanish sentence for a rejection reason. */
export function rejectReasonMessage(reason: RejectReason): string {
  switch (reason.code) {
    case 'TOO_SHORT':
      return `demasiado corta (${reason.tiles} ${reason.tiles === 1 ? 'ficha' : 'fichas'}; mínimo ${MIN_WORD_TILES})`;
    case 'TOO_LONG':
      return `demasiado larga (${reason.tiles} fichas; máximo ${MAX_WORD_TILES})`;
    case 'LETTER_NOT_IN_SET':
      return `lleva la letra ${reason.letter}, que no existe en este juego de fichas`;
    case 'NOT_A_LETTER':
      return `contiene ${describeChar(reason.char)}, que no es una letra`;
  }
}

/** Spanish heading for a group of rejections. */
export function rejectCodeTitle(code: RejectReason['code']): string {
  switch (code) {
    case 'TOO_SHORT':
      return `menos de ${MIN_WORD_TILES} fichas`;
    case 'TOO_LONG':
      return `más de ${MAX_WORD_TILES} fichas`;
    case 'LETTER_NOT_IN_SET':
      return 'letras que no están en el juego de fichas (K, W…)';
    case 'NOT_A_LETTER':
      return 'signos que no son letras (cifras, guiones, espacios…)';
  }
}

/**
 * Plain-letter tokenizer: a table from character to code for every single-character label
 * (both cases) plus the two-letter digraphs. Returns undefined for anything it does not know,
 * and then `wordToTiles` decides.
 */
class FastTokenizer {
  private readonly single = new Map<number, number>();
  private readonly pair = new Map<number, number>();
  private readonly ok: boolean;

  constructor(set: TileSet) {
    set.letters.forEach((l, i) => {
      if (l.label.length !== 1) return;
      const up = l.label.charCodeAt(0);
      this.single.set(up, i + 1);
      const lower = l.label.toLowerCase();
      if (lower.length === 1 && lower.toUpperCase() === l.label)
        this.single.set(lower.charCodeAt(0), i + 1);
    });
    let ok = true;
    set.letters.forEach((l, i) => {
      if (l.label.length === 1) return;
      const a = set.letters.findIndex((x) => x.label === l.label[0]);
      const b = set.letters.findIndex((x) => x.label === l.label[1]);
      if (l.label.length !== 2 || a < 0 || b < 0) ok = false;
      else this.pair.set((a + 1) * 256 + b + 1, i + 1);
    });
    this.ok = ok;
  }

  tiles(text: string): number[] | undefined {
    if (!this.ok) return undefined;
    const codes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = this.single.get(text.charCodeAt(i));
      if (c === undefined) return undefined;
      codes.push(c);
    }
    const out: number[] = [];
    for (let i = 0; i < codes.length; i++) {
      const d = i + 1 < codes.length ? this.pair.get(codes[i]! * 256 + codes[i + 1]!) : undefined;
      if (d !== undefined) {
        out.push(d);
        i++;
      } else out.push(codes[i]!);
    }
    return out;
  }
}
