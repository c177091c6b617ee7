/**
 * The simulator: one ply reproduces static equity exactly, a seed fixes the result, splitting
 * the iterations (as the worker threads do) changes nothing, and early stopping drops only
 * candidates clearly behind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRules } from '../../engine/rules.js';
import { boardWith } from '../../engine/testing/positions.js';
import {
  BLANK_FLAG,
  EMPTY,
  SPANISH,
  fullDistribution,
  parseNotation,
  rackFromTiles,
} from '../../engine/tiles.js';
import { loadDefaultLexicon } from '../../lexicon/index.js';
import { defaultLeaves } from '../leaves.js';
import {
  type SimCandidate,
  type SimPosition,
  type SimTally,
  Simulator,
  newTally,
  normalCdf,
  prune,
  simChoice,
} from './sim.js';

let sim: Simulator;
let pos: SimPosition;
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  sim = new Simulator(lex.value.nodes, SPANISH, makeRules('fise'), defaultLeaves());
  // CANTOR across row 8, ASA and SUDOR hanging from it, LLAVES on row 4 (movegen's goldens).
  const board = boardWith([
    ['8D', 'CANTOR'],
    ['E6', 'ASA'],
    ['I4', 'SUDOR'],
    ['4E', '[LL]AVES'],
  ]);
  const tiles = parseNotation(SPANISH, 'AEGIMRU');
  if (!tiles.ok) throw new Error('AEGIMRU');
  const rack = rackFromTiles(SPANISH, tiles.value);
  const unseen = fullDistribution(SPANISH);
  for (const t of board) if (t !== EMPTY) unseen[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
  for (let t = 0; t < rack.length; t++) unseen[t]! -= rack[t]!;
  const total = unseen.reduce((a, b) => a + b, 0);
  pos = { board, rack, unseen, bagCount: total - 7, spread: 0 };
});

describe('simulation', () => {
  it('one ply: every candidate is worth its static equity (score + leave), with no spread', () => {
    const r = sim.simulate(pos, { candidates: 6, plies: 1, iterations: 40, noEarlyStop: true });
    expect(r.candidates).toHaveLength(6);
    for (const c of r.candidates) {
      expect(c.iterations).toBe(40);
      expect(c.meanSpread).toBeCloseTo(c.equity, 9);
      expect(c.stdError).toBeCloseTo(0, 5);
    }
  });

  it('two plies: the same seed gives the same result; another seed another one', () => {
    const opts = { candidates: 5, plies: 2, iterations: 48, noEarlyStop: true, seed: 5 };
    const strip = (r: ReturnType<Simulator['simulate']>) => r.candidates;
    const a = strip(sim.simulate(pos, opts));
    const b = strip(sim.simulate(pos, opts));
    expect(b).toEqual(a);
    const c = strip(sim.simulate(pos, { ...opts, seed: 6 }));
    expect(c.map((x) => x.meanSpread)).not.toEqual(a.map((x) => x.meanSpread));
    for (const x of a) {
      expect(x.winProb).toBeGreaterThan(0);
      expect(x.winProb).toBeLessThan(1);
    }
  });

  it('iterations split in two runs (as among worker threads) add up to one run', () => {
    const { flat } = sim.candidates(pos, 4);
    const alive = flat.map(() => true);
    const fresh = (): SimTally[] => flat.map(newTally);
    sim.prepare(pos);
    const whole = fresh();
    sim.run(pos, flat, alive, 0, 30, 9, 2, whole);
    const split = fresh();
    sim.run(pos, flat, alive, 0, 13, 9, 2, split);
    sim.run(pos, flat, alive, 13, 30, 9, 2, split);
    for (let c = 0; c < flat.length; c++) {
      expect(split[c]!.n).toBe(30);
      expect(split[c]!.sum).toBeCloseTo(whole[c]!.sum, 6);
      expect(split[c]!.win).toBeCloseTo(whole[c]!.win, 6);
      expect(split[c]!.gain).toBeCloseTo(whole[c]!.gain, 9);
      expect(split[c]!.pairs).toBe(c === 0 ? 0 : 30);
    }
  });

  it('a time budget is kept within a batch: past it only the first iteration runs, whole, and a spent budget gives one iteration', () => {
    const { flat } = sim.candidates(pos, 4);
    const alive = flat.map(() => true);
    sim.prepare(pos);
    const late = flat.map(newTally);
    expect(sim.run(pos, flat, alive, 0, 30, 9, 2, late, Date.now() - 1)).toBe(1);
    const first = flat.map(newTally);
    expect(sim.run(pos, flat, alive, 0, 1, 9, 2, first)).toBe(1);
    // The one iteration run is the same as run on its own, for every candidate.
    expect(late).toEqual(first);
    expect(sim.run(pos, flat, alive, 0, 30, 9, 2, flat.map(newTally), Infinity)).toBe(30);
    // The favourite dropped by an early stop: the time is still read at each iteration.
    const rest = flat.map((_, c) => c !== 0);
    expect(sim.run(pos, flat, rest, 0, 30, 9, 2, flat.map(newTally), Date.now() - 1)).toBe(1);
    // A simulation whose time is already up reports the one iteration it ran (not a batch of 32).
    const r = sim.simulate(pos, { candidates: 4, iterations: 1000, timeMs: 0, noEarlyStop: true });
    expect(r.iterations).toBe(1);
    expect(r.candidates.every((c) => c.iterations === 1)).toBe(true);
  });

  it('paired gains: each candidate against the static favourite on the same draws', () => {
    const r = sim.simulate(pos, { candidates: 4, plies: 2, iterations: 64, noEarlyStop: true });
    const fav = r.candidates.find((c) => c.staticRank === 0)!;
    expect(fav.gainZ).toBe(0);
    for (const c of r.candidates) {
      if (c === fav) continue;
      // The sign of the paired gain is the sign of the difference of the two win chances.
      expect(Math.sign(c.gainZ)).toBe(Math.sign(c.winProb - fav.winProb));
    }
  });

  it('simChoice keeps the static favourite unless another beat it by 2 standard errors of paired gain', () => {
    const cand = (staticRank: number, gainZ: number, iterations = 300): SimCandidate => ({
      move: { kind: 'pass' },
      score: 0,
      equity: 0,
      iterations,
      meanSpread: 0,
      stdError: 1,
      winProb: 0.5,
      gainZ,
      staticRank,
    });
    const result = (...candidates: SimCandidate[]) => ({
      candidates,
      iterations: 300,
      ms: 1,
      stoppedEarly: false,
    });
    const fav = cand(0, 0);
    const clear = cand(2, 2.5);
    const noisy = cand(1, 1.2);
    expect(simChoice(result(fav, noisy))).toBe(fav);
    expect(simChoice(result(noisy, fav))).toBe(fav);
    expect(simChoice(result(clear, fav))).toBe(clear);
    expect(simChoice(result(noisy, clear, fav))).toBe(clear);
    // A favourite dropped early was clearly behind the leader.
    const dropped = cand(0, 0, 64);
    expect(simChoice(result(noisy, dropped))).toBe(noisy);
  });

  it('early stop drops a candidate 10 standard errors behind, keeps one 1 behind', () => {
    // Three candidates, 100 iterations each, spread standard deviation 10 (standard error 1).
    const tally = (m: number): SimTally => ({
      ...newTally(),
      n: 100,
      sum: 100 * m,
      sumSq: 100 * m * m + 99 * 100,
      win: 50,
    });
    const alive = [true, true, true];
    expect(prune([tally(20), tally(19), tally(5)], alive)).toBe(false);
    expect(alive).toEqual([true, true, false]);
    expect(prune([tally(20), tally(2), tally(5)], [true, true, true])).toBe(true);
  });

  it('the normal distribution function', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 4);
  });
});
