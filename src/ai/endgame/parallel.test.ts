/**
 * The endgame solver on two threads against the solver on one: the same exact values on real
 * endgames (the bench's, seed 1 on), a line that replays to the value, a time budget that still
 * answers, and solves that follow a stopped one unharmed.
 */
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRules } from '../../engine/rules.js';
import { SPANISH } from '../../engine/tiles.js';
import { loadDefaultLexicon, readDefaultWordList, unpackWords } from '../../lexicon/index.js';
import { WordIndex } from '../testing/bruteforce.js';
import { type RandomEndgame, benchEndgames } from '../testing/endgames.js';
import { replayLine } from '../testing/endgameLine.js';
import { ParallelEndgameSolver } from './parallel.js';
import { EndgameSolver } from './solver.js';

const rules = makeRules('fise');
let nodes: Uint32Array;
let index: WordIndex;
let games: RandomEndgame[];
let parallel: ParallelEndgameSolver;

beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  nodes = lex.value.nodes;
  index = new WordIndex(unpackWords(readDefaultWordList().words));
  // The bench's endgames (bench/suites/endgame.ts): up to 7 tiles a side.
  games = benchEndgames(nodes, rules, 200, 1);
  parallel = new ParallelEndgameSolver(undefined, rules, 2);
});

afterAll(async () => {
  await parallel.close();
});

describe('endgame solver on two threads', () => {
  // The first 30 bench endgames but the four that take one thread over a second, and 11 that
  // take it 0.1–1 s (enough nodes for the threads to put each other's nodes off); a stopped
  // thread precedes nearly every solve.
  const slow = [4, 6, 15, 27];
  const picked = [
    ...Array.from({ length: 30 }, (_, i) => i).filter((i) => !slow.includes(i)),
    ...[44, 45, 74, 82, 101, 114, 120, 124, 155, 174, 196],
  ];
  it(`fise: ${picked.length} real endgames, the same exact value as one thread, and a line that replays to it`, async () => {
    const one = new EndgameSolver(nodes, SPANISH, rules);
    let deeper = 0;
    for (const i of picked) {
      const g = games[i]!;
      const want = one.solve({ board: g.board, racks: g.racks });
      expect(want.exact).toBe(true);
      const got = await parallel.solve({ board: g.board, racks: g.racks });
      expect({ i, exact: got.exact, value: got.value }).toEqual({
        i,
        exact: true,
        value: want.value,
      });
      expect(replayLine(index, g.board, g.racks, rules, got)).toBe(got.value);
      if (got.nodes > want.nodes) deeper++;
    }
    // Both threads search: the count adds up the nodes of each.
    expect(deeper).toBeGreaterThan(picked.length / 2);
  }, 120_000);

  it('a budget too short for a hard endgame (Q against 7 tiles) still gives a line; the next solve is exact', async () => {
    const hard = games[87]!;
    const cut = await parallel.solve({ board: hard.board, racks: hard.racks }, { timeMs: 300 });
    expect(cut.exact).toBe(false);
    expect(cut.depth).toBeGreaterThanOrEqual(1);
    expect(cut.line.length).toBeGreaterThan(0);
    const g = games[45]!;
    const want = new EndgameSolver(nodes, SPANISH, rules).solve({ board: g.board, racks: g.racks });
    const got = await parallel.solve({ board: g.board, racks: g.racks });
    expect([got.exact, got.value]).toEqual([true, want.value]);
  }, 60_000);

  it('reports each deeper iteration once; interrupted, it answers with the deepest one and its line', async () => {
    const hard = games[87]!;
    const steps: number[] = [];
    const cut = await parallel.solve(
      { board: hard.board, racks: hard.racks },
      {
        onIteration: ({ depth }) => {
          steps.push(depth);
          // The first iteration done: stop it as Ctrl+C does (atril endgame).
          parallel.interrupt();
        },
      },
    );
    expect(steps).toEqual([1]);
    expect([cut.exact, cut.depth]).toEqual([false, 1]);
    expect(cut.line.length).toBeGreaterThan(0);
    // The next solve is whole, and its iterations end on its answer.
    const g = games[45]!;
    const want = new EndgameSolver(nodes, SPANISH, rules).solve({ board: g.board, racks: g.racks });
    const seen: { depth: number; value: number; exact: boolean }[] = [];
    const got = await parallel.solve(
      { board: g.board, racks: g.racks },
      { onIteration: ({ depth, value, exact }) => seen.push({ depth, value, exact }) },
    );
    expect([got.exact, got.value]).toEqual([true, want.value]);
    expect(seen.at(-1)).toEqual({ depth: got.depth, value: got.value, exact: true });
    expect(seen.map((s) => s.depth)).toEqual(
      [...new Set(seen.map((s) => s.depth))].sort((x, y) => x - y),
    );
  }, 60_000);

  it('a thread that cannot open the lexicon fails the solve with its reason', async () => {
    const broken = new ParallelEndgameSolver('/no/such/lexicon.kwg', rules, 1);
    const g = games[0]!;
    await expect(broken.solve({ board: g.board, racks: g.racks })).rejects.toThrow(
      /endgame thread/,
    );
    // The threads are still there and answer the next solve (with the same failure).
    await expect(broken.solve({ board: g.board, racks: g.racks })).rejects.toThrow(
      /endgame thread/,
    );
    await broken.close();
  }, 30_000);

  it('a thread that has ended fails the next solve at once instead of waiting for it', async () => {
    const solver = new ParallelEndgameSolver(undefined, rules, 2);
    const g = games[1]!;
    expect((await solver.solve({ board: g.board, racks: g.racks })).exact).toBe(true);
    await (solver as unknown as { workers: Worker[] }).workers[1]!.terminate();
    await expect(solver.solve({ board: g.board, racks: g.racks })).rejects.toThrow(/exited/);
    await solver.close();
    await expect(solver.solve({ board: g.board, racks: g.racks })).rejects.toThrow(/exited/);
  }, 30_000);
});
