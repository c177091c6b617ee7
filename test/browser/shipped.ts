/**
 * What the web client ships, measured on the built files in dist/web: the JavaScript's size
 * once gzipped (issue 12's budget: 150 KB) and whether any of it carries the lexicon. The
 * server judges words and the page scores tentative plays itself, so no word list, no .kwg
 * file and no large binary should ever reach a browser.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget for all of the client's JavaScript, gzipped. */
export const JS_BUDGET_BYTES = 150 * 1024;
/**
 * No file or response the client gets may be this large: the lexicon graph is about 4 MB and
 * its word list is several; a whole client's JavaScript is a fraction of this.
 */
export const LARGEST_FILE_BYTES = 512 * 1024;

/** One built file and its size, raw and gzipped (zlib's default level, as servers send). */
export interface ShippedFile {
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** Every file under `dir`, relative paths, sizes raw and gzipped. */
export function shippedFiles(dir: string): ShippedFile[] {
  const out: ShippedFile[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        const data = readFileSync(p);
        out.push({ path: relative(dir, p), bytes: data.length, gzipBytes: gzipSync(data).length });
      }
    }
  };
  walk(dir);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The JavaScript files among them. */
export function javascript(files: readonly ShippedFile[]): ShippedFile[] {
  return files.filter((f) => /\.(m?js)$/.test(f.path));
}

/** How many of a sample of lexicon words appear in the built files. */
export interface WordSample {
  readonly sampled: number;
  readonly found: number;
  /** A few of the words found, to say what leaked. */
  readonly examples: string[];
}

/**
 * Looks for a fixed sample of the lexicon's long words (eight letters or more: rare in
 * interface text) in every built text file. A page's own sentences may hold a handful; a word
 * list, even compressed into a bundle's strings, would hold most of them.
 */
export function lexiconWordsIn(
  dir: string,
  files: readonly ShippedFile[],
  sampleSize = 2000,
): WordSample {
  const require = createRequire(import.meta.url);
  const long = (require('an-array-of-spanish-words') as string[]).filter((w) => w.length >= 8);
  const step = Math.max(1, Math.floor(long.length / sampleSize));
  const sample = long.filter((_, i) => i % step === 0).slice(0, sampleSize);
  const tokens = new Set<string>();
  for (const f of files) {
    if (!/\.(m?js|html|css|json|txt|svg|map)$/.test(f.path)) continue;
    const text = readFileSync(join(dir, f.path), 'utf8').toLowerCase();
    for (const t of text.split(/[^a-záéíóúüñ]+/)) tokens.add(t);
  }
  const found = sample.filter((w) => tokens.has(w));
  return { sampled: sample.length, found: found.length, examples: found.slice(0, 10) };
}

/** The fraction of sampled words above which the lexicon counts as shipped. */
export const LEXICON_LEAK_FRACTION = 0.02;
