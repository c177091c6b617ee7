/**
 * From a word list as text to tile sequences, with every rejected entry accounted for.
 *
 * Words are normalised exactly like `wordToTiles` (RULES.md T-03, D-04): upper case, accents
 * and diaeresis dropped, Ñ kept, CH/LL/RR read greedily. A fast path handles plain letters
 * (the whole default list) and falls back to `wordToTiles` for anything else, so both always
 * agree (checked on the full default list by the tests).
 */
import type { RejectReason } from '../engine/errors.js';
import { ok } from '../engine/result.js';
import { wordToTiles, type TileSet } from '../engine/tiles.js';
import { PackedWordsBuilder, type PackedWords } from './packed.js';

/** Words shorter or longer than this (in tiles, D-05) never enter the lexicon. */
export const MIN_WORD_TILES = 2;
export const MAX_WORD_TILES = 15;

/** Why an entry of a word list was left out (declared in engine/errors.ts). */
export type { RejectReason };

/** One rejected entry: its 1-based line (or position in an array list), text and reason. */
export interface Rejection {
  readonly line: number;
  readonly text: string;
  readonly reason: RejectReason;
}

/** The outcome of normalising a word list. */
export interface NormalisedList {
  /** Accepted words, packed, in input order (duplicates are removed by the builder). */
  readonly words: PackedWords;
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

/** Collects accepted words and rejections entry by entry. */
class ListNormaliser {
  readonly words = new PackedWordsBuilder();
  readonly rejected: Rejection[] = [];
  entries = 0;
  readonly fast: FastTokenizer;

  constructor(private readonly set: TileSet) {
    this.fast = new FastTokenizer(set);
  }

  /** Adds one entry. */
  add(line: number, text: string): void {
    this.entries++;
    // The fast path covers plain letters without building a Result; anything else goes through
    // wordToTiles, which decides.
    const fast = this.fast.tiles(text);
    const parsed = fast ? ok(fast) : wordToTiles(this.set, text);
    let reason: RejectReason;
    if (!parsed.ok) {
      const { letter } = parsed.error;
      reason = /^\p{L}$/u.test(letter)
        ? { code: 'LETTER_NOT_IN_SET', letter }
        : { code: 'NOT_A_LETTER', char: letter };
      this.rejected.push({ line, text, reason });
      return;
    }
    const result = parsed.value;
    if (result.length < MIN_WORD_TILES) {
      reason = { code: 'TOO_SHORT', tiles: result.length, min: MIN_WORD_TILES };
    } else if (result.length > MAX_WORD_TILES) {
      reason = { code: 'TOO_LONG', tiles: result.length, max: MAX_WORD_TILES };
    } else {
      this.words.push(result);
      return;
    }
    this.rejected.push({ line, text, reason });
  }

  result(): NormalisedList {
    return { words: this.words.finish(), entries: this.entries, rejected: this.rejected };
  }
}

/** Turns entries into tiles, keeping words of 2–15 tiles made only of the set's letters. */
export function normaliseEntries(set: TileSet, entries: Iterable<ListEntry>): NormalisedList {
  const n = new ListNormaliser(set);
  for (const { line, text } of entries) n.add(line, text);
  return n.result();
}

/** Normalises an array of words (such as the default list); `line` is the 1-based index. */
export function normaliseArray(set: TileSet, list: readonly string[]): NormalisedList {
  const n = new ListNormaliser(set);
  for (let i = 0; i < list.length; i++) n.add(i + 1, list[i]!);
  return n.result();
}

/**
 * Normalises a JSON array of strings given as UTF-8 bytes (the default list's index.json)
 * without building a string per word: plain words go from bytes to tiles through a table;
 * anything else (escapes, other characters) is decoded and takes the general path. The result
 * equals `normaliseArray(set, JSON.parse(text))`; throws SyntaxError when the bytes are not a
 * JSON array of strings.
 */
export function normaliseJsonArray(set: TileSet, bytes: Uint8Array): NormalisedList {
  const n = new ListNormaliser(set);
  const { byteTable, pairTable } = n.fast;
  const isSpace = (b: number | undefined): boolean =>
    b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
  const decoder = new TextDecoder();
  let p = 0;
  const skip = (): void => {
    while (isSpace(bytes[p])) p++;
  };
  const syntax = (): never => {
    throw new SyntaxError(`not a JSON array of strings (byte ${p})`);
  };
  skip();
  if (bytes[p] !== 0x5b) syntax();
  p++;
  skip();
  if (bytes[p] === 0x5d) return n.result();
  for (let index = 1; ; index++) {
    if (bytes[p] !== 0x22) syntax();
    const start = ++p;
    let plain = n.fast.ok;
    while (p < bytes.length && bytes[p] !== 0x22) {
      if (bytes[p] === 0x5c) {
        plain = false;
        p++;
      }
      p++;
    }
    if (p >= bytes.length) syntax();
    const end = p++;
    // Plain words are written straight into the packed list, then committed or dropped.
    let len = -1;
    if (plain) {
      const out = n.words.room(end - start);
      const at = n.words.size;
      len = 0;
      let prev = 0;
      for (let q = start; q < end; q++) {
        let cp = bytes[q]!;
        if (cp >= 0x80) {
          // A two-byte UTF-8 sequence (ñ, Ñ …) gives its code point; longer ones go the slow way.
          if (cp >= 0xc2 && cp < 0xe0 && q + 1 < end && (bytes[q + 1]! & 0xc0) === 0x80)
            cp = ((cp & 0x1f) << 6) | (bytes[++q]! & 0x3f);
          else cp = 0;
        }
        const c = byteTable[cp]!;
        if (c === 0) {
          len = -1;
          break;
        }
        const d = prev ? pairTable[prev * 256 + c]! : 0;
        if (d) {
          out[at + len - 1] = d;
          prev = 0;
        } else {
          out[at + len++] = c;
          prev = c;
        }
      }
    }
    if (len >= MIN_WORD_TILES && len <= MAX_WORD_TILES) {
      n.entries++;
      n.words.commit(len);
    } else {
      n.add(index, JSON.parse(decoder.decode(bytes.subarray(start - 1, end + 1))) as string);
    }
    skip();
    if (bytes[p] === 0x2c) {
      p++;
      skip();
      continue;
    }
    if (bytes[p] === 0x5d) break;
    syntax();
  }
  p++;
  skip();
  if (p !== bytes.length) syntax();
  return n.result();
}

/**
 * The entries of a text word list: one word per line, surrounding spaces ignored, blank lines
 * and lines starting with `#` skipped. A line ends in LF, CRLF (Windows) or CR alone (the old
 * Mac OS, whose lists are still about): a CR-only list read by LF alone would be one long line.
 */
export function* textEntries(text: string): Generator<ListEntry> {
  const lines = text.split(/\r\n|\r|\n/);
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

/**
 * Plain-letter tokenizer: a table from character code (below 0x800) to tile code for every
 * single-character label in both cases, and a table of the two-letter digraphs. Returns
 * undefined for anything it does not know, and then `wordToTiles` decides.
 */
class FastTokenizer {
  readonly byteTable = new Uint8Array(0x800);
  readonly pairTable = new Uint8Array(256 * 256);
  readonly ok: boolean;

  constructor(set: TileSet) {
    let ok = set.letters.length < 256;
    set.letters.forEach((l, i) => {
      if (l.label.length !== 1) return;
      const lower = l.label.toLowerCase();
      for (const ch of [l.label, lower]) {
        const cp = ch.charCodeAt(0);
        if (ch.length === 1 && ch.toUpperCase() === l.label && cp < 0x800)
          this.byteTable[cp] = i + 1;
      }
    });
    set.letters.forEach((l, i) => {
      if (l.label.length === 1) return;
      const a = set.letters.findIndex((x) => x.label === l.label[0]);
      const b = set.letters.findIndex((x) => x.label === l.label[1]);
      if (l.label.length !== 2 || a < 0 || b < 0) ok = false;
      else this.pairTable[(a + 1) * 256 + b + 1] = i + 1;
    });
    this.ok = ok;
  }

  tiles(text: string): number[] | undefined {
    if (!this.ok) return undefined;
    const out: number[] = [];
    let prev = 0;
    for (let i = 0; i < text.length; i++) {
      const cp = text.charCodeAt(i);
      const c = cp < 0x800 ? this.byteTable[cp]! : 0;
      if (c === 0) return undefined;
      const d = prev ? this.pairTable[prev * 256 + c]! : 0;
      if (d) {
        out[out.length - 1] = d;
        prev = 0;
      } else {
        out.push(c);
        prev = c;
      }
    }
    return out;
  }
}
