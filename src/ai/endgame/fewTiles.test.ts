/**
 * The endgame solver's one- and two-tile placements read off the board, against the engine's
 * own placement rules (`evaluatePlacement`) and the word list: on real endgame boards, every
 * empty square next to a tile, a lone tile's score and whether its words exist; every pair in
 * line across board tiles, the pair's score and whether its words exist.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePlacement } from '../../engine/placement.js';
import { makeRules } from '../../engine/rules.js';
import { EMPTY, SPANISH } from '../../engine/tiles.js';
import { SIZE, SQUARES } from '../../engine/board.js';
import { loadDefaultLexicon, readDefaultWordList, unpackWords } from '../../lexicon/index.js';
import { PAIR_FIRST, PAIR_LAST, listedArcs, letterPairs } from '../kwgArcs.js';
import { WordIndex, key } from '../testing/bruteforce.js';
import { randomEndgames } from '../testing/endgames.js';
import {
  fitsAlone,
  fitsPair,
  nextEmpty,
  pairScore,
  pushSingle,
  runEndScores,
  singleScore,
} from './fewTiles.js';
import { MoveGenerator } from '../movegen.js';
import { MoveList, TILE_STRIDE } from '../movelist.js';

let nodes: Uint32Array;
let words: number[][];
let index: WordIndex;
const val = new Int16Array(256);
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  nodes = lex.value.nodes;
  words = unpackWords(readDefaultWordList().words);
  index = new WordIndex(words);
  SPANISH.letters.forEach((l, i) => (val[i + 1] = l.value));
});

// The engine's score for the tiles, and whether every word they make is in the list.
function engine(board: Uint8Array, placed: { square: number; tile: number }[]) {
  const r = evaluatePlacement(board, placed, SPANISH);
  if (!r.ok) throw new Error(r.error.code);
  return { score: r.value.score, words: r.value.words.every((w) => index.has(key(w.tiles))) };
}

/** The empty squares of the board next to one of its tiles, where a lone tile may go. */
function squaresNextTo(board: Uint8Array): number[] {
  const out: number[] = [];
  for (let q = 0; q < SQUARES; q++) {
    const c = q % SIZE;
    if (
      board[q] === EMPTY &&
      ((c > 0 && board[q - 1] !== EMPTY) ||
        (c < SIZE - 1 && board[q + 1] !== EMPTY) ||
        (q >= SIZE && board[q - SIZE] !== EMPTY) ||
        (q < SQUARES - SIZE && board[q + SIZE] !== EMPTY))
    )
      out.push(q);
  }
  return out;
}

/** The boards of `count` random endgames from `firstSeed` on (racks of one tile: any board). */
function endgameBoards(count: number, firstSeed: number): Uint8Array[] {
  return randomEndgames(nodes, SPANISH, makeRules('fise'), {
    count,
    firstSeed,
    minRack: 1,
    maxRack: 1,
  }).map((g) => g.board);
}

describe('one and two tiles read off the board', () => {
  // Letters of every kind of value, the digraphs and the Q among them.
  const tiles = ['A', 'E', 'S', 'Q', 'Z', 'Ñ', 'CH', 'RR'].map(
    (t) => SPANISH.letters.findIndex((l) => l.label === t) + 1,
  );

  it('the letters that meet in the words are those of the word list: a Q only before a U, and never last', () => {
    const want = new Int32Array(PAIR_LAST + 1);
    for (const w of words) {
      want[PAIR_FIRST]! |= 1 << w[0]!;
      want[PAIR_LAST]! |= 1 << w[w.length - 1]!;
      for (let k = 0; k + 1 < w.length; k++) want[w[k]!]! |= 1 << w[k + 1]!;
    }
    const pairs = letterPairs(listedArcs(nodes));
    expect([...pairs]).toEqual([...want]);
    const [q, u] = ['Q', 'U'].map((t) => SPANISH.letters.findIndex((l) => l.label === t) + 1);
    expect(pairs[q!]).toBe(1 << u!);
    expect((pairs[PAIR_LAST]! >>> q!) & 1).toBe(0);
  });

  it('every lone tile next to the board tiles of 4 endgames: the score and the words are the engine’s', () => {
    const kn = listedArcs(nodes);
    const games = endgameBoards(4, 20);
    let fits = 0;
    let tried = 0;
    for (const board of games) {
      for (const q of squaresNextTo(board)) {
        for (const t of tiles) {
          const e = engine(board, [{ square: q, tile: t }]);
          expect(singleScore(board, val, q, val[t]!)).toBe(e.score);
          expect(fitsAlone(kn, letterPairs(kn), board, q, t)).toBe(e.words);
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

  it('a lone tile on every square where its words exist, in 3 endgames: the moves are the generator’s for a rack of that tile, written alike', () => {
    const kn = listedArcs(nodes);
    const pairs = letterPairs(kn);
    const games = endgameBoards(3, 50);
    const gen = new MoveGenerator(nodes, SPANISH, makeRules('fise'));
    // Every field of every move, the tiles up to its length.
    const moves = (list: MoveList): string[] =>
      Array.from({ length: list.count }, (_, i) =>
        [
          list.kind[i],
          list.dir[i],
          list.start[i],
          list.len[i],
          list.played[i],
          list.score[i],
          list.equity[i],
          ...list.tiles.subarray(i * TILE_STRIDE, i * TILE_STRIDE + list.len[i]!),
        ].join(','),
      ).sort();
    let listed = 0;
    for (const board of games) {
      gen.setBoard(board);
      for (const c of tiles) {
        const rack = new Uint8Array(SPANISH.letters.length + 1);
        rack[c] = 1;
        const want = gen.generate({ rack, placementsOnly: true }, new MoveList());
        const got = new MoveList();
        for (const q of squaresNextTo(board)) {
          if (fitsAlone(kn, pairs, board, q, c)) pushSingle(got, board, val, q, c);
        }
        expect(moves(got)).toEqual(moves(want));
        listed += got.count;
      }
    }
    expect(listed).toBeGreaterThan(100);
  });

  it('a second tile at both ends of the run through a first one, on every square next to the board tiles of 2 endgames: the squares and the scores are the engine’s', () => {
    const games = endgameBoards(2, 40);
    const out = new Int32Array(4);
    const firsts = [tiles[0]!, tiles[4]!];
    const seconds = [tiles[1]!, tiles[6]!];
    let tried = 0;
    for (const board of games) {
      for (const r of squaresNextTo(board)) {
        for (const a of firsts) {
          for (const b of seconds) {
            for (let d = 0; d < 2; d++) {
              runEndScores(board, val, r, val[a]!, d, val[b]!, out);
              const withA = board.slice();
              withA[r] = a;
              for (const [e, dir] of [
                [0, -1],
                [2, 1],
              ] as const) {
                const q = nextEmpty(withA, r, d, dir);
                expect(out[e]).toBe(q);
                if (q < 0) continue;
                expect(out[e + 1]).toBe(engine(withA, [{ square: q, tile: b }]).score);
                tried++;
              }
            }
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(1000);
  });

  it('every pair in line across the board tiles from a square next to them, in 2 endgames: the score and the words are the engine’s', () => {
    const kn = listedArcs(nodes);
    const games = endgameBoards(2, 30);
    const pairs = [
      [tiles[0]!, tiles[2]!],
      [tiles[2]!, tiles[0]!],
      [tiles[1]!, tiles[1]!],
      [tiles[4]!, tiles[0]!],
    ];
    let fits = 0;
    let tried = 0;
    for (const board of games) {
      for (const q of squaresNextTo(board)) {
        for (let d = 0; d < 2; d++) {
          for (const dir of [-1, 1]) {
            const q2 = nextEmpty(board, q, d, dir);
            if (q2 < 0) continue;
            for (const [t1, t2] of pairs) {
              const placed = [
                { square: q, tile: t1! },
                { square: q2, tile: t2! },
              ];
              const e = engine(board, placed);
              expect(pairScore(board, val, d, q, t1!, q2, t2!)).toBe(e.score);
              expect(fitsPair(kn, board, d, q, t1!, q2, t2!)).toBe(e.words);
              tried++;
              if (e.words) fits++;
            }
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
    expect(fits).toBeGreaterThan(10);
    // The board is left as it was.
    expect(games[0]!).toEqual(endgameBoards(1, 30)[0]!);
  });
});
