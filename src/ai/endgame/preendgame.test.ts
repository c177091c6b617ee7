/**
 * The pre-endgame (one tile in the bag): each candidate's value is its score minus the exact
 * endgame after it, averaged over the possible bag tiles; checked against the plain exhaustive
 * search.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SIZE } from '../../engine/board.js';
import type { Move } from '../../engine/move.js';
import { makeRules } from '../../engine/rules.js';
import { boardWith } from '../../engine/testing/positions.js';
import { BLANK_FLAG, EMPTY, SPANISH, parseNotation, rackFromTiles } from '../../engine/tiles.js';
import { loadDefaultLexicon, readDefaultWordList, unpackWords } from '../../lexicon/index.js';
import { WordIndex } from '../testing/bruteforce.js';
import { exhaustive } from '../testing/exhaustiveEndgame.js';
import { solvePreEndgame } from './preendgame.js';
import { EndgameRollout } from './rollout.js';
import { EndgameSolver } from './solver.js';

let nodes: Uint32Array;
let index: WordIndex;
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  nodes = lex.value.nodes;
  index = new WordIndex(unpackWords(readDefaultWordList().words));
});

const rackOf = (t: string) => {
  const tiles = parseNotation(SPANISH, t);
  if (!tiles.ok) throw new Error(t);
  return rackFromTiles(SPANISH, tiles.value);
};

/** The board and the mover's rack after a placement. */
function afterMove(board: Uint8Array, rack: Uint8Array, m: Move): [Uint8Array, Uint8Array] {
  if (m.kind !== 'place') throw new Error('placements only');
  const next = board.slice();
  const left = rack.slice();
  m.tiles.forEach((t, k) => {
    if (t === EMPTY) return;
    next[m.row * SIZE + m.col + k * (m.dir === 'H' ? 1 : SIZE)] = t;
    left[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
  });
  return [next, left];
}

/**
 * For each unseen tile (once per copy) as the one in the bag: the opponent's rack (the other
 * unseen tiles) and the mover's (what it kept plus that tile), the opponent first.
 */
function* bagDraws(left: Uint8Array, unseen: Uint8Array): Generator<[Uint8Array, Uint8Array]> {
  for (let u = 0; u < unseen.length; u++) {
    for (let c = 0; c < unseen[u]!; c++) {
      const mine = left.slice();
      mine[u]!++;
      const theirs = unseen.slice();
      theirs[u]!--;
      yield [theirs, mine];
    }
  }
}

describe('pre-endgame', () => {
  // Both positions play on CASA (8D) under the FISE rules, with one solver.
  const rules = makeRules('fise');
  const board = boardWith([['8D', 'CASA']]);
  let solver: EndgameSolver;
  beforeAll(() => {
    solver = new EndgameSolver(nodes, SPANISH, rules);
  });

  it('XS on CASA with Ñ, E and A unseen (two on the other rack, one in the bag): the mean over the three bag tiles of score − the exact endgame', () => {
    const rack = rackOf('XS');
    const unseen = rackOf('ÑEA');
    const got = solvePreEndgame(solver, nodes, { board, rack, unseen }, { candidates: 3 });
    expect(got).toHaveLength(3);
    for (const c of got) {
      expect(c.exact).toBe(true);
      const [next, left] = afterMove(board, rack, c.move);
      let sum = 0;
      for (const racks of bagDraws(left, unseen))
        sum += c.score - exhaustive(index, next, racks, rules, 0, 0);
      expect(c.value).toBeCloseTo(sum / 3, 9);
    }
    for (let k = 1; k < got.length; k++)
      expect(got[k - 1]!.value).toBeGreaterThanOrEqual(got[k]!.value);
  }, 120_000);

  it('XS on CASA, the opponent known to hold Ñ and A: the bag holds the E, each candidate worth score − the exact endgame after drawing it', () => {
    const rack = rackOf('XS');
    const unseen = rackOf('ÑEA');
    const bag = rackOf('E');
    const got = solvePreEndgame(solver, nodes, { board, rack, unseen, bag }, { candidates: 3 });
    expect(got).toHaveLength(3);
    for (const c of got) {
      expect(c.exact).toBe(true);
      const [next, left] = afterMove(board, rack, c.move);
      const mine = left.slice();
      mine[rackOf('E').indexOf(1)]!++;
      expect(c.value).toBe(c.score - exhaustive(index, next, [rackOf('ÑA'), mine], rules, 0, 0));
    }
  }, 120_000);

  it('an endgame too big for its time share is valued by a rollout: 7 tiles against 7 with 1 ms each', () => {
    const rack = rackOf('AEORSTN');
    const unseen = rackOf('EILMOPRU');
    const rollout = new EndgameRollout(nodes, SPANISH, rules);
    const pos = { board, rack, unseen };
    const [got] = solvePreEndgame(solver, nodes, pos, { candidates: 1, solveMs: 1, rollout });
    const [plain] = solvePreEndgame(solver, nodes, pos, { candidates: 1, solveMs: 1 });
    expect(got!.exact).toBe(false);
    expect(got!.move).toEqual(plain!.move);
    // Recomputed by hand: for each tile that may be in the bag, score minus the rollout's value
    // of the opponent's endgame.
    const [next, left] = afterMove(board, rack, got!.move);
    let sum = 0;
    for (const racks of bagDraws(left, unseen))
      sum += got!.score - rollout.rank({ board: next, racks }, 1)[0]!.value;
    expect(got!.value).toBeCloseTo(sum / 8, 9);
    expect(got!.value).not.toBeCloseTo(plain!.value, 3);
  }, 60_000);
});
