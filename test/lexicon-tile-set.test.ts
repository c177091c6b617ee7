/**
 * A lexicon compiled for another tile set cannot judge a Spanish game: its tile codes mean other
 * letters (English C is Spanish CH). Commands that play refuse it instead of playing nonsense.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH, wordToTiles } from '../src/engine/tiles.js';
import { buildKwg, saveKwg } from '../src/lexicon/index.js';
import { tempDir } from './helpers/tempDir.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'atril.js');
const atril = (args: string[], input = '') =>
  spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });

// The folder is made here, not in beforeAll: tempDir cannot remove what a beforeAll makes.
const english = join(tempDir('atril-en-'), 'en.kwg');
beforeAll(() => {
  const words = ['CAT', 'TEA', 'SEAT'].map((w) => {
    const tResult = wordToTiles(ENGLISH, w);
    if (!tResult.ok) throw new Error(w);
    const t = tResult.value;
    return t;
  });
  saveKwg(buildKwg(words, ENGLISH), english);
});

describe('a lexicon of another tile set', () => {
  it('atril selfplay refuses it with exit 2', () => {
    const r = atril([
      'selfplay',
      '--games',
      '1',
      '--bots',
      'experto,aficionado',
      '--lexicon',
      english,
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/fichas inglés .* fichas español/);
  });

  it('atril play refuses it with exit 2', () => {
    const r = atril(['play', '--vs', 'experto', '--seed', '3', '--lexicon', english], 'salir\n');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/fichas inglés .* fichas español/);
  });
});
