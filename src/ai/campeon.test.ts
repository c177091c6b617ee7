/**
 * The campeon level: the endgame solver's first move once the bag is empty, simulation before,
 * and the same game for the same seed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRules } from '../engine/rules.js';
import { boardWith } from '../engine/testing/positions.js';
import { SPANISH, parseNotation, rackFromTiles } from '../engine/tiles.js';
import { loadDefaultLexicon } from '../lexicon/index.js';
import { championBot, makeBot } from './bots.js';
import { defaultLeaves } from './leaves.js';
import { MoveGenerator } from './movegen.js';
import { MoveList } from './movelist.js';
import { Rng } from './rng.js';
import { SelfPlay } from './selfplay.js';

let nodes: Uint32Array;
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  nodes = lex.value.nodes;
});

const rackOf = (t: string) => {
  const tiles = parseNotation(SPANISH, t);
  if (!tiles.ok) throw new Error(t);
  return rackFromTiles(SPANISH, tiles.value);
};

describe('campeon', () => {
  it('bag empty: plays AX at G8 first (it also blocks ÑA at G7), the solved best line, not a greedy one', () => {
    const gen = new MoveGenerator(nodes, SPANISH);
    gen.setBoard(boardWith([['8D', 'CASA']]));
    const list = new MoveList();
    const i = makeBot('campeon').choose(
      gen,
      { rack: rackOf('XS'), bagCount: 0, unseen: rackOf('ÑE'), rules: makeRules('fise') },
      list,
      new Rng(1),
    );
    expect(i).toBe(0);
    expect(list.toMove(0)).toEqual({ kind: 'place', row: 7, col: 6, dir: 'V', tiles: [0, 26] });
    expect(list.score[0]).toBe(17);
    expect(list.played[0]).toBe(1);
  });

  it('plays against experto, the same moves for the same seed (the first 12, in the simulation phase)', () => {
    class Stop extends Error {}
    const table = new SelfPlay(nodes, makeRules('fise'));
    const bot = championBot(defaultLeaves(), {
      iterations: 12,
      candidates: 3,
      plies: 2,
      timeMs: 60_000,
    });
    const firstMoves = (): number[] => {
      const scores: number[] = [];
      try {
        table.play([bot, makeBot('experto')], 4, ({ score }) => {
          scores.push(score);
          if (scores.length === 12) throw new Stop();
        });
      } catch (e) {
        if (!(e instanceof Stop)) throw e;
      }
      return scores;
    };
    const a = firstMoves();
    expect(a).toHaveLength(12);
    expect(a.some((s) => s > 0)).toBe(true);
    expect(firstMoves()).toEqual(a);
  }, 120_000);
});
