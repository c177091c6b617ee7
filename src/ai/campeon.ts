/**
 * The `campeon` level's decision, within a per-move budget:
 * - bag empty: the exact endgame solver's first move when it proves the result in half the
 *   budget, else the best root move by endgame rollouts (rollout.ts);
 * - one tile in the bag: the pre-endgame search over the best-scoring placements;
 * - otherwise a Monte-Carlo simulation of the best candidates by static equity, played to the
 *   end of the game once the bag holds a rack or less, from the real score (ahead, safety wins
 *   games; behind, risk does). The simulation's favourite replaces the static one only when it
 *   is clearly better on the same draws (`simChoice`). After an opponent's placement or
 *   exchange, the simulation deals the opponent a leave inferred from it (sim/inference.ts).
 */
import { SIZE } from '../engine/board.js';
import type { Move } from '../engine/move.js';
import type { Rules } from '../engine/rules.js';
import { EMPTY, rackCount } from '../engine/tiles.js';
import { solvePreEndgame } from './endgame/preendgame.js';
import { EndgameRollout } from './endgame/rollout.js';
import { EndgameSolver } from './endgame/solver.js';
import type { BotInput } from './botInput.js';
import type { LeaveModel } from './leave.js';
import type { MoveGenerator } from './movegen.js';
import { KIND_EXCHANGE, KIND_PASS, KIND_PLACE, type MoveList, TILE_STRIDE } from './movelist.js';
import type { Rng } from './rng.js';
import { LeaveInference } from './sim/inference.js';
import { Simulator, simChoice } from './sim/sim.js';

/** How much thinking a `campeon` move may take. */
export interface CampeonBudget {
  /** Simulation iterations at most per move (default 300). */
  readonly iterations: number;
  /** Candidates simulated (default 8). */
  readonly candidates: number;
  /** Plies per simulated line (default 2). */
  readonly plies: number;
  /** Wall-clock limit per move in milliseconds, simulation and endgame alike (default 5000). */
  readonly timeMs: number;
}

export const DEFAULT_CAMPEON_BUDGET: CampeonBudget = Object.freeze({
  iterations: 300,
  candidates: 8,
  plies: 2,
  timeMs: 5000,
});

/** Searches reused across moves, per lexicon graph and rules. */
const solvers = new WeakMap<Uint32Array, Map<Rules, EndgameSolver>>();
const simulators = new WeakMap<Uint32Array, Map<Rules, Simulator>>();
const rollouts = new WeakMap<Uint32Array, Map<Rules, EndgameRollout>>();
const inferences = new WeakMap<Uint32Array, Map<Rules, LeaveInference>>();

/**
 * Plies a simulated line may take when the bag holds a rack or less (it ends sooner when someone
 * goes out).
 */
const ENDGAME_PLIES = 8;

/** Root moves an endgame rollout tries when the exact search runs out of time. */
const ROLLOUT_CANDIDATES = 40;

function cached<T>(
  store: WeakMap<Uint32Array, Map<Rules, T>>,
  graph: Uint32Array,
  rules: Rules,
  make: () => T,
): T {
  let m = store.get(graph);
  if (!m) store.set(graph, (m = new Map()));
  let v = m.get(rules);
  if (!v) m.set(rules, (v = make()));
  return v;
}

/**
 * Picks `campeon`'s move for the position on `gen`'s board; writes it into `list` as move 0 and
 * returns 0 (or −1 when there is nothing but a pass to make).
 */
export function campeonChoose(
  gen: MoveGenerator,
  input: BotInput,
  list: MoveList,
  rng: Rng,
  leaves: LeaveModel,
  budget: CampeonBudget = DEFAULT_CAMPEON_BUDGET,
): number {
  const graph = gen.graph;
  const { rules } = input;
  const rollout = () =>
    cached(rollouts, graph, rules, () => new EndgameRollout(graph, gen.set, rules));
  let move: Move | undefined;
  let score = 0;
  // With the bag empty, the unseen tiles are the opponent's rack (two players).
  if (input.bagCount === 0 && rackCount(input.unseen) <= rules.rackSize) {
    const solver = cached(solvers, graph, rules, () => new EndgameSolver(graph, gen.set, rules));
    const pos = { board: gen.board, racks: [input.rack, Uint8Array.from(input.unseen)] } as const;
    const res = solver.solve(pos, { timeMs: budget.timeMs / 2 });
    const first = res.line[0];
    if (res.exact && first) {
      move = first.move;
      score = first.score;
    } else {
      // Too big to solve in time: one move of look-ahead over the expert's play to the end.
      const best = rollout().rank(pos, ROLLOUT_CANDIDATES)[0];
      if (best) {
        move = best.move;
        score = best.score;
      }
    }
  } else if (input.bagCount === 1 && rackCount(input.unseen) <= rules.rackSize + 1) {
    // One tile in the bag: every candidate's endgames, one per possible bag tile, solved.
    const solver = cached(solvers, graph, rules, () => new EndgameSolver(graph, gen.set, rules));
    let kinds = 0;
    for (let t = 0; t < input.unseen.length; t++) if (input.unseen[t]! > 0) kinds++;
    const ranked = solvePreEndgame(
      solver,
      graph,
      { board: gen.board, rack: input.rack, unseen: input.unseen },
      {
        candidates: budget.candidates,
        solveMs: Math.max(1, budget.timeMs / (2 * budget.candidates * Math.max(1, kinds))),
        rollout: rollout(),
      },
    );
    if (ranked[0]) {
      move = ranked[0].move;
      score = ranked[0].score;
    }
  } else if (input.bagCount > 0) {
    const sim = cached(
      simulators,
      graph,
      rules,
      () => new Simulator(graph, gen.set, rules, leaves),
    );
    const seed = rng.int(0x7fffffff);
    // Two players (the unseen tiles are the bag and one rack): what the opponent's latest
    // placement or exchange says about the tiles it kept.
    const twoPlayers = rackCount(input.unseen) - input.bagCount <= rules.rackSize;
    const inference = () =>
      cached(inferences, graph, rules, () => new LeaveInference(graph, gen.set, rules, leaves));
    const oppLeaves = !twoPlayers
      ? []
      : input.lastPlay !== undefined
        ? inference().infer(input.lastPlay, input.unseen, input.bagCount, seed)
        : input.lastExchange !== undefined
          ? inference().inferExchange(
              gen.board,
              input.lastExchange,
              input.unseen,
              input.bagCount,
              seed,
            )
          : [];
    const res = sim.simulate(
      {
        board: gen.board,
        rack: input.rack,
        unseen: input.unseen,
        bagCount: input.bagCount,
        // Ahead, a candidate that keeps the lead safe wins more often; behind, one that risks.
        spread: input.spread ?? 0,
        oppLeaves,
      },
      {
        candidates: budget.candidates,
        iterations: budget.iterations,
        // With the bag nearly empty the game is a few moves from its end: play it out there.
        plies:
          input.bagCount <= rules.rackSize ? Math.max(budget.plies, ENDGAME_PLIES) : budget.plies,
        timeMs: budget.timeMs,
        seed,
      },
    );
    const best = simChoice(res);
    if (best) {
      move = best.move;
      score = best.score;
    }
  }
  if (move === undefined) {
    // Several opponents with the bag empty, or nothing found: the best static equity.
    gen.generate(
      {
        rack: input.rack,
        top: 1,
        leaves,
        bagCount: input.bagCount,
        exchangeMinBag: rules.exchangeMinBag,
      },
      list,
    );
    return list.count > 0 ? 0 : -1;
  }
  writeMove(list, move, score, gen.board);
  return 0;
}

/** Writes a readable move into `list` as its only move. */
function writeMove(list: MoveList, move: Move, score: number, board: ArrayLike<number>): void {
  list.clear();
  const i = list.push();
  list.score[i] = score;
  list.equity[i] = score;
  list.dir[i] = 0;
  list.start[i] = 0;
  if (move.kind === 'pass') {
    list.kind[i] = KIND_PASS;
    list.len[i] = 0;
    list.played[i] = 0;
    return;
  }
  if (move.kind === 'exchange') {
    list.kind[i] = KIND_EXCHANGE;
    list.len[i] = move.tiles.length;
    list.played[i] = 0;
    move.tiles.forEach((t, k) => (list.tiles[i * TILE_STRIDE + k] = t));
    return;
  }
  if (move.kind !== 'place') throw new Error(`campeon cannot write a ${move.kind}`);
  list.kind[i] = KIND_PLACE;
  list.dir[i] = move.dir === 'H' ? 0 : 1;
  list.start[i] = move.row * SIZE + move.col;
  list.len[i] = move.tiles.length;
  let played = 0;
  const step = move.dir === 'H' ? 1 : SIZE;
  move.tiles.forEach((t, k) => {
    list.tiles[i * TILE_STRIDE + k] = t;
    if (t !== EMPTY && board[list.start[i]! + k * step] === EMPTY) played++;
  });
  list.played[i] = played;
}
