/**
 * What the opponent kept, inferred from its latest placement (the idea of Quackle's and
 * Macondo's inference): it held the tiles it placed plus `k` tiles this player cannot see. Of
 * those racks, sampled as the bag would deal them, only the ones for which the placement was the
 * best by static equity (within a tolerance) are kept: a player who keeps an S rarely plays a
 * 12-point word when an S would have made 40. The simulation then deals the opponent one of the
 * kept leaves and the rest of its rack at random, instead of a whole rack at random.
 *
 * After an exchange the same is done with whole racks: those that would have made that exchange
 * their choice, each keeping the tiles the leave model values most.
 *
 * The leaves come out with repetitions, as often as the bag dealt them among the kept ones, so
 * picking one uniformly follows the posterior (the bag's odds, narrowed by the play).
 */
import type { Rules } from '../../engine/rules.js';
import { type TileSet, rackFromTiles, rackToTiles, tileValue } from '../../engine/tiles.js';
import { type LeaveModel, LeaveTable } from '../leave.js';
import { MoveGenerator } from '../movegen.js';
import { MoveList } from '../movelist.js';
import { Rng } from '../rng.js';

/** The opponent's placement just before this turn, and the board it was made on. */
export interface OpponentPlacement {
  /** The board before the placement. */
  readonly board: ArrayLike<number>;
  /** The tiles it placed (a blank as its letter with BLANK_FLAG), in any order. */
  readonly tiles: readonly number[];
  readonly score: number;
}

/** How hard to look. */
export interface InferenceOptions {
  /** Racks sampled (default 400). */
  readonly samples?: number;
  /** Equity points the placement may fall below the best and still count as chosen (default 3). */
  readonly tolerance?: number;
  /** Fewer kept samples than this and nothing is inferred: too little to go on (default 12). */
  readonly minKept?: number;
}

/** Racks `infer` samples unless told otherwise. */
export const DEFAULT_SAMPLES = 400;
/**
 * Whole racks `inferExchange` samples unless told otherwise: far fewer make an exchange their
 * choice than leaves fit a placement (with 400, 17 of the 28 exchanges of five or fewer tiles
 * in experto's games had 12 fitting racks; with 1,600, all 28, at about 150 ms each).
 */
export const EXCHANGE_SAMPLES = 1600;
const DEFAULT_TOLERANCE = 3;
const DEFAULT_MIN_KEPT = 12;

/** Infers opponents' leaves on a generator of its own (the caller's keeps its board). */
export class LeaveInference {
  private readonly gen: MoveGenerator;
  private readonly list = new MoveList();
  private readonly table = new LeaveTable();
  /** Tile values by code, as leave tables read them. */
  private readonly values: Int16Array;

  constructor(
    kwg: Uint32Array,
    private readonly set: TileSet,
    private readonly rules: Rules,
    private readonly leaves: LeaveModel,
  ) {
    this.gen = new MoveGenerator(kwg, set, rules);
    this.values = Int16Array.from({ length: set.letters.length + 1 }, (_, t) =>
      t === 0 ? 0 : tileValue(set, t),
    );
  }

  /**
   * The leaves (tile codes, 0 = blank) the opponent may have kept after `play`, one entry per
   * kept sample; [] when nothing can be said (it placed a whole rack, or too few racks fit).
   * `unseen` and `bagCount` are as the player to move sees them now, with tiles still in the
   * bag (so the opponent refilled to a full rack before and after the placement). The same
   * `seed` samples the same racks.
   */
  infer(
    play: OpponentPlacement,
    unseen: ArrayLike<number>,
    bagCount: number,
    seed: number,
    opts: InferenceOptions = {},
  ): number[][] {
    const k = this.rules.rackSize - play.tiles.length;
    const pool = rackToTiles(unseen);
    if (k <= 0 || bagCount <= 0 || pool.length < k) return [];
    const placed = rackFromTiles(this.set, play.tiles);
    this.gen.setBoard(play.board);
    const tolerance = opts.tolerance ?? DEFAULT_TOLERANCE;
    const rack = new Uint8Array(placed.length);
    const leave = new Uint8Array(placed.length);
    return this.sample(pool, k, seed, opts, (codes) => {
      leave.fill(0);
      for (const t of codes) leave[t]!++;
      for (let t = 0; t < rack.length; t++) rack[t] = placed[t]! + leave[t]!;
      const bagThen = bagCount + play.tiles.length;
      return this.wasChosen(play.score, rack, leave, k, bagThen, tolerance) ? codes : null;
    });
  }

  /**
   * The leaves the opponent may have kept when it exchanged `count` tiles on the turn just
   * before, on `board`: of full racks sampled from the tiles this player cannot see (they were
   * the bag and that rack then, as they are now, and the bag held as many), those for which
   * the exchange, keeping the best `rackSize − count` of them by the leave model, was within
   * the tolerance of the best move by static equity; the leave is that best keep. [] when it
   * exchanged a whole rack or too few racks fit.
   */
  inferExchange(
    board: ArrayLike<number>,
    count: number,
    unseen: ArrayLike<number>,
    bagCount: number,
    seed: number,
    opts: InferenceOptions = {},
  ): number[][] {
    const size = this.rules.rackSize;
    const k = size - count;
    const pool = rackToTiles(unseen);
    if (k <= 0 || count <= 0 || bagCount < count || pool.length < size) return [];
    this.gen.setBoard(board);
    const tolerance = opts.tolerance ?? DEFAULT_TOLERANCE;
    const rack = new Uint8Array(this.set.letters.length + 1);
    const many = { samples: EXCHANGE_SAMPLES, ...opts };
    return this.sample(pool, size, seed, many, (codes) => {
      rack.fill(0);
      for (const t of codes) rack[t]!++;
      const keep = this.bestKeep(rack, count);
      const best = this.bestEquity(rack, bagCount);
      return keep.value >= best - tolerance ? keep.tiles : null;
    });
  }

  // `samples` draws of `draw` tiles of `pool` as the bag would deal them (a partial shuffle,
  // the same for the same seed), each distinct draw judged once: the leave `judge` keeps for
  // it, or null. One leave per kept draw, or [] when fewer than `minKept` were kept.
  private sample(
    pool: number[],
    draw: number,
    seed: number,
    opts: InferenceOptions,
    judge: (codes: number[]) => number[] | null,
  ): number[][] {
    const rng = new Rng(seed);
    const judged = new Map<string, number[] | null>();
    const kept: number[][] = [];
    const samples = opts.samples ?? DEFAULT_SAMPLES;
    for (let s = 0; s < samples; s++) {
      for (let j = 0; j < draw; j++) {
        const r = j + rng.int(pool.length - j);
        const x = pool[j]!;
        pool[j] = pool[r]!;
        pool[r] = x;
      }
      const codes = pool.slice(0, draw).sort((a, b) => a - b);
      const key = codes.join(',');
      let leave = judged.get(key);
      if (leave === undefined) {
        leave = judge(codes);
        judged.set(key, leave);
      }
      if (leave) kept.push(leave);
    }
    return kept.length >= (opts.minKept ?? DEFAULT_MIN_KEPT) ? kept : [];
  }

  // The tiles of `rack` (counts) the leave model values most when `count` of them go back, and
  // that value: the leave table the move generator values exchanges by (bag not empty).
  private bestKeep(rack: Uint8Array, count: number): { tiles: number[]; value: number } {
    const table = this.table;
    table.fill(rack, this.leaves, this.values, { bagCount: count, unseenValue: 0 });
    const value = table.maxByPlayed[count]!;
    let i = 0;
    while (table.size[i] !== table.total - count || table.value[i] !== value) i++;
    return { tiles: table.keptTiles(i), value };
  }

  // The best static equity `rack` has on the generator's board with `bagCount` in the bag.
  private bestEquity(rack: Uint8Array, bagCount: number): number {
    this.gen.generate(
      {
        rack,
        top: 1,
        leaves: this.leaves,
        bagCount,
        exchangeMinBag: this.rules.exchangeMinBag,
      },
      this.list,
    );
    return this.list.count === 0 ? -Infinity : this.list.equity[0]!;
  }

  // Whether a player holding `rack`, with `bagCount` tiles in the bag, would have made a
  // placement scoring `score` that keeps `leave`: its equity within `tolerance` of the best.
  private wasChosen(
    score: number,
    rack: Uint8Array,
    leave: Uint8Array,
    k: number,
    bagCount: number,
    tolerance: number,
  ): boolean {
    return score + this.leaves.leaveValue(leave, k) >= this.bestEquity(rack, bagCount) - tolerance;
  }
}
