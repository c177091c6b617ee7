/**
 * The pre-endgame: the bag holds one tile and two players. For each candidate placement of the
 * player to move and each tile that may be the one in the bag (the other unseen tiles then make
 * up the opponent's rack), the player draws it and the endgame that follows, opponent to move,
 * is solved exactly. A candidate is worth its score minus the opponent's endgame value, averaged
 * over the possible bag tiles weighted by how many of each are unseen.
 *
 * Passes and exchanges are left out: they hand the opponent the same pre-endgame problem.
 */
import { SIZE } from '../../engine/board.js';
import type { Move } from '../../engine/move.js';
import { BLANK_FLAG, EMPTY } from '../../engine/tiles.js';
import { MoveGenerator } from '../movegen.js';
import { KIND_PLACE, MoveList, TILE_STRIDE } from '../movelist.js';
import type { EndgameRollout } from './rollout.js';
import type { EndgameSolver } from './solver.js';

/** A pre-endgame: the mover's rack and the unseen tiles (the bag's one and the opponent's). */
export interface PreEndgamePosition {
  readonly board: ArrayLike<number>;
  readonly rack: ArrayLike<number>;
  /** Exactly one tile more than the opponent's rack: the opponent's rack plus the bag. */
  readonly unseen: ArrayLike<number>;
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
  const gen = new MoveGenerator(kwg, solver.set, solver.rules);
  gen.setBoard(pos.board);
  const list = new MoveList();
  gen.generate({ rack: pos.rack, placementsOnly: true, top: opts.candidates ?? 0 }, list);
  const order = list.order();
  const n = pos.unseen.length;
  let unseenTotal = 0;
  for (let t = 0; t < n; t++) unseenTotal += pos.unseen[t]!;
  const out: PreEndgameCandidate[] = [];
  for (const i of order) {
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
    let sum = 0;
    let exact = true;
    for (let u = 0; u < n; u++) {
      const copies = pos.unseen[u]!;
      if (copies === 0) continue;
      // Tile u is the one in the bag: the mover draws it; the opponent holds the rest.
      const mine = rack.slice();
      mine[u]!++;
      const theirs = Uint8Array.from(pos.unseen);
      theirs[u]!--;
      const endgame = { board, racks: [theirs, mine] } as const;
      const r = solver.solve(endgame, { timeMs: opts.solveMs });
      let value = r.value;
      if (!r.exact) {
        exact = false;
        // A depth-limited value guesses that nobody scores past its horizon; both sides making
        // the expert's choice to the end is the better estimate.
        if (opts.rollout) value = opts.rollout.rank(endgame, 1)[0]?.value ?? value;
      }
      sum += copies * (list.score[i]! - value);
    }
    out.push({ move: list.toMove(i), score: list.score[i]!, value: sum / unseenTotal, exact });
  }
  out.sort((a, b) => b.value - a.value || b.score - a.score);
  return out;
}
