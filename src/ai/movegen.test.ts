/**
 * The move generator against the brute-force reference (differential, seeded random positions)
 * and golden counts with the default lexicon.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY,
  SPANISH,
  fullDistribution,
  parseNotation,
  rackFromTiles,
  rackToTiles,
} from '../engine/tiles.js';
import { boardWith } from '../engine/testing/positions.js';
import { CH, ENYE, LL, RR } from '../engine/testing/spanishCodes.js';
import {
  buildKwg,
  loadDefaultLexicon,
  readDefaultWordList,
  unpackWords,
} from '../lexicon/index.js';
import { LETTER_MULT, WORD_MULT } from '../engine/board.js';
import { markRunEnds } from './crossSets.js';
import { MoveGenerator } from './movegen.js';
import { KIND_EXCHANGE, KIND_PASS, KIND_PLACE, MoveList } from './movelist.js';
import { Rng } from './rng.js';
import { WordIndex, bruteForceMoves, placedKey } from './testing/bruteforce.js';

let fullWords: number[][];
beforeAll(() => {
  fullWords = unpackWords(readDefaultWordList().words);
});

function rackOf(text: string): Uint8Array {
  const tResult = parseNotation(SPANISH, text, { allowUndesignatedBlank: true });
  if (!tResult.ok) throw new Error(text);
  const t = tResult.value;
  return rackFromTiles(SPANISH, t);
}

/**
 * placed-key → score of the generator's placements (only those covering an anchor of `only`
 * when given); fails on a duplicate.
 */
function generated(
  gen: MoveGenerator,
  rack: Uint8Array,
  list: MoveList,
  only?: readonly number[],
): Map<string, number> {
  gen.generate({ rack, placementsOnly: true, only }, list);
  const got = new Map<string, number>();
  for (let i = 0; i < list.count; i++) {
    const k = placedKey(list.placedOf(i));
    if (got.has(k)) throw new Error(`duplicate move ${k}`);
    got.set(k, list.score[i]!);
  }
  return got;
}

/** Draws a rack from a bag array, sometimes forcing blanks and digraph tiles in. */
function drawRack(rng: Rng, bag: number[], size: number): Uint8Array {
  const rack = new Uint8Array(SPANISH.letters.length + 1);
  const forced = rng.next();
  if (forced < 0.15) rack[0] = 1;
  else if (forced < 0.22) rack[0] = 2;
  else if (forced < 0.4) rack[[CH, LL, ENYE, RR][rng.int(4)]!]!++;
  let n = rackToTiles(rack).length;
  while (n < size && bag.length > 0) {
    const k = rng.int(bag.length);
    rack[bag[k]!]!++;
    bag.splice(k, 1);
    n++;
  }
  return rack;
}

/**
 * The brute force's openings with each down play replaced by its across transpose: the board
 * is symmetric about its diagonal, so both are one move with one score, listed once.
 */
function openingsOnce(moves: Map<string, number>): Map<string, number> {
  const once = new Map<string, number>();
  for (const [k, score] of moves) {
    const placed = k.split(' ').map((p) => p.split(':').map(Number) as [number, number]);
    const down = placed.length > 1 && placed.every(([sq]) => sq % 15 === placed[0]![0] % 15);
    const across = down
      ? placed.map(([sq, t]) => `${(sq % 15) * 15 + Math.floor(sq / 15)}:${t}`).join(' ')
      : k;
    const seen = once.get(across);
    if (seen !== undefined) expect(seen).toBe(score);
    once.set(across, score);
  }
  return once;
}

/**
 * Plays `positions` random games with the generator: before each move, compares its moves with
 * the brute force for a random rack; then plays a random move (incremental cross-sets) and
 * checks them against a full recomputation.
 */
function differential(words: number[][], seed: number, positions: number, maxRack: number): number {
  const kwg = buildKwg(words, SPANISH);
  const index = new WordIndex(words);
  const gen = new MoveGenerator(kwg.nodes, SPANISH);
  const fresh = new MoveGenerator(kwg.nodes, SPANISH);
  const list = new MoveList();
  const rng = new Rng(seed);
  let done = 0;
  let compared = 0;
  while (done < positions) {
    gen.setBoard(new Uint8Array(225));
    const bag = rackToTiles(fullDistribution(SPANISH));
    for (let turn = 0; turn < 12 && done < positions; turn++) {
      const rack = drawRack(rng, bag, 1 + rng.int(maxRack));
      const got = generated(gen, rack, list);
      let want = bruteForceMoves(gen.board, rack, index, SPANISH);
      if (gen.tileCount === 0) want = openingsOnce(want);
      expect(got).toEqual(want);
      compared += want.size;
      done++;
      // Move on with a random move of a fresh 7-tile rack so the board fills up.
      const playRack = drawRack(rng, bag, 7);
      gen.generate({ rack: playRack, placementsOnly: true }, list);
      if (list.count === 0) break;
      const placed = list.placedOf(rng.int(list.count));
      gen.playPlaced(
        placed.map((p) => p.square),
        placed.map((p) => p.tile),
      );
      fresh.setBoard(gen.board);
      let differ = 0;
      for (let sq = 0; sq < 225; sq++) {
        if (gen.crossMask(0, sq) !== fresh.crossMask(0, sq)) differ++;
        if (gen.crossMask(1, sq) !== fresh.crossMask(1, sq)) differ++;
      }
      expect(differ).toBe(0);
    }
  }
  return compared;
}

describe('move generator: differential test against the brute force', () => {
  it('P-01…P-07, S-01…S-07, D-01…D-03: 900 positions, small lexicon, racks of 1–6 with blanks and digraphs', () => {
    const rng = new Rng(42);
    const small = fullWords.filter((w) => w.length <= 8 && rng.next() < 0.012);
    expect(small.length).toBeGreaterThan(2000);
    const compared = differential(small, 1, 900, 6);
    expect(compared).toBeGreaterThan(3_500);
  }, 300_000);

  it('the same on 100 positions with the full default lexicon, racks of 1–3', () => {
    const compared = differential(fullWords, 2, 100, 3);
    expect(compared).toBeGreaterThan(2_000);
  }, 300_000);
});

/** The squares a placed-key's tiles go on. */
function keySquares(k: string): number[] {
  return k.split(' ').map((p) => Number(p.split(':')[0]));
}

describe('move generator: regenerating only what new tiles changed (GenRequest.only)', () => {
  it('covering a marked anchor: exactly the moves of the full list that do, each once', () => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    const gen = new MoveGenerator(lex.value.nodes, SPANISH);
    const list = new MoveList();
    const rng = new Rng(5);
    let compared = 0;
    let derived = 0;
    for (let game = 0; game < 12; game++) {
      gen.setBoard(new Uint8Array(225));
      const bag = rackToTiles(fullDistribution(SPANISH));
      for (let turn = 0; turn < 14; turn++) {
        const rack = drawRack(rng, bag, 1 + rng.int(7));
        const before = generated(gen, rack, list);
        if (gen.tileCount > 0) {
          // About 40 random squares, listed backwards and some twice; what counts is the
          // anchors among them.
          const mask = new Uint8Array(225);
          const squares: number[] = [];
          for (let sq = 0; sq < 225; sq++) {
            mask[sq] = rng.next() < 0.18 ? 1 : 0;
            if (mask[sq] === 1) squares.unshift(sq);
          }
          const only = generated(gen, rack, list, [...squares, ...squares.slice(0, 3)]);
          const anchor = (s: number): boolean =>
            mask[s] === 1 &&
            [s - 15, s + 15, s % 15 > 0 ? s - 1 : -1, s % 15 < 14 ? s + 1 : -1].some(
              (n) => n >= 0 && n < 225 && gen.board[n] !== EMPTY,
            );
          const want = new Map([...before].filter(([k]) => keySquares(k).some(anchor)));
          expect(only).toEqual(want);
          compared += want.size;
          // The board's anchors, kept between requests, are found again after a restricted one.
          expect(generated(gen, rack, list)).toEqual(before);
        } else {
          expect(() => gen.generate({ rack, only: [] }, list)).toThrow(RangeError);
        }

        // The other player plays; the first one's moves are then its earlier ones that keep
        // clear of the new tiles and their run ends, plus the moves covering those run ends.
        const other = drawRack(rng, bag, 7);
        gen.generate({ rack: other, placementsOnly: true }, list);
        if (list.count === 0) break;
        const placed = list.placedOf(rng.int(list.count));
        const squares = placed.map((p) => p.square);
        gen.playPlaced(
          squares,
          placed.map((p) => p.tile),
        );
        const ends = new Uint8Array(225);
        const endList: number[] = [];
        markRunEnds(gen.board, squares, squares.length, ends, endList);
        for (const sq of squares) expect(ends[sq]).toBe(0);
        expect([...endList].sort((a, b) => a - b)).toEqual(
          [...ends.keys()].filter((sq) => ends[sq] === 1),
        );
        const kept = [...before].filter(([k]) =>
          keySquares(k).every((s) => !ends[s] && !squares.includes(s)),
        );
        const rebuilt = new Map([...kept, ...generated(gen, rack, list, endList)]);
        expect(rebuilt).toEqual(generated(gen, rack, list));
        derived += rebuilt.size;
      }
    }
    expect(compared).toBeGreaterThan(5_000);
    expect(derived).toBeGreaterThan(5_000);
  }, 120_000);
});

describe('move generator: goldens with the default lexicon', () => {
  let gen: MoveGenerator;
  const list = new MoveList();
  beforeAll(() => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    gen = new MoveGenerator(lex.value.nodes, SPANISH);
  });

  const golden = (words: [string, string][], rack: string): [number, number] => {
    gen.setBoard(boardWith(words));
    gen.generate({ rack: rackOf(rack), placementsOnly: true }, list);
    let best = 0;
    for (let i = 0; i < list.count; i++) best = Math.max(best, list.score[i]!);
    return [list.count, best];
  };

  // CANTOR across row 8, ASA and SUDOR hanging from it, LLAVES on row 4 ending on SUDOR's S.
  const MID: [string, string][] = [
    ['8D', 'CANTOR'],
    ['E6', 'ASA'],
    ['I4', 'SUDOR'],
    ['4E', '[LL]AVES'],
  ];

  it('the board is symmetric about its diagonal, so openings are generated across only', () => {
    for (let r = 0; r < 15; r++)
      for (let c = 0; c < 15; c++) {
        expect(LETTER_MULT[c * 15 + r]).toBe(LETTER_MULT[r * 15 + c]);
        expect(WORD_MULT[c * 15 + r]).toBe(WORD_MULT[r * 15 + c]);
      }
    gen.setBoard(new Uint8Array(225));
    gen.generate({ rack: rackOf('AEINRST'), placementsOnly: true }, list);
    for (let i = 0; i < list.count; i++) expect(list.dir[i]).toBe(0);
  });
  it('empty board, AEINRST (each opening listed once, across)', () => {
    expect(golden([], 'AEINRST')).toEqual(GOLDEN.empty);
  });
  it('a mid-game board, AEINRST', () => {
    expect(golden(MID, 'AEINRST')).toEqual(GOLDEN.mid);
  });
  it('D-03: two blanks, ??ERSTU on the mid-game board', () => {
    expect(golden(MID, '??ERSTU')).toEqual(GOLDEN.blanks);
  });
  it('D-01: Ñ, CH and RR tiles on the mid-game board', () => {
    expect(golden(MID, 'Ñ[CH][RR]AEOS')).toEqual(GOLDEN.digraphs);
  });

  it('lists every distinct exchange and the pass (X-01)', () => {
    gen.setBoard(boardWith(MID));
    const rack = rackOf('AAEE?[CH]S');
    // A leave worth a different amount for each kept multiset: each exchange's equity must be
    // that of the rack less exactly its tiles.
    // (Models read only the rack's codes: the table's counts of other codes are stale.)
    const codes = [...rack.keys()].filter((t) => rack[t]! > 0);
    const weigh = (counts: ArrayLike<number>): number => {
      let v = 0;
      for (const t of codes) v += counts[t]! * (1 + t * 0.37) ** 2;
      return v;
    };
    gen.generate({ rack, bagCount: 50, leaves: { leaveValue: weigh } }, list);
    let exchanges = 0;
    let passes = 0;
    const distinct = new Set<string>();
    for (let i = 0; i < list.count; i++) {
      if (list.kind[i] === KIND_PASS) passes++;
      if (list.kind[i] !== KIND_EXCHANGE) continue;
      exchanges++;
      const move = list.toMove(i);
      if (move.kind !== 'exchange') throw new Error(`move ${i} is not an exchange`);
      const tiles = [...move.tiles];
      // Tiles of the rack, in code order, each no more often than the rack holds it.
      expect(tiles).toEqual([...tiles].sort((a, b) => a - b));
      for (const t of tiles)
        expect(tiles.filter((x) => x === t).length).toBeLessThanOrEqual(rack[t]!);
      const kept = Array.from(rack);
      for (const t of tiles) kept[t]!--;
      expect(list.equity[i]).toBeCloseTo(weigh(kept), 9);
      distinct.add(tiles.join(','));
    }
    // (2+1)(2+1)(1+1)(1+1)(1+1) = 72 sub-multisets, minus the empty exchange (the pass).
    expect(exchanges).toBe(71);
    expect(distinct.size).toBe(71);
    expect(passes).toBe(1);
  });

  it('X-01: no exchange of more tiles than the bag holds; none when the bag is empty', () => {
    gen.setBoard(boardWith(MID));
    gen.generate({ rack: rackOf('ABCDEFG'), bagCount: 1 }, list);
    let maxLen = 0;
    for (let i = 0; i < list.count; i++)
      if (list.kind[i] === KIND_EXCHANGE) maxLen = Math.max(maxLen, list.len[i]!);
    expect(maxLen).toBe(1);
    gen.generate({ rack: rackOf('ABCDEFG'), bagCount: 0 }, list);
    for (let i = 0; i < list.count; i++) expect(list.kind[i]).not.toBe(KIND_EXCHANGE);
  });

  it('best-N equals the N best of all moves', () => {
    const leaves = {
      leaveValue: (c: ArrayLike<number>, n: number) => 3 * c[0]! - 0.7 * n + (c[6]! > 1 ? -2 : 0),
    };
    const rng = new Rng(9);
    const top = new MoveList();
    for (const rack of ['AEINRST', '??ERSTU', 'Ñ[CH][RR]AEOS', 'QXZJIIU', 'AAEEOOU']) {
      gen.setBoard(boardWith(MID));
      gen.generate({ rack: rackOf(rack), leaves, bagCount: 40 }, list);
      const n = 1 + rng.int(8);
      gen.generate({ rack: rackOf(rack), leaves, bagCount: 40, top: n }, top);
      const all = list
        .order()
        .slice(0, n)
        .map((i) => list.equity[i]);
      expect(top.order().map((i) => top.equity[i])).toEqual(all);
      expect(top.kind[top.order()[0]!]).toBe(list.kind[list.order()[0]!]);
    }
    expect(KIND_PLACE).toBe(0);
  });
});

// [number of placements, best score]: counted by the generator and confirmed move for move by
// the brute force (bruteForceMoves over the whole default list; 43 s for the two blanks).
const GOLDEN = {
  empty: [1376, 66],
  mid: [2332, 77],
  blanks: [35731, 71],
  digraphs: [620, 50],
};
