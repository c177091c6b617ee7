/**
 * Fast bot-versus-bot games for `atril selfplay`, leave training and benchmarks: a mutable game
 * loop over one move generator (the "fast path" DESIGN.md §2 allows the AI) that follows the
 * engine's rules and its bag exactly, for 2–4 seats (G-01). The bag is the engine's: shuffled
 * from the seed, drawn from its end, reshuffled with the game's PRNG whenever tiles go back
 * (bag.ts), so a seed gives the same racks here as in `newGame`. The opening draw decides who
 * starts (G-02); exchanges are funded by the bag (X-01…X-03, through the generator's
 * `exchangeMinBag`); the game ends when a player reaches the target score (V-02), when a rack
 * empties with the bag empty (E-01), when every player passed twice in a row (E-02), after the
 * scoreless-turn limit (E-03) or when the table is blocked (V-03); then the rack
 * adjustment (E-05, standard or naspa) and the tie-break (E-07).
 *
 * Bots only play words of the lexicon, so challenges never arise, and the final challenge
 * window (E-06) always closes with the play standing: the game ends at once. The differential
 * test (selfplay.test.ts) replays thousands of these games through the engine's `apply` and
 * checks that every bot saw the same position and that every score and every end is the same.
 */
import { fullBag, returnTiles } from '../engine/bag.js';
import { SIZE } from '../engine/board.js';
import type { EndReason } from '../engine/events.js';
import { seedRng, type RngState } from '../engine/rng.js';
import { type Rules, tileSetOf } from '../engine/rules.js';
import { BLANK, BLANK_FLAG, type TileSet, rackCount, rackValue } from '../engine/tiles.js';
import { type Bot, spreadOf } from './bots.js';
import { boardBefore } from '../engine/placement.js';
import type { OpponentPlacement } from './sim/inference.js';
import { MoveGenerator } from './movegen.js';
import { KIND_EXCHANGE, KIND_PASS, MoveList, TILE_STRIDE } from './movelist.js';
import { Rng } from './rng.js';

/** The result of one game, with the engine's `end` event's meaning for each field. */
export interface GameOutcome {
  /** Final scores per seat, after the rack adjustment (E-05). */
  readonly scores: number[];
  /** Scores before the rack adjustment (the caja tie-break, E-07). */
  readonly before: number[];
  /** Seats with the best final score after the tie-break (E-07); more than one is a draw. */
  readonly winners: number[];
  readonly reason: EndReason;
  /** The seat that went out (E-01), else null. */
  readonly wentOut: number | null;
  /** The seat that moved first (G-02). */
  readonly first: number;
  /** The racks left at the end, as counts per seat. */
  readonly racks: Uint8Array[];
  /** Moves made (plays, exchanges and passes). */
  readonly turns: number;
}

/** Called after every move with what a leave trainer needs. */
export interface MoveObserver {
  (info: {
    seat: number;
    /** The kept tiles (counts) right after the move, before drawing. */
    leave: Uint8Array;
    score: number;
    /** Tiles in the bag right after the move, before the mover refills. */
    bagAfter: number;
    /** Index of the move in the game, from 0. */
    turn: number;
  }): void;
}

// No rule ends a sala game whose bots keep passing while the bag could fund an exchange (sala
// has neither E-02 nor E-03); the shipped bots never do that for long, so a game this long is
// a bug worth stopping on.
const MOVE_LIMIT = 1000;

/** A reusable table for many games with the same lexicon and rules. */
export class SelfPlay {
  readonly gen: MoveGenerator;
  readonly set: TileSet;
  private readonly list = new MoveList();
  private readonly unseen: Uint8Array;
  private readonly leave: Uint8Array;
  private readonly bag: Uint8Array;
  private bagLength = 0;
  private rng: RngState = [0, 0, 0, 0];

  /** `nodes`: the lexicon's word graph, for the rules' tile set. */
  constructor(
    nodes: Uint32Array,
    readonly rules: Rules,
  ) {
    this.set = tileSetOf(rules);
    this.gen = new MoveGenerator(nodes, this.set, rules);
    const n = this.set.letters.length + 1;
    this.unseen = new Uint8Array(n);
    this.leave = new Uint8Array(n);
    this.bag = new Uint8Array(this.set.size);
  }

  // Takes up to n tiles from the end of the bag into a rack (bag.ts `drawTiles`).
  private draw(rack: Uint8Array, n: number): void {
    for (let k = 0; k < n && this.bagLength > 0; k++) rack[this.bag[--this.bagLength]!]!++;
  }

  // Puts tiles back and reshuffles the whole bag with the game's PRNG (bag.ts `returnTiles`).
  private giveBack(tiles: readonly number[]): void {
    const back = returnTiles(this.bag.subarray(0, this.bagLength), tiles, this.rng);
    this.bag.set(back.bag);
    this.bagLength = back.bag.length;
    this.rng = back.rng;
  }

  // G-02: each contender draws a tile; closest to A starts (a blank beats every letter), ties
  // draw again; the drawn tiles go back before the deal.
  private openingDraw(players: number): number {
    if (this.rules.firstPlayer !== 'draw') return 0;
    let contenders = Array.from({ length: players }, (_, s) => s);
    for (;;) {
      const drawn = contenders.map(() => this.bag[--this.bagLength]!);
      this.giveBack(drawn);
      const best = Math.min(...drawn);
      contenders = contenders.filter((_, k) => drawn[k] === best);
      if (contenders.length === 1) return contenders[0]!;
    }
  }

  /**
   * Plays one game with one bot per seat (2–4). The seed fixes the bag (as `newGame` with the
   * same seed would), so who starts and every rack, and the bots' own choices: a game repeats
   * exactly.
   */
  play(bots: readonly Bot[], seed: number, observe?: MoveObserver): GameOutcome {
    const players = bots.length;
    if (!Number.isInteger(players) || players < 2 || players > 4)
      throw new Error(`a game needs 2 to 4 players (G-01), got ${players}`);
    const { set, gen, list, rules, unseen, leave } = this;
    const shuffled = fullBag(set, seedRng(seed));
    this.bag.set(shuffled.bag);
    this.bagLength = shuffled.bag.length;
    this.rng = shuffled.rng;
    const botRng = new Rng(seed ^ 0x5bd1e995);
    gen.setBoard(new Uint8Array(SIZE * SIZE));
    const first = this.openingDraw(players);
    const racks = Array.from({ length: players }, () => new Uint8Array(set.letters.length + 1));
    for (const rack of racks) this.draw(rack, rules.rackSize);
    const scores = new Array<number>(players).fill(0);
    const passLimit = rules.passesToEnd === null ? Infinity : rules.passesToEnd * players;
    const zeroLimit = rules.scorelessTurnsToEnd ?? Infinity;
    const blockedLimit = rules.blockedTurnsToEnd ?? Infinity;
    const target = rules.targetScore ?? Infinity;
    let passRun = 0;
    let scorelessRun = 0;
    let unchangedRun = 0;
    let reason: EndReason | null = null;
    let wentOut: number | null = null;
    let turn = 0;
    // The placement or exchange of the turn just before (two players), for the bots' inference.
    let lastPlay: OpponentPlacement | undefined;
    let lastExchange: number | undefined;
    for (let seat = first; reason === null; seat = (seat + 1) % players, turn++) {
      if (turn === MOVE_LIMIT) throw new Error(`self-play game ${seed} did not end`);
      const rack = racks[seat]!;
      // What this seat cannot see: the bag plus the other racks (the view's `unseen`).
      unseen.fill(0);
      for (let k = 0; k < this.bagLength; k++) unseen[this.bag[k]!]!++;
      for (const other of racks)
        if (other !== rack) for (let t = 0; t < other.length; t++) unseen[t]! += other[t]!;
      const bagCount = this.bagLength;
      const spread = spreadOf(scores, seat);
      const input = { rack, bagCount, unseen, rules, spread, lastPlay, lastExchange };
      const i = bots[seat]!.choose(gen, input, list, botRng);
      lastPlay = undefined;
      lastExchange = undefined;
      const kind = i < 0 ? KIND_PASS : list.kind[i]!;
      let score = 0;
      if (kind === KIND_PASS) {
        leave.set(rack);
        passRun++;
        scorelessRun++;
        unchangedRun++;
      } else if (kind === KIND_EXCHANGE) {
        const back: number[] = [];
        for (let k = 0; k < list.len[i]!; k++) {
          const t = list.tiles[i * TILE_STRIDE + k]!;
          rack[t]!--;
          back.push(t);
        }
        leave.set(rack);
        this.draw(rack, back.length);
        this.giveBack(back);
        if (players === 2) lastExchange = back.length;
        passRun = 0; // an exchange is not a pass
        scorelessRun++;
        unchangedRun++;
      } else {
        const placed = list.placedOf(i);
        const squares = placed.map((p) => p.square);
        const tiles = placed.map((p) => p.tile);
        for (const t of tiles) rack[(t & BLANK_FLAG) !== 0 ? BLANK : t]!--;
        leave.set(rack);
        score = list.score[i]!;
        scores[seat]! += score;
        if (players === 2) lastPlay = placementOn(gen.board, squares, tiles, score);
        gen.playPlaced(squares, tiles);
        this.draw(rack, tiles.length);
        passRun = 0;
        scorelessRun = score === 0 ? scorelessRun + 1 : 0;
        unchangedRun = 0;
      }
      if (observe) observe({ seat, leave, score, bagAfter: bagCount, turn });
      // The engine's end rules, in its order (endOfGame.ts `endOf`): V-02 first, so a play that
      // reaches the target ends the game with no rack adjustment even when it also goes out.
      if (scores[seat]! >= target)
        reason = 'target'; // V-02
      else if (this.bagLength === 0 && rackCount(rack) === 0) {
        reason = 'out'; // E-01
        wentOut = seat;
      } else if (passRun >= passLimit)
        reason = 'passes'; // E-02
      else if (scorelessRun >= zeroLimit && gen.tileCount > 0)
        reason = 'scoreless'; // E-03
      else if (this.bagLength < rules.exchangeMinBag && unchangedRun >= blockedLimit)
        reason = 'blocked'; // V-03
    }
    // E-05: the rack adjustment (none after V-02).
    const before = scores.slice();
    const values = racks.map((r) => rackValue(set, r));
    if (reason === 'out') {
      const others = values.reduce((a, v, s) => (s === wentOut ? a : a + v), 0);
      if (rules.endRackScoring === 'naspa') scores[wentOut!]! += 2 * others;
      else for (let s = 0; s < players; s++) scores[s]! += s === wentOut ? others : -values[s]!;
    } else if (reason !== 'target') {
      for (let s = 0; s < players; s++) scores[s]! -= values[s]!;
    }
    // E-07: the best final score wins; caja breaks a tie by the score before the adjustment.
    const top = Math.max(...scores);
    let winners = scores.flatMap((v, s) => (v === top ? [s] : []));
    if (winners.length > 1 && rules.tieBreak === 'preAdjustment') {
      const best = Math.max(...winners.map((s) => before[s]!));
      winners = winners.filter((s) => before[s] === best);
    }
    return { scores, before, winners, reason, wentOut, first, racks, turns: turn };
  }
}

/**
 * The placement of `tiles` on `squares` for the next seat's bot, whose board before it is read
 * from `board` (once the placement is on it) only when a bot asks: most never do.
 */
function placementOn(
  board: Uint8Array,
  squares: readonly number[],
  tiles: readonly number[],
  score: number,
): OpponentPlacement {
  return {
    tiles,
    score,
    get board() {
      return boardBefore(board, squares);
    },
  };
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
