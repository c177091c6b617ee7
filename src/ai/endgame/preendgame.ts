/**
 * The pre-endgame: the bag holds one tile and two players. For each candidate placement of the
 * player to move and each tile that may be the one in the bag (the other unseen tiles then make
 * up the opponent's rack), the player draws it and the endgame that follows, opponent to move,
 * is solved exactly. A candidate is worth its score minus the opponent's endgame value, averaged
 * over the possible bag tiles weighted by how many of each are unseen.
 */
import { SIZE } from '../../engine/board.js';
import type { Move } from '../../engine/move.js';
import type { Rules } from '../../engine/rules.js';
import { BLANK_FLAG, EMPTY, type TileSet } from '../../engine/tiles.js';
import { MoveGenerator } from '../movegen.js';
import { KIND_PLACE, MoveList, TILE_STRIDE } from '../movelist.js';
import type { EndgameRollout } from './rollout.js';
import type { EndgamePosition, EndgameResult, EndgameSolver } from './solver.js';

/** A pre-endgame: the mover's rack and the unseen tiles (the bag's one and the opponent's). */
export interface PreEndgamePosition {
  readonly board: ArrayLike<number>;
  readonly rack: ArrayLike<number>;
  /** Exactly one tile more than the opponent's rack: the opponent's rack plus the bag. */
  readonly unseen: ArrayLike<number>;
  /**
   * The tiles that may be the one in the bag, weighted (default: `unseen`, each as often as it is
   * unseen). When the opponent's rack is known, the bag's tile is too: that tile alone.
   */
  readonly bag?: ArrayLike<number>;
}

/** One candidate's result. */
export interface PreEndgameCandidate {
  readonly move: Move;
  readonly score: number;
  /** Mean spread from here to the end over the possible bag tiles. */
  readonly value: number;
  /** Every endgame behind it was solved exactly. */
  readonly exact: boolean;
}

/** One endgame behind a candidate: the bag's tile drawn by the mover, the opponent to move. */
export interface PreEndgameStep {
  /** Index of the candidate in `PreEndgame.moves`. */
  readonly candidate: number;
  /** The tile drawn from the bag, and its weight (how many of it may be the one in the bag). */
  readonly tile: number;
  readonly weight: number;
  /** The endgame to solve, the opponent (who did not draw) to move. */
  readonly position: EndgamePosition;
}

/**
 * The work of a pre-endgame, for any way of solving endgames (one thread, several, with a time
 * budget): the `candidates` highest-scoring placements (all when 0), the endgames behind each,
 * one per possible bag tile, and the ranking of the candidates whose endgames are all solved.
 * Passes and exchanges are left out: they hand the opponent the same pre-endgame problem.
 */
export class PreEndgame {
  /** The candidates, highest score first. */
  readonly moves: readonly { readonly move: Move; readonly score: number }[];
  /** Every endgame to solve, candidate by candidate. */
  readonly steps: readonly PreEndgameStep[];
  private readonly sums: Float64Array;
  private readonly left: Int32Array;
  private readonly inexact: Uint8Array;

  constructor(
    kwg: Uint32Array,
    set: TileSet,
    rules: Rules,
    pos: PreEndgamePosition,
    candidates = 0,
  ) {
    const gen = new MoveGenerator(kwg, set, rules);
    gen.setBoard(pos.board);
    const list = new MoveList();
    gen.generate({ rack: pos.rack, placementsOnly: true, top: candidates }, list);
    const bag = pos.bag ?? pos.unseen;
    const moves: { move: Move; score: number }[] = [];
    const steps: PreEndgameStep[] = [];
    for (const i of list.order()) {
      if (list.kind[i] !== KIND_PLACE) continue;
      const board = Uint8Array.from(pos.board);
      const rack = Uint8Array.from(pos.rack);
      const step = list.dir[i] === 0 ? 1 : SIZE;
      for (let k = 0; k < list.len[i]!; k++) {
        const t = list.tiles[i * TILE_STRIDE + k]!;
        if (t === EMPTY) continue;
        board[list.start[i]! + k * step] = t;
        rack[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
      }
      for (let u = 0; u < bag.length; u++) {
        if (bag[u]! === 0) continue;
        // Tile u is the one in the bag: the mover draws it; the opponent holds the rest.
        const mine = rack.slice();
        mine[u]!++;
        const theirs = Uint8Array.from(pos.unseen);
        theirs[u]!--;
        steps.push({
          candidate: moves.length,
          tile: u,
          weight: bag[u]!,
          position: { board, racks: [theirs, mine] },
        });
      }
      moves.push({ move: list.toMove(i), score: list.score[i]! });
    }
    this.moves = moves;
    this.steps = steps;
    this.sums = new Float64Array(moves.length);
    this.left = new Int32Array(moves.length);
    this.inexact = new Uint8Array(moves.length);
    for (const st of steps) this.left[st.candidate]!++;
  }

  /**
   * Records the solve of step k's endgame. One not exact is valued by `rollout` when given
   * (else by the deepest search that finished): a depth-limited value guesses that nobody scores
   * past its horizon, and both sides making the expert's choice to the end is the better estimate.
   */
  record(k: number, result: EndgameResult, rollout?: EndgameRollout): void {
    const st = this.steps[k]!;
    const c = st.candidate;
    let value = result.value;
    if (!result.exact && rollout) value = rollout.rank(st.position, 1)[0]?.value ?? value;
    this.sums[c]! += st.weight * (this.moves[c]!.score - value);
    this.left[c]!--;
    if (!result.exact) this.inexact[c] = 1;
  }

  /** The candidates whose endgames have all been recorded, best mean spread first. */
  ranking(): PreEndgameCandidate[] {
    const weightOf = new Float64Array(this.moves.length);
    for (const st of this.steps) weightOf[st.candidate]! += st.weight;
    const out: PreEndgameCandidate[] = [];
    this.moves.forEach((m, c) => {
      if (this.left[c] !== 0) return;
      out.push({
        move: m.move,
        score: m.score,
        value: this.sums[c]! / weightOf[c]!,
        exact: this.inexact[c] === 0,
      });
    });
    out.sort((a, b) => b.value - a.value || b.score - a.score);
    return out;
  }
}

/**
 * Ranks the `candidates` highest-scoring placements (all when 0) by their pre-endgame value,
 * best first; each endgame gets at most `solveMs` milliseconds, and one not solved in that time
 * is valued by `rollout` when given (else by the deepest search that finished).
 */
export function solvePreEndgame(
  solver: EndgameSolver,
  kwg: Uint32Array,
  pos: PreEndgamePosition,
  opts: { candidates?: number; solveMs?: number; rollout?: EndgameRollout } = {},
): PreEndgameCandidate[] {
  const plan = new PreEndgame(kwg, solver.set, solver.rules, pos, opts.candidates ?? 0);
  plan.steps.forEach((st, k) =>
    plan.record(k, solver.solve(st.position, { timeMs: opts.solveMs }), opts.rollout),
  );
  return plan.ranking();
}
