/**
 * Monte-Carlo simulation of a position's best candidates (the method of Quackle's Championship
 * Player): the top candidates by static equity are each played out a few plies against the same
 * random draws, and ranked by the estimated probability of winning and the mean spread.
 *
 * - **One iteration.** The opponent's rack is drawn from the unseen tiles and the rest shuffled
 *   as the bag. Every candidate meets that same draw (common random numbers, so differences
 *   between candidates are measured with far less noise): the candidate is played, its player
 *   refills from the bag, then both sides alternate their best static-equity move for `plies − 1`
 *   more plies. The result is the spread of those plies plus the leave value of the last rack
 *   each side kept, so a candidate is not judged only by the points of a horizon.
 * - **Win probability.** The current spread plus the iteration's spread, against a normal spread
 *   of the rest of the game whose width grows with the tiles still to be played.
 * - **Determinism.** Iteration i draws from its own generator seeded by (seed, i), so the result
 *   depends on the seed and the number of iterations only, never on how they were split among
 *   threads.
 * - **Early stop.** Every `batch` iterations, candidates whose mean is clearly below the leader's
 *   (2.6 standard errors apart) are dropped; the search stops when one is left.
 */
import type { Move } from '../../engine/move.js';
import type { Rules } from '../../engine/rules.js';
import { BLANK_FLAG, type TileSet } from '../../engine/tiles.js';
import { emptyArray } from '../arrays.js';
import type { LeaveModel } from '../leave.js';
import { MoveGenerator } from '../movegen.js';
import { KIND_EXCHANGE, KIND_PASS, KIND_PLACE, MoveList, TILE_STRIDE } from '../movelist.js';
import { Rng } from '../rng.js';

/** The position to simulate, as the player to move sees it. */
export interface SimPosition {
  readonly board: ArrayLike<number>;
  /** The player's rack as counts (index 0 = blanks). */
  readonly rack: ArrayLike<number>;
  /** Tiles the player cannot see (the bag and the opponent's rack) as counts. */
  readonly unseen: ArrayLike<number>;
  readonly bagCount: number;
  /** The player's score minus the opponent's, now. */
  readonly spread: number;
  /**
   * Leaves the opponent may have kept (tile codes), one per inferred sample (inference.ts):
   * each iteration deals it one of them and the rest of its rack at random. Absent or empty:
   * its whole rack at random.
   */
  readonly oppLeaves?: readonly (readonly number[])[];
}

/** How much to simulate. */
export interface SimOptions {
  /** Candidates taken from the static ranking (default 10). */
  readonly candidates?: number;
  /** Plies per iteration, the candidate included (default 2). */
  readonly plies?: number;
  /** Most iterations (default 1000). */
  readonly iterations?: number;
  /** Stop after this many milliseconds (each slice of a batch runs its first iteration whole). */
  readonly timeMs?: number;
  /** Iterations between checks for an early stop (default 32). */
  readonly batch?: number;
  /** Never stop early (for tests that compare runs). */
  readonly noEarlyStop?: boolean;
  /**
   * Simulate a lone candidate too, for its estimates (`atril best --sim --top 1`). Otherwise
   * it comes back unsimulated, with no iterations: there is nothing to choose.
   */
  readonly alone?: boolean;
  readonly seed?: number;
}

/**
 * Whether a simulation of `count` candidates goes on after `done` iterations of `opts`'s most
 * (the time limit and the early stop aside).
 */
export function simulating(count: number, done: number, opts: SimOptions): boolean {
  return done < (opts.iterations ?? 1000) && count > (opts.alone ? 0 : 1);
}

/** Whether `opts` lets a simulation of `count` candidates stop once one is clearly best. */
export function stopsEarly(count: number, opts: SimOptions): boolean {
  return !opts.noEarlyStop && count > 1;
}

/** One simulated candidate. */
export interface SimCandidate {
  readonly move: Move;
  readonly score: number;
  /** Static equity (score plus leave value). */
  readonly equity: number;
  /** Iterations it took part in (fewer when it was dropped early). */
  readonly iterations: number;
  /** Mean spread of the simulated plies, leave values included. */
  readonly meanSpread: number;
  /** Standard error of that mean. */
  readonly stdError: number;
  /** Estimated probability of winning the game, 0…1. */
  readonly winProb: number;
  /**
   * How many standard errors its win chance stands above the static favourite's on the draws
   * both met (0 for the favourite itself and for a candidate dropped before any).
   */
  readonly gainZ: number;
  /** Its place in the static ranking (0 = the static favourite). */
  readonly staticRank: number;
}

/** The result of a simulation, best candidate first. */
export interface SimResult {
  readonly candidates: readonly SimCandidate[];
  readonly iterations: number;
  readonly ms: number;
  /** True when one candidate was clearly best before the budget ran out. */
  readonly stoppedEarly: boolean;
}

/** Running sums for one candidate. */
export interface SimTally {
  n: number;
  sum: number;
  sumSq: number;
  win: number;
  /**
   * Iterations it shared with the static favourite (candidate 0), and the sums of its win
   * chance minus the favourite's on the same draws: paired, so far less noisy than the two
   * means apart.
   */
  pairs: number;
  gain: number;
  gainSq: number;
}

/** An empty tally. */
export function newTally(): SimTally {
  return { n: 0, sum: 0, sumSq: 0, win: 0, pairs: 0, gain: 0, gainSq: 0 };
}

/** Adds the sums of `from` into `into`. */
export function addTally(into: SimTally, from: SimTally): void {
  into.n += from.n;
  into.sum += from.sum;
  into.sumSq += from.sumSq;
  into.win += from.win;
  into.pairs += from.pairs;
  into.gain += from.gain;
  into.gainSq += from.gainSq;
}

/** A candidate in flat form, as handed to workers. */
export interface FlatCandidate {
  readonly kind: number;
  readonly squares: readonly number[];
  readonly tiles: readonly number[];
  readonly score: number;
}

const STOP_Z = 2.6;

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26 on erf). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/**
 * The spread of the rest of a game is taken as normal with this standard deviation: about 8
 * points per tile-pair still to be played (turns left), so a lead counts for less early on.
 */
export function remainingSd(tilesLeft: number): number {
  return Math.max(5, 7 * Math.sqrt(tilesLeft / 3));
}

/** The simulation engine for one lexicon and rules; not thread-safe (one per thread). */
export class Simulator {
  private readonly base: MoveGenerator;
  private readonly gens: MoveGenerator[] = [];
  private readonly list = new MoveList();
  private readonly val: Int16Array;

  constructor(
    private readonly kwg: Uint32Array,
    readonly set: TileSet,
    readonly rules: Rules,
    readonly leaves: LeaveModel,
  ) {
    this.base = this.newGen();
    this.val = new Int16Array(64);
    for (let c = 1; c <= set.letters.length; c++) this.val[c] = set.letters[c - 1]!.value;
  }

  private newGen(): MoveGenerator {
    return new MoveGenerator(this.kwg, this.set, this.rules);
  }

  private genAt(i: number): MoveGenerator {
    while (this.gens.length <= i) this.gens.push(this.newGen());
    return this.gens[i]!;
  }

  /** The top candidates by static equity, in flat form (best first), and as moves. */
  candidates(
    pos: SimPosition,
    count: number,
  ): { flat: FlatCandidate[]; list: MoveList; order: number[] } {
    this.base.setBoard(pos.board);
    const list = new MoveList();
    this.base.generate(
      {
        rack: pos.rack,
        top: count,
        leaves: this.leaves,
        bagCount: pos.bagCount,
        exchangeMinBag: this.rules.exchangeMinBag,
      },
      list,
    );
    const order = list.order();
    const flat = order.map((i) => flatOf(list, i));
    return { flat, list, order };
  }

  /**
   * Runs iterations `from` … `to − 1` for every candidate still `alive`, adding into `tallies`,
   * and returns how many it ran: past `deadline` (a `Date.now()` time) it stops, the first
   * always run whole. `setBoard` must have been called through `prepare` for this position.
   */
  run(
    pos: SimPosition,
    cands: readonly FlatCandidate[],
    alive: readonly boolean[],
    from: number,
    to: number,
    seed: number,
    plies: number,
    tallies: SimTally[],
    deadline = Infinity,
  ): number {
    const n = this.set.letters.length + 1;
    const unseen: number[] = [];
    for (let t = 0; t < n; t++) for (let c = 0; c < (pos.unseen[t] ?? 0); c++) unseen.push(t);
    const racks = [new Uint8Array(n), new Uint8Array(n)];
    const oppRack0 = new Uint8Array(n);
    const bag: number[] = [];
    const rackSize = this.rules.rackSize;
    const tilesLeft = unseen.length;
    const sd = remainingSd(tilesLeft);
    const wins = new Float64Array(cands.length);
    const oppLeaves = pos.oppLeaves ?? [];
    const oppCount = Math.min(rackSize, tilesLeft - pos.bagCount);
    checkLeaves(oppLeaves, unseen, oppCount);
    const values = new Float64Array(cands.length);
    // With every move a candidate one iteration lasts a second: past the deadline an iteration
    // after the slice's first is dropped where it is, before its values are counted.
    const late = (it: number, c: number): boolean =>
      it > from && deadline !== Infinity && (c & 15) === 0 && Date.now() >= deadline;
    let it = from;
    iterations: for (; it < to; it++) {
      const rng = new Rng(mix(seed, it));
      const order = dealOrder(unseen, oppLeaves, rng);
      oppRack0.fill(0);
      for (let k = 0; k < oppCount; k++) oppRack0[order[k]!]!++;
      for (let c = 0; c < cands.length; c++) {
        // Read before skipping the dead, so that every iteration reads it at c = 0.
        if (late(it, c)) break iterations;
        if (!alive[c]) continue;
        emptyArray(bag);
        for (let k = order.length - 1; k >= oppCount; k--) bag.push(order[k]!);
        racks[0]!.set(pos.rack as ArrayLike<number>);
        racks[1]!.set(oppRack0);
        values[c] = this.playout(cands[c]!, racks, bag, plies);
      }
      for (let c = 0; c < cands.length; c++) {
        if (!alive[c]) continue;
        const v = values[c]!;
        const t = tallies[c]!;
        t.n++;
        t.sum += v;
        t.sumSq += v * v;
        wins[c] = normalCdf((pos.spread + v) / sd);
        t.win += wins[c]!;
      }
      if (!alive[0]) continue;
      for (let c = 1; c < cands.length; c++) {
        if (!alive[c]) continue;
        const t = tallies[c]!;
        const d = wins[c]! - wins[0]!;
        t.pairs++;
        t.gain += d;
        t.gainSq += d * d;
      }
    }
    return it - from;
  }

  // One candidate against one draw: the spread of `plies` plies plus both final leave values.
  private playout(cand: FlatCandidate, racks: Uint8Array[], bag: number[], plies: number): number {
    const rackSize = this.rules.rackSize;
    const gen1 = this.genAt(0);
    gen1.copyFrom(this.base);
    let spread = 0;
    // The value of what each side kept after its last move (before drawing).
    const kept = [0, 0];
    // Ply 1: the candidate.
    const me = racks[0]!;
    if (cand.kind === KIND_PLACE) {
      for (const t of cand.tiles) me[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
      gen1.playPlaced(cand.squares, cand.tiles);
      spread += cand.score;
      if (bag.length === 0 && me.every((c) => c === 0))
        return spread + 2 * this.rackPoints(racks[1]!);
      kept[0] = this.leaveOf(me);
      draw(me, bag, rackSize);
    } else if (cand.kind === KIND_EXCHANGE) {
      for (const t of cand.tiles) me[t]!--;
      kept[0] = this.leaveOf(me);
      draw(me, bag, rackSize);
      for (const t of cand.tiles) bag.unshift(t);
    }
    let gen = gen1;
    let side = 1;
    const list = this.list;
    for (let p = 1; p < plies; p++, side ^= 1) {
      const rack = racks[side]!;
      gen.generate(
        {
          rack,
          top: 1,
          leaves: this.leaves,
          bagCount: bag.length,
          exchangeMinBag: this.rules.exchangeMinBag,
          // With the bag empty the racks are known to each other: the expert's end-of-game terms.
          unseenValue: bag.length === 0 ? this.rackPoints(racks[side ^ 1]!) : 0,
        },
        list,
      );
      const sign = side === 0 ? 1 : -1;
      if (list.count === 0 || list.kind[0] === KIND_PASS) continue;
      if (list.kind[0] === KIND_EXCHANGE) {
        const ex: number[] = [];
        for (let k = 0; k < list.len[0]!; k++) ex.push(list.tiles[k]!);
        for (const t of ex) rack[t]!--;
        kept[side] = this.leaveOf(rack);
        draw(rack, bag, rackSize);
        for (const t of ex) bag.unshift(t);
        continue;
      }
      const placed = list.placedOf(0);
      const next = this.genAt(p);
      next.copyFrom(gen);
      const sqs = placed.map((x) => x.square);
      const tls = placed.map((x) => x.tile);
      next.playPlaced(sqs, tls);
      gen = next;
      for (const t of tls) rack[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
      spread += sign * list.score[0]!;
      if (bag.length === 0 && rack.every((c) => c === 0))
        return spread + sign * 2 * this.rackPoints(racks[side ^ 1]!);
      kept[side] = this.leaveOf(rack);
      draw(rack, bag, rackSize);
    }
    // What each side kept is worth its leave value; once the bag is empty, the racks count as
    // they would at the end (E-05), each player losing their own.
    if (bag.length > 0) return spread + kept[0]! - kept[1]!;
    return spread + this.rackPoints(racks[1]!) - this.rackPoints(racks[0]!);
  }

  private leaveOf(rack: Uint8Array): number {
    let size = 0;
    for (let t = 0; t < rack.length; t++) size += rack[t]!;
    return size === 0 ? 0 : this.leaves.leaveValue(rack, size);
  }

  private rackPoints(rack: Uint8Array): number {
    let v = 0;
    for (let t = 0; t < rack.length; t++) v += rack[t]! * this.val[t]!;
    return v;
  }

  /** Points the base generator at the position's board (call before `run`). */
  prepare(pos: SimPosition): void {
    this.base.setBoard(pos.board);
  }

  /** Simulates in this thread. */
  simulate(pos: SimPosition, opts: SimOptions = {}): SimResult {
    const t0 = Date.now();
    const { flat, list, order } = this.candidates(pos, opts.candidates ?? 10);
    const tallies = flat.map(newTally);
    const alive = flat.map(() => true);
    const maxIt = opts.iterations ?? 1000;
    const batch = opts.batch ?? 32;
    const seed = opts.seed ?? 1;
    const plies = opts.plies ?? 2;
    const deadline = opts.timeMs === undefined ? Infinity : t0 + opts.timeMs;
    let done = 0;
    let early = false;
    this.prepare(pos);
    while (simulating(flat.length, done, opts)) {
      const from = done;
      const to = Math.min(maxIt, from + batch);
      done += this.run(pos, flat, alive, from, to, seed, plies, tallies, deadline);
      // Stopped by the clock within the batch.
      if (done < to) break;
      if (stopsEarly(flat.length, opts) && prune(tallies, alive)) {
        early = true;
        break;
      }
      if (Date.now() >= deadline) break;
    }
    return summarise(list, order, flat, tallies, done, Date.now() - t0, early);
  }
}

/** Drops candidates clearly behind the leader; true when only one is left. */
export function prune(tallies: readonly SimTally[], alive: boolean[]): boolean {
  let lead = -1;
  for (let c = 0; c < tallies.length; c++)
    if (alive[c] && (lead < 0 || mean(tallies[c]!) > mean(tallies[lead]!))) lead = c;
  if (lead < 0 || tallies[lead]!.n < 64) return false;
  const lm = mean(tallies[lead]!);
  const ls = stdErr(tallies[lead]!);
  let left = 0;
  for (let c = 0; c < tallies.length; c++) {
    if (!alive[c]) continue;
    if (c !== lead) {
      const t = tallies[c]!;
      const gap = STOP_Z * Math.sqrt(ls * ls + stdErr(t) ** 2);
      if (mean(t) + gap < lm) alive[c] = false;
    }
    if (alive[c]) left++;
  }
  return left === 1;
}

function mean(t: SimTally): number {
  return t.n === 0 ? -Infinity : t.sum / t.n;
}

/** The z-score of a tally's paired gain over the static favourite (0 without pairs). */
function gainZ(t: SimTally): number {
  if (t.pairs < 2) return 0;
  const m = t.gain / t.pairs;
  const v = Math.max(0, (t.gainSq - t.pairs * m * m) / (t.pairs - 1));
  if (v === 0) return m === 0 ? 0 : Math.sign(m) * Infinity;
  return m / Math.sqrt(v / t.pairs);
}

function stdErr(t: SimTally): number {
  if (t.n < 2) return Infinity;
  const m = t.sum / t.n;
  const v = Math.max(0, (t.sumSq - t.n * m * m) / (t.n - 1));
  return Math.sqrt(v / t.n);
}

/** The result from the tallies, best first by win probability, then mean spread. */
export function summarise(
  list: MoveList,
  order: readonly number[],
  flat: readonly FlatCandidate[],
  tallies: readonly SimTally[],
  iterations: number,
  ms: number,
  stoppedEarly: boolean,
): SimResult {
  const candidates = flat.map((f, c) => {
    const t = tallies[c]!;
    const i = order[c]!;
    return {
      move: list.toMove(i),
      score: f.score,
      equity: list.equity[i]!,
      iterations: t.n,
      meanSpread: t.n === 0 ? list.equity[i]! : t.sum / t.n,
      stdError: t.n < 2 ? 0 : stdErr(t),
      winProb: t.n === 0 ? 0 : t.win / t.n,
      gainZ: gainZ(t),
      staticRank: c,
    };
  });
  // Candidates dropped early had fewer iterations: rank by the mean spread's order among the
  // survivors first (they were all checked against the leader), then by win probability.
  const full = Math.max(...candidates.map((c) => c.iterations));
  candidates.sort(
    (a, b) =>
      Number(b.iterations === full) - Number(a.iterations === full) ||
      b.winProb - a.winProb ||
      b.meanSpread - a.meanSpread,
  );
  return { candidates, iterations, ms, stoppedEarly };
}

/**
 * A simulated candidate needs this many standard errors of paired gain before it replaces the
 * static favourite: with a few hundred iterations the best of eight noisy means is often a
 * candidate no better than the favourite, and switching on noise lost games to the expert.
 */
export const SWITCH_Z = 2;

/**
 * The move to play from a simulation: the best-ranked candidate when it beat the static
 * favourite clearly on the draws both met (or the favourite was dropped as clearly worse),
 * else the favourite.
 */
export function simChoice(result: SimResult): SimCandidate | undefined {
  const cands = result.candidates;
  const fav = cands.find((c) => c.staticRank === 0);
  const top = cands[0];
  if (!fav || !top || top === fav || fav.iterations < top.iterations) return top;
  return cands.find((c) => c === fav || c.gainZ >= SWITCH_Z);
}

/** Move i of a list in flat form. */
export function flatOf(list: MoveList, i: number): FlatCandidate {
  const kind = list.kind[i]!;
  if (kind !== KIND_PLACE) {
    const tiles = Array.from(list.tiles.subarray(i * TILE_STRIDE, i * TILE_STRIDE + list.len[i]!));
    return { kind, squares: [], tiles: kind === KIND_EXCHANGE ? tiles : [], score: 0 };
  }
  const placed = list.placedOf(i);
  return {
    kind,
    squares: placed.map((p) => p.square),
    tiles: placed.map((p) => p.tile),
    score: list.score[i]!,
  };
}

const NO_TILES: readonly number[] = [];

/**
 * The unseen tiles (in code order) in one iteration's dealing order: the opponent's rack first,
 * the bag after. With inferred leaves the rack starts with one of them, picked at random, and
 * the rest are shuffled behind it; without, all are shuffled.
 */
export function dealOrder(
  unseen: readonly number[],
  oppLeaves: readonly (readonly number[])[],
  rng: Rng,
): number[] {
  const fixed = oppLeaves.length > 0 ? oppLeaves[rng.int(oppLeaves.length)]! : NO_TILES;
  const order = fixed.length > 0 ? without(unseen, fixed) : unseen.slice();
  for (let k = order.length - 1; k > 0; k--) {
    const j = rng.int(k + 1);
    const x = order[k]!;
    order[k] = order[j]!;
    order[j] = x;
  }
  return fixed.length > 0 ? [...fixed, ...order] : order;
}

// The tile list `all` less one copy of each tile of `some` (all of which it holds).
function without(all: readonly number[], some: readonly number[]): number[] {
  const skip = new Uint8Array(64);
  for (const t of some) skip[t]!++;
  const out: number[] = [];
  for (const t of all) {
    if (skip[t]! > 0) skip[t]!--;
    else out.push(t);
  }
  return out;
}

// Throws unless every leave fits in the opponent's rack and among the unseen tiles (a list).
function checkLeaves(
  leaves: readonly (readonly number[])[],
  unseen: readonly number[],
  oppCount: number,
): void {
  for (const l of leaves) {
    if (l.length > oppCount || without(unseen, l).length !== unseen.length - l.length)
      throw new RangeError(`an inferred leave (${l.join(',')}) is not among the unseen tiles`);
  }
}

function draw(rack: Uint8Array, bag: number[], rackSize: number): void {
  let n = 0;
  for (let t = 0; t < rack.length; t++) n += rack[t]!;
  while (n < rackSize && bag.length > 0) {
    rack[bag.pop()!]!++;
    n++;
  }
}

/** A 32-bit seed for iteration `it` of a simulation seeded `seed`. */
function mix(seed: number, it: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(it + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}
