/**
 * The endgame solver against positions whose exact result is known: small hand-made ones, and
 * random ones checked against a plain exhaustive minimax written here (every placement from the
 * brute-force generator, the engine's scoring, no pruning, no table) that shares no code with
 * the solver's search.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Rules, makeRules } from '../../engine/rules.js';
import { boardWith } from '../../engine/testing/positions.js';
import { SPANISH, parseNotation, rackFromTiles } from '../../engine/tiles.js';
import {
  buildKwg,
  loadDefaultLexicon,
  readDefaultWordList,
  unpackWords,
} from '../../lexicon/index.js';
import { Rng } from '../rng.js';
import { WordIndex } from '../testing/bruteforce.js';
import { exhaustive } from '../testing/exhaustiveEndgame.js';
import { benchEndgames, randomEndgames } from '../testing/endgames.js';
import { replayLine } from '../testing/endgameLine.js';
import { EndgameSolver } from './solver.js';

let nodes: Uint32Array;
let index: WordIndex;
// A sample of the word list for the random endgames, so that the exhaustive search, which asks
// the brute-force generator for every move of every position, finishes in seconds.
let smallNodes: Uint32Array;
let smallIndex: WordIndex;
beforeAll(() => {
  const lex = loadDefaultLexicon();
  if (!lex.ok) throw new Error(JSON.stringify(lex.error));
  nodes = lex.value.nodes;
  const words = unpackWords(readDefaultWordList().words);
  index = new WordIndex(words);
  const rng = new Rng(13);
  const small = words.filter((w) => w.length <= 8 && rng.next() < 0.15);
  smallNodes = buildKwg(small, SPANISH).nodes;
  smallIndex = new WordIndex(small);
});

function rackOf(text: string): Uint8Array {
  const t = parseNotation(SPANISH, text, { allowUndesignatedBlank: true });
  if (!t.ok) throw new Error(text);
  return rackFromTiles(SPANISH, t.value);
}

function solved(
  words: [string, string][],
  mover: string,
  other: string,
  rules = makeRules('fise'),
  passes = 0,
  scoreless = 0,
) {
  const board = boardWith(words);
  const racks: [Uint8Array, Uint8Array] = [rackOf(mover), rackOf(other)];
  const res = new EndgameSolver(nodes, SPANISH, rules).solve({ board, racks, passes, scoreless });
  expect(res.exact).toBe(true);
  expect(replayLine(index, board, racks, rules, res, passes, scoreless)).toBe(res.value);
  return res;
}

const CASA: [string, string][] = [['8D', 'CASA']];

describe('endgame solver: hand-made positions', () => {
  it('E-01, E-05: one S goes out with CASAS on the centre 2W (14) and gains twice the X+A (9): 32', () => {
    const res = solved(CASA, 'S', 'XA');
    expect(res.value).toBe(14 + 2 * 9);
    expect(res.line).toHaveLength(1);
  });

  it("X then S: AX at G8 (17) also kills the opponent's ÑA at G7 (17), who answers ÑA at E7 (9); CASAS (14) goes out over the E: 24", () => {
    const res = solved(CASA, 'XS', 'ÑE');
    expect(res.value).toBe(17 - 9 + 14 + 2 * 1);
    expect(res.line.map((s) => s.score)).toEqual([17, 9, 14]);
  });

  it('a stuck Q passes; the J goes out with JA at G7 (17) and takes twice the Q (5): −27', () => {
    const res = solved(CASA, 'Q', 'J');
    expect(res.value).toBe(-(17 + 2 * 5));
    expect(res.line[0]!.move.kind).toBe('pass');
  });

  it('E-02: nobody can play, four passes end it and each subtracts their rack: Q (5) against LL (8) is +3', () => {
    const res = solved(CASA, 'Q', '[LL]');
    expect(res.value).toBe(8 - 5);
    expect(res.line.map((s) => s.move.kind)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('E-02 counts the passes made before the position: after two, two more end it', () => {
    const res = solved(CASA, 'Q', '[LL]', makeRules('fise'), 2, 2);
    expect(res.line).toHaveLength(2);
    expect(res.value).toBe(3);
  });

  it('E-03: after 11 scoreless turns one more pass ends the game', () => {
    const res = solved(CASA, 'Q', '[LL]', makeRules('fise'), 0, 11);
    expect(res.line).toHaveLength(1);
    expect(res.value).toBe(3);
  });

  it('V-03 (sala): three turns leaving the board unchanged end it', () => {
    const res = solved(CASA, 'Q', '[LL]', makeRules('sala'));
    expect(res.line).toHaveLength(3);
    expect(res.value).toBe(3);
  });
});

describe('endgame solver: random endgames against the exhaustive search', () => {
  const cases: [string, Rules, number, number][] = [
    ['fise', makeRules('fise'), 0, 0],
    ['fise after 9 scoreless turns (E-03 near)', makeRules('fise'), 1, 9],
    ['sala (V-03)', makeRules('sala'), 0, 0],
    ['caja (no E-03)', makeRules('caja'), 2, 2],
  ];
  for (const [name, rules, passes, scoreless] of cases) {
    it(`${name}: racks of 1–3 tiles, the value equals the exhaustive minimax's`, () => {
      const games = randomEndgames(nodes, SPANISH, rules, {
        count: 6,
        firstSeed: 100 + passes * 10 + scoreless,
        minRack: 1,
        maxRack: 3,
      });
      const solver = new EndgameSolver(smallNodes, SPANISH, rules);
      for (const g of games) {
        const res = solver.solve({ board: g.board, racks: g.racks, passes, scoreless });
        expect(res.exact).toBe(true);
        expect(res.value).toBe(exhaustive(smallIndex, g.board, g.racks, rules, passes, scoreless));
        expect(replayLine(smallIndex, g.board, g.racks, rules, res, passes, scoreless)).toBe(
          res.value,
        );
      }
    }, 120_000);
  }
});

describe('endgame solver: the move cache, the table and the cuts against the exhaustive search', () => {
  it('fise: one solver over 16 more endgames of 1–3 tiles gives the exhaustive value for each', () => {
    // One solver for all, as in a game: nothing a solve leaves in its move cache or table may
    // leak into the next, and every cut (table bounds, playing out at or above beta) is checked.
    const rules = makeRules('fise');
    const solver = new EndgameSolver(smallNodes, SPANISH, rules);
    const games = randomEndgames(nodes, SPANISH, rules, {
      count: 16,
      firstSeed: 400,
      minRack: 1,
      maxRack: 3,
    });
    for (const g of games) {
      const res = solver.solve({ board: g.board, racks: g.racks });
      expect(res.exact).toBe(true);
      // `+ 0`: a spread of zero may come out as -0 from a negation; both are a draw.
      expect(res.value + 0).toBe(exhaustive(smallIndex, g.board, g.racks, rules, 0, 0) + 0);
      // The same position again, with the cache and table warm from the first solve.
      expect(solver.solve({ board: g.board, racks: g.racks }).value).toBe(res.value);
    }
  }, 120_000);
});

describe('endgame solver: a player who cannot place anything, against the exhaustive search', () => {
  // A Q with no U anywhere near is the usual stuck rack. The solver then searches the other
  // player's placements without spending depth and takes the stuck side's pass as passing out;
  // each case below is one where that shortcut decides the answer.
  // The one holding 2–3 tiles is where the bound on a last tile's worth prunes.
  const cases: [string, string, number, number, number][] = [
    ['Q', 'the mover holds a lone Q', 0, 1, 8],
    ['Q', 'the mover holds a lone Q after 9 scoreless turns (E-03 near)', 9, 1, 8],
    ['QÑ', 'the mover holds a Q and an Ñ', 0, 1, 8],
    // Once its A is down, whether its lone Q can go anywhere is asked at the other's node.
    ['QA', 'the mover holds a Q and an A', 0, 1, 8],
    ['Q', 'a lone Q', 0, 2, 24],
  ];
  for (const [stuck, name, scoreless, minRack, count] of cases) {
    it(`fise: ${name} against ${minRack}–3 tiles, the value equals the exhaustive minimax's`, () => {
      const rules = makeRules('fise');
      const solver = new EndgameSolver(smallNodes, SPANISH, rules);
      const games = randomEndgames(nodes, SPANISH, rules, {
        count,
        firstSeed: 500 + scoreless + minRack * 100,
        minRack,
        maxRack: 3,
      });
      for (const g of games) {
        const racks: [Uint8Array, Uint8Array] = [rackOf(stuck), g.racks[1]];
        for (const r of [racks, [racks[1], racks[0]] as [Uint8Array, Uint8Array]]) {
          const res = solver.solve({ board: g.board, racks: r, passes: 0, scoreless });
          expect(res.exact).toBe(true);
          // `+ 0` turns the reference's −0 (a drawn end, negated) into 0 for toBe's Object.is.
          expect(res.value).toBe(exhaustive(smallIndex, g.board, r, rules, 0, scoreless) + 0);
          expect(replayLine(smallIndex, g.board, r, rules, res, 0, scoreless)).toBe(res.value);
        }
      }
    }, 120_000);
  }
});

describe('endgame solver: the last tiles valued without a node, against the exhaustive search', () => {
  // When the opponent is stuck with one tile, the solver reads that tile's words at the run
  // ends of each placement instead of generating its moves, and values a last tile left on the
  // other rack from the placements it already had plus those run ends. Each case is one where a
  // slip there changes the answer.
  const cases: [number, string, string, number][] = [
    // Missing the freed G would make that line look 10 points better for the other player.
    [537, 'G', 'a placement frees the lone G', -33],
    // The best square for the last tile lies next to the placement before it: its old score
    // no longer holds (taking it would give −70).
    [529, 'Q', "the last tile's best square is next to the placement before it", -67],
  ];
  for (const [seed, stuck, name, value] of cases) {
    it(`fise, seed ${seed}: ${name}, the value (${value}) equals the exhaustive minimax's`, () => {
      const rules = makeRules('fise');
      const g = randomEndgames(nodes, SPANISH, rules, {
        count: 1,
        firstSeed: seed,
        minRack: 2,
        maxRack: 3,
      })[0]!;
      const racks: [Uint8Array, Uint8Array] = [rackOf(stuck), g.racks[1]];
      const res = new EndgameSolver(nodes, SPANISH, rules).solve({ board: g.board, racks });
      expect(res.exact).toBe(true);
      expect(exhaustive(index, g.board, racks, rules, 0, 0) + 0).toBe(value);
      expect(res.value).toBe(value);
      expect(replayLine(index, g.board, racks, rules, res)).toBe(res.value);
    }, 120_000);
  }
});

describe('endgame solver: positions valued without a search, searched as well', () => {
  // With `verify`, every last tile valued from the list and the run ends, and every placement
  // or node cut by the one- or two-tile bound, is searched as well, and the solve throws when
  // the two disagree: a slip in those shortcuts fails here even where the root's value hides it.
  // So is every placement skipped as the transposition of one already settled, and every node
  // that skipped one.
  // A lone stuck Q takes the one-tile shortcuts; a stuck Q and LL, the bound on a last tile.
  it('fise: a lone Q against 3–4 tiles in 43 endgames, a Q and an LL in 20: no shortcut disagrees with its search', () => {
    const rules = makeRules('fise');
    const solver = new EndgameSolver(nodes, SPANISH, rules);
    const opts = { minRack: 3, maxRack: 4 };
    const games = [
      ...randomEndgames(nodes, SPANISH, rules, { count: 40, firstSeed: 700, ...opts }),
      // One where the stuck side's list is needed below its stepped-over pass (it must be
      // generated: no node made the list two plies up), and two where a last tile's best
      // placement on a run end of the move before decides a bound.
      ...[1035, 1210, 1262].map(
        (s) => randomEndgames(nodes, SPANISH, rules, { count: 1, firstSeed: s, ...opts })[0]!,
      ),
    ];
    let plainNodes = 0;
    let checkedNodes = 0;
    const cases = [
      ...games.map((g) => ({ g, stuck: 'Q' })),
      ...games.slice(0, 20).map((g) => ({ g, stuck: 'Q[LL]' })),
    ];
    for (const { g, stuck } of cases) {
      const racks: [Uint8Array, Uint8Array] = [rackOf(stuck), g.racks[1]];
      const plain = solver.solve({ board: g.board, racks });
      const checked = solver.solve({ board: g.board, racks }, { verify: true });
      expect(checked.exact).toBe(true);
      expect(checked.value).toBe(plain.value);
      plainNodes += plain.nodes;
      checkedNodes += checked.nodes;
    }
    // The checks searched what the shortcuts had skipped.
    expect(checkedNodes).toBeGreaterThan(plainNodes);
  }, 120_000);

  it('fise, seed 2043: a lone G that some placements free; each transposed placement skipped is searched too and none is worth more than the value it was skipped at (its line there in the other order, less the placement since)', () => {
    // A placement marked settled although it freed the G (its line was the G's reply, not the
    // forced pass) would be skipped the other way round here, and its search disagree.
    const rules = makeRules('fise');
    const g = randomEndgames(nodes, SPANISH, rules, {
      count: 1,
      firstSeed: 2043,
      minRack: 3,
      maxRack: 4,
    })[0]!;
    const racks: [Uint8Array, Uint8Array] = [rackOf('G'), g.racks[1]];
    const solver = new EndgameSolver(nodes, SPANISH, rules);
    const plain = solver.solve({ board: g.board, racks });
    const checked = solver.solve({ board: g.board, racks }, { verify: true });
    expect(checked.exact).toBe(true);
    expect(checked.value).toBe(plain.value);
    expect(replayLine(index, g.board, racks, rules, plain)).toBe(plain.value);
  }, 60_000);
});

describe('endgame solver: the last-tile bound against an opponent that can still place', () => {
  // The bound on a placement leaving one tile assumes the opponent passes: it holds at any node,
  // since a pass is always open to the opponent and its placements can only do it better. With
  // `verify`, each placement it settles is searched as well, stuck opponent or not.
  it('fise: in 30 endgames of 2 to 4 tiles a side, no placement it settles is worth more searched', () => {
    const rules = makeRules('fise');
    const solver = new EndgameSolver(nodes, SPANISH, rules);
    const games = randomEndgames(nodes, SPANISH, rules, {
      count: 30,
      firstSeed: 3100,
      minRack: 2,
      maxRack: 4,
    });
    for (const g of games) {
      const pos = { board: g.board, racks: g.racks };
      const plain = solver.solve(pos);
      const checked = solver.solve(pos, { verify: true });
      expect({ seed: g.seed, exact: checked.exact, value: checked.value }).toEqual({
        seed: g.seed,
        exact: true,
        value: plain.value,
      });
    }
  }, 120_000);
});

describe('endgame solver: moves put off by a parallel solve', () => {
  it('fise: with every move a thread could put off put off once (deferAll), the 26 quick ones of the first 30 bench endgames keep their exact values', () => {
    const games = benchEndgames(nodes, makeRules('fise'), 30, 1).filter(
      (_, i) => ![4, 6, 15, 27].includes(i),
    );
    const plain = new EndgameSolver(nodes, SPANISH, makeRules('fise'));
    const deferring = new EndgameSolver(nodes, SPANISH, makeRules('fise'));
    for (const g of games) {
      const want = plain.solve({ board: g.board, racks: g.racks });
      const got = deferring.solve({ board: g.board, racks: g.racks }, { deferAll: true });
      expect({ seed: g.seed, exact: got.exact, value: got.value }).toEqual({
        seed: g.seed,
        exact: true,
        value: want.value,
      });
      expect(replayLine(index, g.board, g.racks, makeRules('fise'), got)).toBe(got.value);
      // Each move put off is entered twice.
      if (want.nodes > 20) expect(got.nodes).toBeGreaterThan(want.nodes);
    }
  });
});

describe('endgame solver: null-window searches (MTD(f))', () => {
  it('the 26 quick ones of the first 30 bench endgames keep the exact values of searches with the whole window', () => {
    const rules = makeRules('fise');
    const games = benchEndgames(nodes, rules, 30, 1).filter((_, i) => ![4, 6, 15, 27].includes(i));
    const whole = new EndgameSolver(nodes, SPANISH, rules);
    const nullWindows = new EndgameSolver(nodes, SPANISH, rules);
    let moved = 0;
    for (const g of games) {
      const want = whole.solve({ board: g.board, racks: g.racks }, { nullWindows: false });
      const values: number[] = [];
      const got = nullWindows.solve(
        { board: g.board, racks: g.racks },
        { onIteration: (it) => values.push(it.value) },
      );
      expect({ seed: g.seed, exact: got.exact, value: got.value }).toEqual({
        seed: g.seed,
        exact: true,
        value: want.value,
      });
      expect(replayLine(index, g.board, g.racks, rules, got)).toBe(got.value);
      // Iterations from depth 4 on (the third report) start at the value before; one that
      // moved by more than a point took more than one null-window search to pin.
      for (let k = 3; k < values.length; k++)
        if (Math.abs(values[k]! - values[k - 1]!) > 1) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });
});

describe('endgame solver: the time budget', () => {
  it('reads the clock it is given: a clock past the budget at its second reading stops the solve short of exact', () => {
    // Seed 5 of the bench: six tiles against seven, millions of nodes to solve.
    const g = benchEndgames(nodes, makeRules('fise'), 1, 5)[0]!;
    let calls = 0;
    // The start reads 0; every later reading is far past any budget.
    const clock = () => (calls++ === 0 ? 0 : 1e9);
    const res = new EndgameSolver(nodes, SPANISH, makeRules('fise')).solve(
      { board: g.board, racks: g.racks },
      { timeMs: 1000, clock },
    );
    expect(calls).toBeGreaterThan(1);
    expect(res.exact).toBe(false);
  });

  it('cut short, it answers with the line of the last iteration it completed, not one mixed with what the unfinished one found deeper', () => {
    const rules = makeRules('fise');
    // Bench endgames 5 and 18: 6 tiles against 7 each; a clock that moves one millisecond a
    // reading (one every 1,024 nodes) stops them early in the iteration after depth 4.
    for (const [index, budget] of [
      [5, 50],
      [5, 200],
      [18, 50],
    ] as const) {
      const g = benchEndgames(nodes, rules, 1, index)[0]!;
      const pos = { board: g.board, racks: g.racks };
      let ms = 0;
      const cut = new EndgameSolver(nodes, SPANISH, rules).solve(pos, {
        timeMs: budget,
        clock: () => ms++,
      });
      expect(cut).toMatchObject({ exact: false, depth: 4 });
      const four = new EndgameSolver(nodes, SPANISH, rules).solve(pos, { maxDepth: 4 });
      expect({ value: cut.value, line: cut.line }).toEqual({ value: four.value, line: four.line });
    }
  });
});

describe('endgame solver: the transposition table', () => {
  const solveWith = (index: number, bits: number) => {
    const g = benchEndgames(nodes, makeRules('fise'), 1, index)[0]!;
    return new EndgameSolver(nodes, SPANISH, makeRules('fise'), undefined, bits).solve({
      board: g.board,
      racks: g.racks,
    });
  };

  it('holds more of a long search when larger: bench endgame 46 (four tiles against seven) takes under half the nodes with 2^16 entries as with 2^4, the same exact value', () => {
    // 16,902 nodes against 71,069.
    const small = solveWith(46, 4);
    const large = solveWith(46, 16);
    expect(small.exact && large.exact).toBe(true);
    expect(large.value).toBe(small.value);
    expect(2 * large.nodes).toBeLessThan(small.nodes);
  });

  it('keeps the costly results when full: bench endgame 46 takes under 2× the nodes with 2^10 entries as with 2^16 (1.6×; the newest result always written over the other took 4.5×)', () => {
    const small = solveWith(46, 10);
    const large = solveWith(46, 16);
    expect(small.exact && large.exact).toBe(true);
    expect(large.value).toBe(small.value);
    expect(small.nodes).toBeLessThan(2 * large.nodes);
  });
});

describe('endgame solver: progress', () => {
  it('reports each completed iteration, deepening, the last one the answer', () => {
    // Bench endgame 46: four tiles against seven, several iterations before the exact one.
    const g = benchEndgames(nodes, makeRules('fise'), 1, 46)[0]!;
    const steps: { depth: number; value: number; exact: boolean }[] = [];
    const res = new EndgameSolver(nodes, SPANISH, makeRules('fise')).solve(
      { board: g.board, racks: g.racks },
      { onIteration: ({ depth, value, exact }) => steps.push({ depth, value, exact }) },
    );
    expect(res.exact).toBe(true);
    // Depths 1, 2, 4, then every fourth; depth 8 stopped at an upper bound that depends on the
    // horizon, so it is not reported: 12 starts from that bound and is the exact answer.
    expect(steps.map((s) => s.depth)).toEqual([1, 2, 4, 12]);
    expect(steps.slice(0, -1).every((s) => !s.exact)).toBe(true);
    expect(steps.at(-1)).toEqual({ depth: res.depth, value: res.value, exact: true });
  });

  it('pins down the last iteration allowed: with maxDepth 8, bench endgame 46 answers at depth 8 with the whole-window value there', () => {
    const g = benchEndgames(nodes, makeRules('fise'), 1, 46)[0]!;
    const pos = { board: g.board, racks: g.racks };
    const whole = new EndgameSolver(nodes, SPANISH, makeRules('fise')).solve(pos, {
      maxDepth: 8,
      nullWindows: false,
    });
    const res = new EndgameSolver(nodes, SPANISH, makeRules('fise')).solve(pos, { maxDepth: 8 });
    expect(whole.exact).toBe(false);
    expect({ depth: res.depth, value: res.value }).toEqual({ depth: 8, value: whole.value });
  });
});
