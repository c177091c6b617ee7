/**
 * The endgame solver's one-tile placements read off the board, against the engine's own
 * placement rules (`evaluatePlacement`) and the word list: on real endgame boards, on every
 * empty square next to a tile, a lone tile's score and whether its words exist.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePlacement } from '../../engine/placement.js';
import { makeRules } from '../../engine/rules.js';
import { EMPTY, SPANISH } from '../../engine/tiles.js';
import { SIZE, SQUARES } from '../../engine/board.js';
import { loadDefaultLexicon, readDefaultWordList, unpackWords } from '../../lexicon/index.js';
import { interleavedMasks } from '../kwgArcs.js';
import { WordIndex, key } from '../testing/bruteforce.js';
import { randomEndgames } from '../testing/endgames.js';
import { fitsAlone, singleScore } from './fewTiles.js';

let nodes: Uint32Array;
let index: WordIndex;
const val = new Int16Array(256);
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  nodes = lex.value.nodes;
  index = new WordIndex(unpackWords(readDefaultWordList().words));
  SPANISH.letters.forEach((l, i) => (val[i + 1] = l.value));
});

// The engine's score for the tiles, and whether every word they make is in the list.
function engine(board: Uint8Array, placed: { square: number; tile: number }[]) {
  const r = evaluatePlacement(board, placed, SPANISH);
  if (!r.ok) throw new Error(r.error.code);
  return { score: r.value.score, words: r.value.words.every((w) => index.has(key(w.tiles))) };
}

function touches(board: Uint8Array, q: number): boolean {
  const c = q % SIZE;
  return (
    (c > 0 && board[q - 1] !== EMPTY) ||
    (c < SIZE - 1 && board[q + 1] !== EMPTY) ||
    (q >= SIZE && board[q - SIZE] !== EMPTY) ||
    (q < SQUARES - SIZE && board[q + SIZE] !== EMPTY)
  );
}

describe('one tile read off the board', () => {
  // Letters of every kind of value, the digraphs and the Q among them.
  const tiles = ['A', 'E', 'S', 'Q', 'Z', 'Ñ', 'CH', 'RR'].map(
    (t) => SPANISH.letters.findIndex((l) => l.label === t) + 1,
  );

  it('every lone tile next to the board tiles of 4 endgames: the score and the words are the engine’s', () => {
    const kn = interleavedMasks(nodes);
    const games = randomEndgames(nodes, SPANISH, makeRules('fise'), {
      count: 4,
      firstSeed: 20,
      minRack: 1,
      maxRack: 1,
    });
    let fits = 0;
    let tried = 0;
    for (const { board } of games) {
      for (let q = 0; q < SQUARES; q++) {
        if (board[q] !== EMPTY || !touches(board, q)) continue;
        for (const t of tiles) {
          const e = engine(board, [{ square: q, tile: t }]);
          expect(singleScore(board, val, q, val[t]!)).toBe(e.score);
          expect(fitsAlone(kn, board, q, t)).toBe(e.words);
          tried++;
          if (e.words) fits++;
        }
      }
    }
    // Both answers came up many times.
    expect(tried).toBeGreaterThan(1000);
    expect(fits).toBeGreaterThan(50);
    expect(tried - fits).toBeGreaterThan(500);
  });
});
