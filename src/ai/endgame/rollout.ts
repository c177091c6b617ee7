/**
 * Endgame rollouts: the answer when an endgame is too big to solve exactly in the time a move
 * has. Each of the mover's best root moves is played, and then both players (whose racks are
 * known once the bag is empty) go on with the expert's static choice — score plus the
 * end-of-game terms (E-05) — until the game ends; the root move with the best final spread wins.
 *
 * A depth-limited search with a crude horizon ("nobody scores again") ranked real 7-against-7
 * endgames worse than the expert's one-move rule. A rollout improves on that rule instead: it
 * is one move of look-ahead on top of the very policy the players follow afterwards, so against
 * an opponent who plays like the expert it can only do better.
 */
import type { Move } from '../../engine/move.js';
import type { Rules } from '../../engine/rules.js';
import { BLANK_FLAG, type TileSet, rackValue } from '../../engine/tiles.js';
import { MoveGenerator } from '../movegen.js';
import { KIND_PASS, KIND_PLACE, MoveList } from '../movelist.js';
import type { EndgamePosition } from './solver.js';

/** One root move and the final spread its rollout reached. */
export interface RolloutCandidate {
  readonly move: Move;
  readonly score: number;
  /** Spread the mover gains from here to the end along the rollout (rack adjustment included). */
  readonly value: number;
}

/** Rollouts for one lexicon and rules; not thread-safe (one per thread). */
export class EndgameRollout {
  private readonly gens: MoveGenerator[] = [];
  private readonly rootList = new MoveList();
  private readonly list = new MoveList();
  private readonly racks: [Uint8Array, Uint8Array];

  constructor(
    private readonly kwg: Uint32Array,
    readonly set: TileSet,
    readonly rules: Rules,
  ) {
    const n = set.letters.length + 1;
    this.racks = [new Uint8Array(n), new Uint8Array(n)];
  }

  private gen(i: number): MoveGenerator {
    while (this.gens.length <= i) this.gens.push(new MoveGenerator(this.kwg, this.set, this.rules));
    return this.gens[i]!;
  }

  private points(rack: ArrayLike<number>): number {
    return rackValue(this.set, rack);
  }

  // Plays placement i of `list` (found on generator g − 1) on generator g, a copy of g − 1, and
  // takes its tiles from `rack`.
  private play(g: number, list: MoveList, i: number, rack: Uint8Array): void {
    const placed = list.placedOf(i);
    const next = this.gen(g);
    next.copyFrom(this.gen(g - 1));
    next.playPlaced(
      placed.map((p) => p.square),
      placed.map((p) => p.tile),
    );
    for (const p of placed) rack[(p.tile & BLANK_FLAG) !== 0 ? 0 : p.tile]!--;
  }

  /**
   * The mover's `candidates` best root moves by static end-of-game equity (the pass included
   * when it is among them), each with its rollout's final spread; best first, ties by score.
   */
  rank(pos: EndgamePosition, candidates: number): RolloutCandidate[] {
    const root = this.gen(0);
    root.setBoard(pos.board);
    const list = this.rootList;
    root.generate(
      {
        rack: pos.racks[0],
        top: candidates,
        bagCount: 0,
        unseenValue: this.points(pos.racks[1]),
      },
      list,
    );
    const out: RolloutCandidate[] = [];
    for (const i of list.order()) {
      this.racks[0].set(pos.racks[0]);
      this.racks[1].set(pos.racks[1]);
      let value: number;
      if (list.kind[i] === KIND_PLACE) {
        this.play(1, list, i, this.racks[0]);
        value = list.score[i]! - this.playout(1, 1, 0);
      } else {
        value = -this.playout(0, 1, (pos.passes ?? 0) + 1);
      }
      out.push({ move: list.toMove(i), score: list.score[i]!, value });
    }
    out.sort((a, b) => b.value - a.value || b.score - a.score);
    return out;
  }

  /**
   * The spread `side` gains from the position on generator `g` to the end, both players making
   * the static choice. `passes`: consecutive passes just made. With the racks known and nothing
   * random, a pass answered by a pass repeats forever, so two in a row end the game (E-02).
   */
  private playout(g: number, side: number, passes: number): number {
    const own = this.racks[side]!;
    const opp = this.racks[side ^ 1]!;
    // The opponent just played out (E-01): the game is over and the mover pays twice (E-05).
    if (opp.every((c) => c === 0)) return -2 * this.points(own);
    const gen = this.gen(g);
    const list = this.list;
    gen.generate({ rack: own, top: 1, bagCount: 0, unseenValue: this.points(opp) }, list);
    if (list.count === 0 || list.kind[0] === KIND_PASS) {
      if (passes + 1 >= 2) return this.points(opp) - this.points(own);
      return -this.playout(g, side ^ 1, passes + 1);
    }
    const score = list.score[0]!;
    this.play(g + 1, list, 0, own);
    return score - this.playout(g + 1, side ^ 1, 0);
  }
}
