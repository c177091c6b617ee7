/**
 * The pre-endgame (one tile in the bag): each candidate's value is its score minus the exact
 * endgame after it, averaged over the possible bag tiles; checked against the plain exhaustive
 * search.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SIZE } from '../../engine/board.js';
import { makeRules } from '../../engine/rules.js';
import { boardWith } from '../../engine/testing/positions.js';
import { BLANK_FLAG, EMPTY, SPANISH, parseNotation, rackFromTiles } from '../../engine/tiles.js';
import { loadDefaultLexicon, readDefaultWordList, unpackWords } from '../../lexicon/index.js';
import { WordIndex } from '../testing/bruteforce.js';
import { exhaustive } from '../testing/exhaustiveEndgame.js';
import { solvePreEndgame } from './preendgame.js';
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

describe('pre-endgame', () => {
  it('XS on CASA with Ñ, E and A unseen (two on the other rack, one in the bag): the mean over the three bag tiles of score − the exact endgame', () => {
    const rules = makeRules('fise');
    const board = boardWith([['8D', 'CASA']]);
    const rack = rackOf('XS');
    const unseen = rackOf('ÑEA');
    const solver = new EndgameSolver(nodes, SPANISH, rules);
    const got = solvePreEndgame(solver, nodes, { board, rack, unseen }, { candidates: 3 });
    expect(got).toHaveLength(3);
    for (const c of got) {
      expect(c.exact).toBe(true);
      if (c.move.kind !== 'place') throw new Error('placements only');
      const m = c.move;
      const next = board.slice();
      const left = rack.slice();
      m.tiles.forEach((t, k) => {
        if (t === EMPTY) return;
        next[m.row * SIZE + m.col + k * (m.dir === 'H' ? 1 : SIZE)] = t;
        left[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
      });
      let sum = 0;
      for (const bag of ['Ñ', 'E', 'A']) {
        const mine = left.slice();
        mine[rackOf(bag).indexOf(1)]!++;
        const theirs = unseen.slice();
        theirs[rackOf(bag).indexOf(1)]!--;
        sum += c.score - exhaustive(index, next, [theirs, mine], rules, 0, 0);
      }
      expect(c.value).toBeCloseTo(sum / 3, 9);
    }
    for (let k = 1; k < got.length; k++)
      expect(got[k - 1]!.value).toBeGreaterThanOrEqual(got[k]!.value);
  }, 120_000);
});
