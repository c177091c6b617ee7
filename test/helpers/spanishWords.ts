/** Test helpers for seeded random games: the word list the random player plays from. */
import { createRequire } from 'node:module';
import { WordIndex } from '../../src/engine/testing/randomPlayer.js';
import { SPANISH, wordToTiles } from '../../src/engine/tiles.js';

/** The Spanish words of up to six letters from `an-array-of-spanish-words`, as tiles. */
export function loadWords(): WordIndex {
  const require = createRequire(import.meta.url);
  const list = require('an-array-of-spanish-words') as string[];
  const words: number[][] = [];
  for (const w of list) {
    if (w.length > 6) continue;
    const t = wordToTiles(SPANISH, w);
    if (t.ok && t.value.length >= 2) words.push(t.value);
  }
  return new WordIndex(SPANISH, words);
}
