/**
 * Fast bot-versus-bot games for `atril selfplay`, leave training and benchmarks: a mutable
 * two-player game loop over one move generator (the "fast path" DESIGN.md §2 allows the AI),
 * following the rules that matter between bots: racks refilled from a seeded bag, exchanges
 * funded by the bag (X-01, X-02/X-03 through `exchangeMinBag`), the game ending when a player
 * goes out with the bag empty (E-01), after every player passes twice (E-02), after the
 * scoreless-turn limit (E-03) or when the table is blocked (V-03), the end-of-game rack
 * adjustment (E-05) and the preset's tie-break (E-07). Bots only ever play valid words, so
 * challenges never arise here.
 */
import { SIZE } from '../engine/board.js';
import type { Rules } from '../engine/rules.js';
import { STANDARD_SCORING } from '../engine/placement.js';
import {
  BLANK_FLAG,
  type TileSet,
  fullDistribution,
  rackCount,
  rackValue,
} from '../engine/tiles.js';
import type { Bot } from './bots.js';
import { MoveGenerator } from './movegen.js';
import { KIND_EXCHANGE, KIND_PASS, MoveList, TILE_STRIDE } from './movelist.js';
import { Rng } from './rng.js';

/** The result of one game. */
export interface GameOutcome {
  /** Final scores, after the rack adjustment. */
  readonly scores: [number, number];
  /** Scores before the rack adjustment (the caja tie-break). */
  readonly before: [number, number];
  /** 0 or 1, or -1 for a draw (E-07). */
  readonly winner: number;
  readonly turns: number;
}

/** Called after every move with what a leave trainer needs. */
export interface MoveObserver {
  (info: {
    seat: number;
    /** The kept tiles (counts) right after the move, before drawing. */
    leave: Uint8Array;
    score: number;
    bagAfter: number;
    turn: number;
  }): void;
}

/** A reusable table for many games with the same lexicon and rules. */
export class SelfPlay {
  readonly gen: MoveGenerator;
  private readonly list = new MoveList();
  private readonly racks: [Uint8Array, Uint8Array];
  private readonly unseen: Uint8Array;
  private readonly bag: number[] = [];

  constructor(
    nodes: Uint32Array,
    readonly set: TileSet,
    readonly rules: Rules,
  ) {
    this.gen = new MoveGenerator(nodes, set, {
      ...STANDARD_SCORING,
      bingoTiles: rules.bingoTiles,
      bingoBonus: rules.bingoBonus,
    });
    const n = set.letters.length + 1;
    this.racks = [new Uint8Array(n), new Uint8Array(n)];
    this.unseen = new Uint8Array(n);
  }

  /** Plays one game; seat 0 moves first. */
  play(bots: [Bot, Bot], seed: number, observe?: MoveObserver): GameOutcome {
    const rng = new Rng(seed);
    const botRng = new Rng(seed ^ 0x5bd1e995);
    const set = this.set;
    const gen = this.gen;
    const list = this.list;
    gen.setBoard(new Uint8Array(SIZE * SIZE));
    const dist = fullDistribution(set);
    const bag = this.bag;
    bag.length = 0;
    for (let t = 0; t < dist.length; t++) for (let c = 0; c < dist[t]!; c++) bag.push(t);
    const racks = this.racks;
    racks[0].fill(0);
    racks[1].fill(0);
    const draw = (rack: Uint8Array, n: number): void => {
      for (let k = 0; k < n && bag.length > 0; k++) {
        const j = rng.int(bag.length);
        rack[bag[j]!]!++;
        bag[j] = bag[bag.length - 1]!;
        bag.pop();
      }
    };
    const rackSize = this.rules.rackSize;
    draw(racks[0], rackSize);
    draw(racks[1], rackSize);
    const scores: [number, number] = [0, 0];
    let passes = 0;
    let scoreless = 0;
    let unchanged = 0;
    let turn = 0;
    let seat = 0;
    const passLimit = this.rules.passesToEnd === null ? Infinity : this.rules.passesToEnd * 2;
    const zeroLimit = this.rules.scorelessTurnsToEnd ?? Infinity;
    const blockedLimit = this.rules.blockedTurnsToEnd ?? Infinity;
    let wentOut = -1;
    for (; turn < 200; turn++, seat ^= 1) {
      const rack = racks[seat]!;
      // What this seat cannot see: the bag plus the opponent's rack.
      const unseen = this.unseen;
      unseen.fill(0);
      for (const t of bag) unseen[t]!++;
      const other = racks[seat ^ 1]!;
      for (let t = 0; t < other.length; t++) unseen[t]! += other[t]!;
      const i = bots[seat]!.choose(
        gen,
        { rack, bagCount: bag.length, unseen, rules: this.rules },
        list,
        botRng,
      );
      let score = 0;
      if (i < 0 || list.kind[i] === KIND_PASS) {
        passes++;
        scoreless++;
        unchanged++;
      } else if (list.kind[i] === KIND_EXCHANGE) {
        const n = list.len[i]!;
        const back: number[] = [];
        for (let k = 0; k < n; k++) {
          const t = list.tiles[i * TILE_STRIDE + k]!;
          rack[t]!--;
          back.push(t);
        }
        draw(rack, n);
        for (const t of back) bag.push(t);
        passes = 0;
        scoreless++;
        unchanged++;
      } else {
        const placed = list.placedOf(i);
        const squares = placed.map((p) => p.square);
        const tiles = placed.map((p) => p.tile);
        for (const t of tiles) rack[(t & BLANK_FLAG) !== 0 ? 0 : t]!--;
        score = list.score[i]!;
        scores[seat] += score;
        gen.playPlaced(squares, tiles);
        passes = 0;
        scoreless = 0;
        unchanged = 0;
      }
      if (observe) observe({ seat, leave: rack, score, bagAfter: bag.length, turn });
      if (i >= 0 && list.kind[i] !== KIND_PASS && list.kind[i] !== KIND_EXCHANGE)
        draw(rack, rackSize - rackCount(rack));
      if (bag.length === 0 && rack.every((c) => c === 0)) {
        wentOut = seat;
        turn++;
        break;
      }
      const blocked = bag.length < this.rules.exchangeMinBag && unchanged >= blockedLimit;
      if (passes >= passLimit || (scoreless >= zeroLimit && gen.tileCount > 0) || blocked) {
        turn++;
        break;
      }
    }
    // E-05: everyone subtracts their rack; whoever went out adds the others' racks.
    const before: [number, number] = [scores[0], scores[1]];
    for (let s = 0; s < 2; s++) {
      const v = rackValue(set, racks[s]!);
      scores[s] -= v;
      if (wentOut >= 0 && s !== wentOut) scores[wentOut] += v;
    }
    // E-07: a tie is a draw, or (caja) goes to the higher score before the adjustment.
    const [a, b] =
      scores[0] === scores[1] && this.rules.tieBreak === 'preAdjustment' ? before : scores;
    const winner = a > b ? 0 : b > a ? 1 : -1;
    return { scores, before, winner, turns: turn };
  }
}

/** Wilson 95% interval of a proportion (draws count as half a win). */
export function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}
