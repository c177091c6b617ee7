/**
 * Issue 12's budget on the built client (dist/web, made by `npm run build`): all its
 * JavaScript fits in 150 KB gzipped, and the lexicon never ships — no .kwg, no large file, no
 * word list inside the bundle.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertClientBuilt, WEB_DIST } from './server.js';
import {
  javascript,
  JS_BUDGET_BYTES,
  LARGEST_FILE_BYTES,
  LEXICON_LEAK_FRACTION,
  lexiconWordsIn,
  shippedFiles,
  type ShippedFile,
} from './shipped.js';

describe('what the web client ships', () => {
  let files: ShippedFile[] = [];
  beforeAll(() => {
    assertClientBuilt();
    files = shippedFiles(WEB_DIST);
  });

  it('has an index page and JavaScript within 150 KB gzipped', () => {
    expect(files.map((f) => f.path)).toContain('index.html');
    const js = javascript(files);
    expect(js.length).toBeGreaterThan(0);
    const total = js.reduce((s, f) => s + f.gzipBytes, 0);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });

  it('never carries the lexicon: no .kwg, no file of lexicon size, no word list', () => {
    expect(files.filter((f) => /\.kwg$/i.test(f.path))).toEqual([]);
    expect(files.filter((f) => f.bytes > LARGEST_FILE_BYTES)).toEqual([]);
    const words = lexiconWordsIn(WEB_DIST, files);
    expect(
      words.found / words.sampled,
      `lexicon words in the bundle: ${words.examples.join(', ')}`,
    ).toBeLessThan(LEXICON_LEAK_FRACTION);
  });
});

describe('the lexicon detector', () => {
  it('sees a word list hidden in a bundle, even a tenth of one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atril-shipped-'));
    try {
      const require = createRequire(import.meta.url);
      const words = require('an-array-of-spanish-words') as string[];
      writeFileSync(
        join(dir, 'chunk.js'),
        `export const w=${JSON.stringify(words.filter((_, i) => i % 10 === 0))};`,
      );
      const found = lexiconWordsIn(dir, shippedFiles(dir));
      expect(found.found / found.sampled).toBeGreaterThan(LEXICON_LEAK_FRACTION);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
