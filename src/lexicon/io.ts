/**
 * The lexicon's edge with the file system: reading word lists, building and saving graph
 * files, loading them (one read, no parsing) with clear Spanish errors. The only module of
 * src/lexicon that touches Node APIs.
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SPANISH, type TileSet } from '../engine/tiles.js';
import type { LexiconLoadError } from '../engine/errors.js';
import { type Result, err, ok } from '../engine/result.js';
import { decodeKwg, encodeKwg } from './file.js';
import { INPUT_LIMITS, readInputFile } from './inputFile.js';
import type { Kwg } from './kwg.js';
import { writeFileAtomic } from './outputFile.js';
import { Lexicon } from './lexicon.js';
import {
  normaliseEntries,
  normaliseJsonArray,
  textEntries,
  type NormalisedList,
} from './wordlist.js';

/** Why a lexicon or word list file could not be used (declared in engine/errors.ts). */
export type { LexiconLoadError };

/** A lexicon or word list read from a file, or why not (its sentence: src/play/errorText.ts). */
export type Loaded<T> = Result<T, LexiconLoadError>;

/** Where `npm install` puts the default Spanish lexicon: `data/spanish.kwg` in the package. */
export function defaultLexiconPath(): string {
  return fileURLToPath(new URL('../../data/spanish.kwg', import.meta.url));
}

/**
 * The name a game record gives the lexicon of `path` (GCG `#lexicon`), or of the default one
 * without a path: its file's name without the extension, as Macondo names a lexicon by its file
 * (NWL20.kwg is NWL20) and `atril serve` its lexicons by id (`spanish`, data/spanish.kwg). Blanks
 * and control characters become `_`: the name is one word on one line of the record.
 */
export function lexiconName(path: string | undefined): string {
  const file = basename(path ?? defaultLexiconPath());
  const name = file.slice(0, file.length - extname(file).length) || file;
  return name.replace(/[\p{C}\p{Z}\s]+/gu, '_');
}

/** The default word list: `index.json` of the npm package an-array-of-spanish-words (MIT). */
export function defaultWordListPath(): string {
  return createRequire(import.meta.url).resolve('an-array-of-spanish-words/index.json');
}

function fail<T>(error: LexiconLoadError): Loaded<T> {
  return err(error);
}

function readBytes(path: string, limit: number): Loaded<Uint8Array> {
  const r = readInputFile(path, limit);
  return r.ok ? r : fail(r.error);
}

/** Reads a graph file (verifying header and checksum) into a Lexicon. */
export function loadLexicon(path: string): Loaded<Lexicon> {
  const abs = resolve(path);
  const bytes = readBytes(abs, INPUT_LIMITS.lexicon);
  if (!bytes.ok) return bytes;
  const kwg = decodeKwg(bytes.value);
  if (!kwg.ok) return fail({ ...kwg.error, path: abs });
  return ok(new Lexicon(kwg.value));
}

let defaultLexicon: Lexicon | undefined;

/**
 * The default Spanish lexicon (read once, then shared). Its errors say `defaultLexicon`, so
 * that their sentence tells how to build it.
 */
export function loadDefaultLexicon(): Loaded<Lexicon> {
  if (defaultLexicon) return ok(defaultLexicon);
  const r = loadLexicon(defaultLexiconPath());
  if (!r.ok) return fail({ ...r.error, defaultLexicon: true });
  defaultLexicon = r.value;
  return r;
}

/**
 * The lexicon a command should use: the file named by `--lexicon` (resolved against the
 * current directory) or, without one, the default lexicon.
 */
export function openLexicon(option: string | undefined): Loaded<Lexicon> {
  return option === undefined ? loadDefaultLexicon() : loadLexicon(option);
}

// DEL, and the bytes Windows-1252 leaves undefined: in no Latin-1 or Windows-1252 text.
const LATIN1_NEVER = new Set([0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Whether bytes that are not UTF-8 read as Latin-1 or Windows-1252 text: no control byte but
 * tab, line ends and form feed, and none of LATIN1_NEVER. A Spanish list saved that way by an
 * older editor has its Ñ as 0xD1 and its á as 0xE1; binary data soon has a control byte (NUL
 * above all).
 */
function looksLatin1(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b < 0x20 ? b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d : LATIN1_NEVER.has(b))
      return false;
  }
  return true;
}

/**
 * The text of a word list's bytes (UTF-8, its byte-order mark dropped), or why there is none:
 * binary data (NOT_TEXT), or text saved in Latin-1 (LATIN1), which the user can convert.
 */
function listText(bytes: Uint8Array): Result<string, 'NOT_TEXT' | 'LATIN1'> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return err(looksLatin1(bytes) ? 'LATIN1' : 'NOT_TEXT');
  }
  // NUL is in no word list: binary data whose bytes happen to be valid UTF-8.
  if (text.includes('\0')) return err('NOT_TEXT');
  return ok(text.startsWith('\ufeff') ? text.slice(1) : text);
}

/**
 * Reads a word list text file (UTF-8, one word per line, `#` comments) and normalises it.
 * A binary file, a text in Latin-1 (told apart, for the user to save it as UTF-8) and a file
 * without a single entry are errors; rejected lines are in the result.
 */
export function readWordList(path: string, set: TileSet = SPANISH): Loaded<NormalisedList> {
  const abs = resolve(path);
  const bytes = readBytes(abs, INPUT_LIMITS.wordList);
  if (!bytes.ok) return bytes;
  const text = listText(bytes.value);
  if (!text.ok) return fail({ code: text.error, path: abs });
  const list = normaliseEntries(set, textEntries(text.value));
  if (list.entries === 0) return fail({ code: 'NO_WORDS', path: abs });
  return ok(list);
}

/** Reads and normalises the default word list (an-array-of-spanish-words). */
export function readDefaultWordList(): NormalisedList {
  return normaliseJsonArray(SPANISH, readFileSync(defaultWordListPath()));
}

/**
 * Writes a graph file whole or not at all (a temporary file in the same directory, renamed over
 * the target). `createDir` makes missing directories first: for generated data such as the
 * default lexicon, not for a path a user typed.
 */
export function saveKwg(kwg: Kwg, path: string, opts: { createDir?: boolean } = {}): void {
  const abs = resolve(path);
  if (opts.createDir ?? true) mkdirSync(dirname(abs), { recursive: true });
  writeFileAtomic(abs, encodeKwg(kwg));
}
