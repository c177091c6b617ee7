/**
 * Inference of the opponent's leave from its placement: on a two-word lexicon, a player who
 * made AS for a few points while holding an A would have made CASA for more, so no kept leave
 * holds an A; and the simulation deals the opponent the inferred leave first.
 */
import { describe, expect, it } from 'vitest';
import { makeRules } from '../../engine/rules.js';
import { boardWith, tilesOf } from '../../engine/testing/positions.js';
import { SPANISH, wordToTiles } from '../../engine/tiles.js';
import { buildKwg } from '../../lexicon/index.js';
import { type LeaveModel, NO_LEAVES } from '../leave.js';
import { MoveGenerator } from '../movegen.js';
import { MoveList } from '../movelist.js';
import { Rng } from '../rng.js';
import { LeaveInference } from './inference.js';
import { Simulator, dealOrder } from './sim.js';

const [C, A, S, E, I, O, U] = tilesOf('CASEIOU');
const rules = makeRules('fise');

function lexicon(words: string[]): Uint32Array {
  return buildKwg(
    words.map((w) => {
      const t = wordToTiles(SPANISH, w);
      if (!t.ok) throw new Error(w);
      return t.value;
    }),
    SPANISH,
  ).nodes;
}

// CAS on row 8 (F8–H8); the opponent placed an S under its A (G9), making AS.
const kwg = lexicon(['AS', 'CASA']);
const before = boardWith([['8F', 'CAS']]);
const G9 = 8 * 15 + 6;

/** What the S on G9 scores, by the generator (a double letter there). */
function scoreOfS(): number {
  const gen = new MoveGenerator(kwg, SPANISH, rules);
  gen.setBoard(before);
  const rack = new Uint8Array(SPANISH.letters.length + 1);
  rack[S!] = 1;
  const list = new MoveList();
  gen.generate({ rack, placementsOnly: true }, list);
  for (let i = 0; i < list.count; i++) {
    const placed = list.placedOf(i);
    if (placed.length === 1 && placed[0]!.square === G9) return list.score[i]!;
  }
  throw new Error('no S on G9');
}

/** 4 A, 8 E, 6 I, 6 O, 4 U, 2 S unseen (30 tiles), 10 of them in the bag. */
function unseenPool(): Uint8Array {
  const u = new Uint8Array(SPANISH.letters.length + 1);
  u[A!] = 4;
  u[E!] = 8;
  u[I!] = 6;
  u[O!] = 6;
  u[U!] = 4;
  u[S!] = 2;
  return u;
}

describe('leave inference', () => {
  const inference = new LeaveInference(kwg, SPANISH, rules, NO_LEAVES);
  const play = { board: before, tiles: [S!], score: scoreOfS() };

  it('keeps only the leaves with which the placement was the best: none holds an A', () => {
    expect(play.score).toBe(3);
    const kept = inference.infer(play, unseenPool(), 10, 7, { tolerance: 0 });
    // Six tiles kept of 30 with four A: no A in C(26,6)/C(30,6) = 38.8 % of the racks.
    expect(kept.length / 400).toBeGreaterThan(0.3);
    expect(kept.length / 400).toBeLessThan(0.48);
    for (const leave of kept) {
      expect(leave).toHaveLength(6);
      expect(leave).not.toContain(A);
    }
    // Leaves holding no A but an S (a second AS somewhere is no better) are kept too.
    expect(kept.some((l) => l.includes(S!))).toBe(true);
  });

  it('the tolerance: with an A, A on I8 and the S on I9 make CASA and AS (9), 6 over AS alone', () => {
    const strict = inference.infer(play, unseenPool(), 10, 7, { tolerance: 0 });
    expect(inference.infer(play, unseenPool(), 10, 7, { tolerance: 5.9 })).toEqual(strict);
    const loose = inference.infer(play, unseenPool(), 10, 7, { tolerance: 6 });
    expect(loose).toHaveLength(400);
    expect(loose.some((l) => l.includes(A!))).toBe(true);
  });

  it('says nothing when the whole rack was placed, the bag is empty, or too few leaves fit', () => {
    const seven = { ...play, tiles: [S!, S!, S!, S!, S!, S!, S!] };
    expect(inference.infer(seven, unseenPool(), 10, 7)).toEqual([]);
    expect(inference.infer(play, unseenPool(), 0, 7)).toEqual([]);
    const manyA = unseenPool();
    manyA[A!] = 24;
    // With 24 A among 50, a leave of six without one is rare: fewer than 12 of 40 samples.
    expect(inference.infer(play, manyA, 10, 7, { samples: 40, tolerance: 0 })).toEqual([]);
  });

  // After an exchange of five, the two tiles kept are the best two of the rack by the leave
  // model: here an E is worth 10, a U −20 and anything else 0, so a U is never kept.
  it('after an exchange (X-01): the best keep of each sampled rack that makes the exchange its choice', () => {
    const model: LeaveModel = { leaveValue: (c) => 10 * c[E!]! - 20 * c[U!]! };
    const judge = new LeaveInference(kwg, SPANISH, rules, model);
    // The 30 unseen tiles: the opponent's 7 and the 23 in the bag.
    // 1,600 whole racks are drawn (EXCHANGE_SAMPLES), four times the leaves of a placement.
    const loose = judge.inferExchange(before, 5, unseenPool(), 23, 7, { tolerance: Infinity });
    expect(loose).toHaveLength(1600);
    for (const leave of loose) {
      expect(leave).toHaveLength(2);
      expect(leave).not.toContain(U);
    }
    // EE whenever the rack held two E: 1 − [C(22,7) + 8·C(22,6)] / C(30,7) = 62.3 % of racks.
    const ee = loose.filter((l) => l[0] === E && l[1] === E).length / 1600;
    expect(ee).toBeGreaterThan(0.58);
    expect(ee).toBeLessThan(0.67);
    // At no tolerance a rack that had a better move is left out: one with an S and two E and
    // no U makes AS and keeps both E and more.
    const strict = judge.inferExchange(before, 5, unseenPool(), 23, 7, { tolerance: 0 });
    expect(strict.length).toBeGreaterThanOrEqual(12);
    expect(strict.length).toBeLessThan(1600);
    // The same seed draws the same racks.
    expect(judge.inferExchange(before, 5, unseenPool(), 23, 7, { tolerance: 0 })).toEqual(strict);
    // Nothing to say after a whole rack went back, or an exchange the bag could not fund.
    expect(judge.inferExchange(before, 7, unseenPool(), 23, 7)).toEqual([]);
    expect(judge.inferExchange(before, 5, unseenPool(), 4, 7)).toEqual([]);
    expect(judge.inferExchange(before, 5, unseenPool(), 23, 7, { minKept: 1601 })).toEqual([]);
  });

  it('the simulation deals an inferred leave first and the rest of the unseen tiles after', () => {
    const unseen = [A!, A!, C!, E!, E!, I!, O!, S!, S!, U!];
    const leaves = [
      [A!, S!],
      [E!, E!, O!],
    ];
    const seen = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const order = dealOrder(unseen, leaves, new Rng(seed));
      const lead = leaves.find((l) => l.every((t, k) => order[k] === t));
      expect(lead).toBeDefined();
      seen.add(lead!.join());
      expect([...order].sort((a, b) => a - b)).toEqual(unseen);
    }
    expect(seen.size).toBe(2);
    // Without leaves, a plain shuffle of all of them.
    const plain = dealOrder(unseen, [], new Rng(3));
    expect([...plain].sort((a, b) => a - b)).toEqual(unseen);
    expect(plain).not.toEqual(unseen);
  });

  it('a leave that is not among the unseen tiles is refused, not dealt', () => {
    const sim = new Simulator(kwg, SPANISH, rules, NO_LEAVES);
    const rack = new Uint8Array(SPANISH.letters.length + 1);
    rack[S!] = 1;
    const pos = { board: before, rack, unseen: unseenPool(), bagCount: 10, spread: 0 };
    expect(() => sim.simulate({ ...pos, oppLeaves: [[C!]] }, { iterations: 8 })).toThrow(
      RangeError,
    );
    expect(sim.simulate({ ...pos, oppLeaves: [[A!, A!]] }, { iterations: 8 }).iterations).toBe(8);
  });
});
