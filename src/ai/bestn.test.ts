/**
 * Best-N against all moves (differential, seeded random positions with the default lexicon).
 *
 * `generate({ top: N })` may skip anchors and branches whose equity bound cannot beat the N-th
 * best move found so far; any move such pruning wrongly drops shows up here as an equity list
 * that differs from the first N of the all-moves list (`top: 0`), which the brute-force
 * differential in `movegen.test.ts` vouches for. Ties at the N-th equity may be broken either
 * way, so equity lists are compared, and every best-N move must be a real move with the same
 * score and equity in the all-moves list.
 *
 * 160 positions (8 seeded games of 20 random moves) × 3 leave models = 480 configurations, each
 * checked for N = 1, 2, 5, 10 with and without `placementsOnly` (3840 best-N calls).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SIZE } from '../engine/board.js';
import {
  BLANK_FLAG,
  EMPTY,
  SPANISH,
  fullDistribution,
  rackToTiles,
  tilesToGcg,
} from '../engine/tiles.js';
import { DIGRAPHS, Q } from '../engine/testing/spanishCodes.js';
import { loadDefaultLexicon } from '../lexicon/index.js';
import { type LeaveModel, NO_LEAVES } from './leave.js';
import { defaultLeaves } from './leaves.js';
import { type GenRequest, MoveGenerator } from './movegen.js';
import { OpeningMap } from './openingMap.js';
import { KIND_PLACE, MoveList, TILE_STRIDE } from './movelist.js';
import { Rng } from './rng.js';

const EPS = 1e-9;
const NS = [1, 2, 5, 10];

/**
 * Extreme leave values, so that best-N has to weigh leaves against score: a big bonus per kept
 * blank, steep penalties for duplicates and a kept Q, a bonus per kept digraph and per kept tile
 * (which favours short plays and exchanges), all non-integer.
 */
const WILD_LEAVES: LeaveModel = {
  leaveValue(counts, size) {
    let v = 2.5 * size + 31.25 * counts[0]!;
    for (let t = 1; t < counts.length; t++) if (counts[t]! > 1) v -= 9.75 * (counts[t]! - 1);
    v -= 17.5 * counts[Q]!;
    for (const d of DIGRAPHS) v += 4.125 * counts[d]!;
    return v;
  },
};

/** Bag states: mid-game, nearly empty under X-02 (≥1) and X-03 (≥8), empty (E-05 equity). */
const BAGS: readonly { name: string; req: (unseen: number) => Partial<GenRequest> }[] = [
  { name: 'bag 60', req: () => ({ bagCount: 60 }) },
  { name: 'bag 3, X-02 min 1', req: () => ({ bagCount: 3, exchangeMinBag: 1 }) },
  { name: 'bag 3, X-03 min 8', req: () => ({ bagCount: 3, exchangeMinBag: 8 }) },
  { name: 'bag 0, E-05', req: (unseen) => ({ bagCount: 0, unseenValue: unseen }) },
];

/** One test position: a board (as a move count), a rack and the value of the unseen tiles. */
interface Position {
  readonly label: string;
  readonly board: Uint8Array;
  readonly rack: Uint8Array;
  readonly moves: number;
  readonly unseen: number;
}

/** A move's identity: kind, square, direction and tiles. */
function moveKey(list: MoveList, i: number): string {
  const tiles = list.tiles.subarray(i * TILE_STRIDE, i * TILE_STRIDE + list.len[i]!);
  return `${list.kind[i]}:${list.start[i]}:${list.dir[i]}:${tiles.join(',')}`;
}

function rackText(rack: Uint8Array): string {
  return tilesToGcg(SPANISH, rackToTiles(rack), '?');
}

/** The board as 15 GCG rows (`.` for empty squares), to rebuild a failing position. */
function boardText(board: Uint8Array): string {
  const rows: string[] = [];
  for (let r = 0; r < SIZE; r++)
    rows.push(tilesToGcg(SPANISH, board.subarray(r * SIZE, r * SIZE + SIZE)));
  return rows.join('/');
}

/**
 * Draws a test rack of `size` tiles from the bag without taking them out: `blanks` blanks, then
 * (when asked) one digraph or Ñ, then random non-blank tiles of the bag.
 */
function testRack(rng: Rng, bag: number[], size: number, blanks: number, digraph: boolean) {
  const rack = new Uint8Array(SPANISH.letters.length + 1);
  rack[0] = blanks;
  let n = blanks;
  if (digraph && n < size) {
    rack[DIGRAPHS[rng.int(DIGRAPHS.length)]!]!++;
    n++;
  }
  const letters = bag.filter((t) => t !== 0);
  while (n < size && letters.length > 0) {
    const k = rng.int(letters.length);
    rack[letters[k]!]!++;
    letters.splice(k, 1);
    n++;
  }
  return rack;
}

/**
 * Plays `games` seeded random games of up to `maxMoves` moves (a random legal placement of a
 * 7-tile rack drawn from the bag each turn, the unplayed tiles going back) and takes a test
 * position before each move: the empty board first, then early, mid and late boards.
 */
function positions(gen: MoveGenerator, seed: number, games: number, maxMoves: number): Position[] {
  const rng = new Rng(seed);
  const list = new MoveList();
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    gen.setBoard(new Uint8Array(SIZE * SIZE));
    const bag = rackToTiles(fullDistribution(SPANISH));
    for (let moves = 0; moves <= maxMoves; moves++) {
      const r = rng.next();
      // Two blanks in 1 of 12 racks: they cost the all-moves walk the most.
      const blanks = r < 1 / 12 ? 2 : r < 0.3 ? 1 : 0;
      const digraph = rng.next() < 0.3;
      const size = Math.max(1 + rng.int(7), blanks);
      const rack = testRack(rng, bag, size, blanks, digraph);
      // Stands in for the opponent's rack at the end of the game (E-05).
      let unseen = 0;
      for (let k = 0; k < 7 && k < bag.length; k++)
        if (bag[k] !== 0) unseen += SPANISH.letters[bag[k]! - 1]!.value;
      out.push({
        label: `seed ${seed} game ${g} after ${moves} moves, rack ${rackText(rack)}`,
        board: gen.board.slice(),
        rack,
        moves,
        unseen,
      });
      // Move on: draw 7 from the bag, play a random placement, put the rest back.
      const hand: number[] = [];
      while (hand.length < 7 && bag.length > 0) hand.push(bag.splice(rng.int(bag.length), 1)[0]!);
      const counts = new Uint8Array(SPANISH.letters.length + 1);
      for (const t of hand) counts[t]!++;
      gen.generate({ rack: counts, placementsOnly: true }, list);
      if (list.count === 0) {
        bag.push(...hand);
        continue;
      }
      const placed = list.placedOf(rng.int(list.count));
      gen.playPlaced(
        placed.map((p) => p.square),
        placed.map((p) => p.tile),
      );
      for (const p of placed) hand.splice(hand.indexOf(p.tile & BLANK_FLAG ? 0 : p.tile), 1);
      bag.push(...hand);
    }
  }
  return out;
}

/** What one comparison saw, for the coverage checks. */
interface Tally {
  configs: number;
  comparisons: number;
  movesCompared: number;
  exchangeInTop: number;
  nonPlaceBest: number;
}

function newTally(): Tally {
  return { configs: 0, comparisons: 0, movesCompared: 0, exchangeInTop: 0, nonPlaceBest: 0 };
}

/**
 * Compares best-N with all moves for one position and one request (leaves and bag), for every
 * N in `NS`, with and without `placementsOnly`, and returns what differs (empty when nothing
 * does). The all-moves list is generated once; its placements are the placements-only reference.
 */
function compare(
  gen: MoveGenerator,
  base: GenRequest,
  what: string,
  all: MoveList,
  top: MoveList,
  tally: Tally,
): string[] {
  const bad: string[] = [];
  gen.generate({ ...base, top: 0 }, all);
  const allOrder = all.order();
  for (const placementsOnly of [false, true]) {
    const order = placementsOnly ? allOrder.filter((i) => all.kind[i] === KIND_PLACE) : allOrder;
    if (!placementsOnly && order.length > 0 && all.kind[order[0]!] !== KIND_PLACE)
      tally.nonPlaceBest++;
    for (const n of NS) {
      const ctx = `${what}, top ${n}${placementsOnly ? ', placements only' : ''}`;
      gen.generate({ ...base, placementsOnly, top: n }, top);
      const want = order.slice(0, n).map((i) => all.equity[i]!);
      const gotOrder = top.order();
      const got = gotOrder.map((i) => top.equity[i]!);
      tally.comparisons++;
      tally.movesCompared += got.length;
      if (got.length !== want.length || got.some((e, k) => !(Math.abs(e - want[k]!) <= EPS))) {
        bad.push(`equities [${got.join(' ')}], want [${want.join(' ')}]: ${ctx}`);
        continue;
      }
      if (want.length === 0) continue;
      // Ties included, the N best are exactly the first N of all moves in the total order.
      const wantKeys = order.slice(0, n).map((i) => moveKey(all, i));
      const gotKeys = gotOrder.map((i) => moveKey(top, i));
      if (gotKeys.join(' ') !== wantKeys.join(' '))
        bad.push(`moves ${gotKeys.join(' ')}, want the first ${n}: ${wantKeys.join(' ')}: ${ctx}`);
      // Every best-N move is a real move with the score and equity all-moves gives it: it must
      // be one of the all-moves candidates that reach the N-th equity.
      const last = want[want.length - 1]! - EPS;
      const candidates = new Map<string, number>();
      for (const i of order) {
        if (all.equity[i]! < last) break;
        candidates.set(moveKey(all, i), i);
      }
      const seen = new Set<string>();
      for (const i of gotOrder) {
        const k = moveKey(top, i);
        const j = candidates.get(k);
        if (seen.has(k)) bad.push(`duplicate move ${k}: ${ctx}`);
        else if (j === undefined) bad.push(`move ${k} is not among the best of all moves: ${ctx}`);
        else if (top.score[i] !== all.score[j] || top.equity[i] !== all.equity[j])
          bad.push(
            `move ${k} scores ${top.score[i]}/${top.equity[i]}, all moves ${all.score[j]}/${all.equity[j]}: ${ctx}`,
          );
        seen.add(k);
        if (top.kind[i] !== KIND_PLACE) {
          if (placementsOnly) bad.push(`non-placement ${k}: ${ctx}`);
          tally.exchangeInTop++;
        }
      }
      // The best move: the same score as all moves' best unless another move ties its equity.
      const b = gotOrder[0]!;
      const w = order[0]!;
      const tied = order.length > 1 && Math.abs(all.equity[order[1]!]! - all.equity[w]!) < EPS;
      if (!tied && top.score[b] !== all.score[w])
        bad.push(`best move scores ${top.score[b]}, want ${all.score[w]}: ${ctx}`);
    }
  }
  tally.configs++;
  return bad;
}

describe('best-N (top N by equity) against all moves, default lexicon', () => {
  let gen: MoveGenerator;
  let pos: Position[];
  const all = new MoveList();
  const top = new MoveList();
  beforeAll(() => {
    const lex = loadDefaultLexicon();
    if (!lex.ok) throw new Error(JSON.stringify(lex.error));
    gen = new MoveGenerator(lex.value.nodes, SPANISH);
    // 8 games of 20 moves: the empty board, then early, mid and late boards.
    pos = positions(gen, 7, 8, 19);
  });

  /**
   * Runs `compare` on every position with one leave model; each position gets one bag state,
   * in a rotation that does not follow the move number. Fails listing what differs.
   */
  function run(leaves: LeaveModel, leaveName: string): Tally {
    const tally = newTally();
    const bad: string[] = [];
    let firstBad = '';
    pos.forEach((p, i) => {
      gen.setBoard(p.board);
      const bag = BAGS[(i + Math.floor(i / BAGS.length)) % BAGS.length]!;
      const req: GenRequest = { rack: p.rack, leaves, ...bag.req(p.unseen) };
      const found = compare(gen, req, `${p.label}, ${leaveName}, ${bag.name}`, all, top, tally);
      if (found.length > 0 && bad.length === 0) firstBad = boardText(p.board);
      bad.push(...found);
    });
    // The first failure's board, so that the position can be rebuilt without replaying.
    if (bad.length > 0) bad.unshift(`${bad.length} failures; first board ${firstBad}`);
    expect(bad.slice(0, 20)).toEqual([]);
    expect(tally.configs).toBe(pos.length);
    expect(tally.comparisons).toBe(pos.length * NS.length * 2);
    expect(tally.movesCompared).toBeGreaterThan(pos.length * NS.length * 2 * 3);
    return tally;
  }

  it('the 160 seeded positions: empty, early, mid and late boards; racks of 1–7 tiles, one and two blanks, CH/LL/RR/Ñ', () => {
    expect(pos.length).toBe(160);
    const stages = [0, 0, 0, 0];
    for (const p of pos) stages[p.moves === 0 ? 0 : p.moves <= 5 ? 1 : p.moves <= 12 ? 2 : 3]!++;
    expect(stages).toEqual([8, 40, 56, 56]);
    // Late boards are crowded.
    const crowded = pos.filter((p) => p.board.filter((t) => t !== EMPTY).length > 40);
    expect(crowded.length).toBeGreaterThan(10);
    const sizes = new Set(pos.map((p) => rackToTiles(p.rack).length));
    expect([...sizes].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pos.filter((p) => p.rack[0] === 1).length).toBeGreaterThanOrEqual(20);
    expect(pos.filter((p) => p.rack[0] === 2).length).toBeGreaterThanOrEqual(6);
    expect(pos.filter((p) => DIGRAPHS.some((d) => p.rack[d]! > 0)).length).toBeGreaterThan(30);
  });

  it('best-N: the N best equities of all moves (N = 1, 2, 5, 10, with and without placementsOnly), 160 positions, default leaves, bag 60/3 (X-02, X-03)/0 (E-05)', () => {
    const tally = run(defaultLeaves(), 'default leaves');
    expect(tally.exchangeInTop).toBeGreaterThan(0);
  });

  it('best-N: the same with no leaves (equity = score, many ties at the N-th move)', () => {
    run(NO_LEAVES, 'no leaves');
  });

  it('V-01 (9 fichas): the same with 9-tile racks on 40 of the boards (7, 8 or 9 tiles earn the +50)', () => {
    const rng = new Rng(901);
    const tally = newTally();
    const bad: string[] = [];
    let bingos = 0;
    for (let i = 0; i < pos.length; i += 4) {
      const p = pos[i]!;
      gen.setBoard(p.board);
      // The bag: every tile not on the board.
      const pool = fullDistribution(SPANISH);
      for (const t of p.board) if (t !== EMPTY) pool[t & BLANK_FLAG ? 0 : t]!--;
      const rack = testRack(rng, rackToTiles(pool), 9, rng.int(3) === 0 ? 1 : 0, false);
      const req: GenRequest = { rack, leaves: defaultLeaves(), bagCount: 60 };
      bad.push(...compare(gen, req, `V-01, ${p.label}, rack ${rackText(rack)}`, all, top, tally));
      gen.generate({ ...req, top: 1 }, top);
      if (top.played[0]! >= 7) bingos++;
    }
    expect(bad.slice(0, 20)).toEqual([]);
    expect(tally.configs).toBe(40);
    // Long racks bingo often: the +50 bound for 8 and 9 tiles is really exercised.
    expect(bingos).toBeGreaterThan(5);
  });

  it('openings read from the opening map: 240 racks of 2–7 tiles on the empty board, three leave models, bag 60 and 0 (E-05)', () => {
    const reads = vi.spyOn(OpeningMap.prototype, 'firstWord');
    OpeningMap.of(gen.graph);
    const rng = new Rng(17);
    const tally = newTally();
    const bad: string[] = [];
    const models: [LeaveModel, string][] = [
      [defaultLeaves(), 'default leaves'],
      [NO_LEAVES, 'no leaves'],
      [WILD_LEAVES, 'wild leaves'],
    ];
    gen.setBoard(new Uint8Array(SIZE * SIZE));
    for (let i = 0; i < 240; i++) {
      const r = rng.next();
      const blanks = r < 0.15 ? 2 : r < 0.4 ? 1 : 0;
      const bag = rackToTiles(fullDistribution(SPANISH));
      const rack = testRack(rng, bag, Math.max(2 + rng.int(6), blanks), blanks, rng.next() < 0.4);
      const [leaves, name] = models[i % 3]!;
      const end = i % 4 === 3;
      const req: GenRequest = { rack, leaves, bagCount: end ? 0 : 60, unseenValue: end ? 12 : 0 };
      const what = `empty board, rack ${rackText(rack)}, ${name}${end ? ', bag 0' : ''}`;
      bad.push(...compare(gen, req, what, all, top, tally));
    }
    expect(bad.slice(0, 20)).toEqual([]);
    expect(tally.configs).toBe(240);
    expect(reads).toHaveBeenCalled();
    reads.mockRestore();
  });

  it('best-N: the same with wild leaves (kept blank +31.25, duplicates −9.75, Q −17.5), where exchanges and the pass are often best', () => {
    const tally = run(WILD_LEAVES, 'wild leaves');
    // Since a pass is worth 0 with tiles in the bag (leave.ts), exchanges carry this alone.
    expect(tally.nonPlaceBest).toBeGreaterThan(2);
    expect(tally.exchangeInTop).toBeGreaterThan(50);
  });
});
