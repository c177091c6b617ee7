/**
 * The exact endgame solver (bag empty, two players, both racks known): a negamax search with
 * alpha-beta pruning over every placement and the pass, maximising the spread from here to the
 * end of the game, rack adjustment included.
 *
 * - **Ends.** A player who plays out ends the game (E-01) and gains twice the opponent's rack in
 *   spread (E-05: they add it and the opponent subtracts it; NASPA's 2× gives the same spread).
 *   Passes end it when the rules say (E-02: two per player in a row; V-03: the table unchanged
 *   for `blockedTurnsToEnd` turns; E-03: `scorelessTurnsToEnd` scoreless turns, zero-point
 *   placements included) and then each player only subtracts their own rack.
 * - **Iterative deepening.** Depth 1, 2, 4, 8, 12 … plies; a leaf at the horizon is scored by a
 *   guess (both racks stuck) and marks the result as inexact. The first depth whose search
 *   never reached the horizon is the exact answer. Each depth orders moves by the previous
 *   ones' transposition-table moves, so deeper searches prune far more; from depth 4 on, its
 *   value is found by null-window searches starting from the one before's (`searchRoot`);
 *   past 4, one stops at the first upper bound that depends on the horizon, unreported, and
 *   the next starts from that bound.
 * - **Transposition table.** Zobrist hashing (two 32-bit halves) of the board, both racks, the
 *   side to move and the pass and scoreless-turn runs; an entry keeps a bound, the depth it holds
 *   for (255 = exact to the end), the index of the best move in the node's list and how many
 *   nodes its search took (log 2). A list reached by another path may order its moves
 *   differently; the index only orders the search. A key's bucket holds two entries on one
 *   cache line: the costlier result stays in the first (`ttStore`).
 * - **Move ordering.** The table's move first, then by the move's immediate spread (its score,
 *   plus twice the opponent's rack when it plays out; against a stuck opponent, less a little
 *   per tile it plays: `STUCK_TILE_COST`), the pass last.
 * - **A stuck opponent.** When one player can place nothing (known from its forced pass, or
 *   asked when its own placement has just left it one tile), the game is the other's sequence
 *   of placements: a forced pass and, at a node whose opponent is stuck, the placements cost
 *   no depth, so that sequence is searched whole in any iteration; that node's own pass is
 *   worth passing out (`passEnds`), and a placement leaving one tile is bounded without a
 *   search (`lastTileBound`, which holds at any node: an opponent may always pass), before
 *   asking whether it frees the stuck player. A node where the one still playing holds two
 *   tiles is bounded from its list two plies up and the run ends of its placement since, and
 *   cut without a search when the bound is below alpha (`twoTilesBelow`). When the stuck
 *   player holds one tile (no blank), whether a placement frees it is read at that
 *   placement's run ends in the graph (`staysStuck`, no move generation); still stuck, its
 *   forced pass is stepped over (`afterForcedPass`), and a last tile left to the other side is
 *   valued without a node (`lastTileValue`). `EndgameOptions.verify` searches each of these as
 *   well, for tests.
 * - **Transposed placements.** While the opponent is stuck, two placements that cover neither
 *   each other's squares nor run ends reach one position in either order, each scoring the
 *   same. A node marks a placement (`coveredAt`) once its line through the opponent's forced
 *   pass is settled at most at the node's floor (the pass stepped over, a last tile valued, or
 *   a bound that holds the opponent to passing); after another placement and that pass, its
 *   own next turn skips the marked moves kept from its list (`origin`), as worth at most what
 *   the marked line was worth at the node less that placement's score (never above its alpha,
 *   and tighter for the next null-window search): they are the marked lines in the other
 *   order (`checkCovered` under `verify`).
 * - **Boards.** One move generator per number of placements made since the root; a child's is a
 *   copy of the parent's (`copyFrom`) plus the new tiles (`playPlaced`), so nothing is undone.
 * - **Move lists.** A node's placements come from the move cache, or from the same side's list
 *   two plies up: only the moves around the tiles placed since are generated (`deriveList`).
 * - **Threads.** Solvers on several threads (parallel.ts) share the table and a table of the
 *   nodes being searched (`SharedSearch`). A thread that meets a node another one is searching
 *   puts that move off to after its siblings (ABDADA), by when the table often holds its value;
 *   the first thread to finish stops the others.
 */
import { SIZE, SQUARES } from '../../engine/board.js';
import type { Move } from '../../engine/move.js';
import type { Rules } from '../../engine/rules.js';
import { BLANK_FLAG, EMPTY, type TileSet } from '../../engine/tiles.js';
import { emptyArray } from '../arrays.js';
import { markRunEnds } from '../crossSets.js';
import { listedArcs, letterPairs } from '../kwgArcs.js';
import {
  fitsAlone,
  fitsPair,
  nextEmpty,
  pairParts,
  pairPartsScore,
  pushSingle,
  runEndScores,
  singleScore,
} from './fewTiles.js';
import { MoveGenerator } from '../movegen.js';
import { MoveList, TILE_STRIDE } from '../movelist.js';
import { Rng } from '../rng.js';
import { MoveCache } from './moveCache.js';

/** An endgame to solve; `racks[0]` belongs to the player to move. */
export interface EndgamePosition {
  /** 225 squares, `row * 15 + col`; EMPTY or a tile code (blanks with BLANK_FLAG). */
  readonly board: ArrayLike<number>;
  /** Both racks as counts per code (index 0 = blanks), the player to move first. */
  readonly racks: readonly [ArrayLike<number>, ArrayLike<number>];
  /** Consecutive passes just before this position (E-02, V-03); default 0. */
  readonly passes?: number;
  /** Consecutive scoreless turns just before this position (E-03); default 0. */
  readonly scoreless?: number;
}

/** Limits on one solve. */
export interface EndgameOptions {
  /** Stop after this many milliseconds with the deepest completed answer (default: none). */
  readonly timeMs?: number;
  /**
   * The clock `timeMs` is measured on, in milliseconds from any origin (default `Date.now`).
   * A benchmark on a shared machine passes the process's CPU time, so that other work does not
   * cut its solves short.
   */
  readonly clock?: () => number;
  /** Deepest iteration to try, in plies (default: until exact). */
  readonly maxDepth?: number;
  /**
   * For tests: every position the solver values without searching it (a last tile, a
   * placement or a node under its one- or two-tile bound) is searched as well, and an error is
   * thrown when the search disagrees (default false).
   */
  readonly verify?: boolean;
  /**
   * For tests: every move a thread of a parallel solve could put off (`DEFER`) is put off once,
   * as if another thread were searching it, so that the search of the moves put off is checked
   * on one thread (default false).
   */
  readonly deferAll?: boolean;
  /** Called after each completed iteration of the deepening (for a progress display). */
  readonly onIteration?: (step: EndgameIteration) => void;
  /**
   * Whether iterations from depth 4 on find the value by null-window searches converging on it
   * from the one before's (MTD(f), the default), instead of one search with the whole window.
   */
  readonly nullWindows?: boolean;
}

/** One completed iteration of the deepening, as `onIteration` reports it. */
export interface EndgameIteration {
  /** The iteration's depth, in plies. */
  readonly depth: number;
  /** Its value for the player to move (exact when `exact`, else the horizon's estimate). */
  readonly value: number;
  readonly exact: boolean;
  /** Milliseconds since the solve began. */
  readonly ms: number;
}

/** The answer for the player to move. */
export interface EndgameResult {
  /**
   * Spread the player to move gains from here to the end with best play on both sides (points
   * scored minus the opponent's, rack adjustment included). Add it to the current spread for
   * the final one.
   */
  readonly value: number;
  /** True when the search reached the end of every line (the value is proven). */
  readonly exact: boolean;
  /** The best sequence from here, both players alternating, to the end of the game. */
  readonly line: readonly EndgameStep[];
  /** Deepest completed iteration, in plies. */
  readonly depth: number;
  readonly nodes: number;
  readonly ms: number;
}

/** One move of the best sequence. */
export interface EndgameStep {
  /** 0 for the player to move at the root, 1 for the opponent. */
  readonly player: 0 | 1;
  readonly move: Move;
  /** Points the move scores (0 for a pass). */
  readonly score: number;
}

const INF = 30000;
const EXACT_DEPTH = 255;
const FLAG_EXACT = 0;
const FLAG_LOWER = 1;
const FLAG_UPPER = 2;
/**
 * The runs that end a two-player game with the bag empty, as the search counts them: passes in
 * a row (E-02: two per player; V-03: with the bag empty only a pass leaves the table unchanged)
 * and scoreless turns in a row, zero-point placements included (E-03); Infinity when no rule
 * ends the game that way.
 */
export function runLimits(rules: Rules): { passes: number; scoreless: number } {
  const limits = [Infinity];
  if (rules.passesToEnd !== null) limits.push(rules.passesToEnd * 2);
  if (rules.blockedTurnsToEnd !== null) limits.push(rules.blockedTurnsToEnd);
  return { passes: Math.min(...limits), scoreless: rules.scorelessTurnsToEnd ?? Infinity };
}

/**
 * Whether `line`, played from a position whose runs of passes and scoreless turns are `runs`,
 * ends the game by those runs (E-02, E-03, V-03; see `runLimits`).
 */
export function lineEndsByRuns(
  line: readonly EndgameStep[],
  rules: Rules,
  runs: { passes: number; scoreless: number },
): boolean {
  const limit = runLimits(rules);
  let { passes, scoreless } = runs;
  for (const step of line) {
    if (step.move.kind === 'pass') passes++;
    else passes = 0;
    scoreless = step.score === 0 ? scoreless + 1 : 0;
    if (passes >= limit.passes || scoreless >= limit.scoreless) return true;
  }
  return false;
}

/**
 * The transposition table's size by default, as a power of two: 4M entries (64 MB), what a bot
 * can hold on each of a server's threads. The long one-sided lines of a stuck opponent flood a
 * smaller table; buckets that keep the costly results hold them off: the bench's endgame 27
 * takes 11.2M nodes with 1M entries, 9.7M with 4M, 9.5M with 16M (with one always-written
 * entry per slot: 23M+ unfinished in 60 s, 15.7M, 10.4M).
 */
export const TABLE_BITS = 22;
/**
 * The table for a command that solves one endgame with the machine to itself (`atril endgame`,
 * the endgame bench): 16M entries (256 MB), room for the longest searches.
 */
export const LARGE_TABLE_BITS = 24;
const NO_MOVE = 0xffffffff;
/** Sort keys pack a move's index below this. */
const INDEX_RANGE = 1 << 20;
/** A move's index in a table entry; all ones for none. */
const MOVE_BITS = INDEX_RANGE - 1;
/** Pair keys (`pairKeys`) hold a move's index below this. */
const PAIR_INDEX = 1 << 20;
/** `stuckStep`'s answers. */
const SEARCH_REPLY = 0;
const PASS_STEPPED = 1;
const LAST_VALUED = 2;
/**
 * While the opponent can place nothing, a placement is ordered by its score less this much per
 * tile it plays (MAGPIE orders so too): each tile played is one the mover can no longer score
 * with, and the best lines against a stuck opponent play out slowly, so the first line searched
 * sets a higher floor. Bench endgames 6, 27, 87 and 187 (stuck Q): 18.50M → 17.77M nodes to the
 * exact answer; the 194 others 5.42M → 5.29M (one thread). 3 gave about as much; from 5 up less.
 */
const STUCK_TILE_COST = 2;
/** Above any one-tile placement's score, so that packed singles sort best first. */
const SINGLE_TOP = 1000;

class OutOfTime extends Error {}
/**
 * What a child returns, instead of a value, when another thread is searching it: the parent
 * puts it off to after its other moves (ABDADA), by then often settled in the shared table.
 */
const DEFER = 1 << 20;
/** `SharedSearch.control[0]`: one thread has the answer, the others stop without a line. */
export const CONTROL_DONE = 1;
/** `SharedSearch.control[0]`: stopped from outside, every thread answers as if out of time. */
export const CONTROL_INTERRUPT = 2;
/** The shared table of nodes being searched: 64K entries, a node's key low half each. */
const BUSY_BITS = 16;

/**
 * Memory that the solvers of one parallel solve share (`sharedSearch`, parallel.ts): the
 * transposition table, the nodes being searched, and a control word pair.
 */
export interface SharedSearch {
  readonly table: Int32Array;
  readonly busy: Int32Array;
  /**
   * [0]: `CONTROL_DONE` once a solver has its answer (the others stop without a line), or
   * `CONTROL_INTERRUPT` when the solve is cut short from outside (every thread answers with its
   * deepest iteration); [1]: the solve's generation.
   */
  readonly control: Int32Array;
}

/**
 * The generation of a table's next solve after `generation` (1…255): entries of earlier solves
 * are told apart by theirs instead of clearing 64 MB, which costs more than a small solve, and
 * the table is wiped once in 255 solves.
 */
export function nextGeneration(tt: Int32Array, generation: number): number {
  if (generation < 255) return generation + 1;
  for (let e = 3; e < tt.length; e += 4) tt[e] = 0;
  return 1;
}

/** Int32 words of a table of 2^`tableBits` entries (four words each), 2 entries at least. */
function tableLength(tableBits: number): number {
  return 4 << Math.max(1, tableBits);
}

/**
 * Allocates the shared memory of a parallel solve (`SharedSearch`), to post to each thread, with
 * a table of 2^`tableBits` entries (2 at least: one bucket).
 */
export function sharedSearch(tableBits = TABLE_BITS): SharedSearch {
  return {
    table: new Int32Array(new SharedArrayBuffer(4 * tableLength(tableBits))),
    busy: new Int32Array(new SharedArrayBuffer(4 << BUSY_BITS)),
    control: new Int32Array(new SharedArrayBuffer(8)),
  };
}

/** An exact endgame solver bound to one lexicon, tile set and rules. */
export class EndgameSolver {
  private readonly gens: MoveGenerator[] = [];
  private readonly lists: MoveList[] = [];
  private readonly orders: Float64Array[] = [];
  private readonly val: Int16Array;
  private readonly racks: [Uint8Array, Uint8Array];
  private readonly rackTotal = [0, 0];
  private readonly rackPoints = [0, 0];
  private passes = 0;
  private scoreless = 0;
  /** Turns in a row that end the game by passing (E-02, V-03), from the rules. */
  private readonly passLimit: number;
  private readonly scorelessLimit: number;

  // Zobrist keys: square × tile, side × tile × count, side to move, pass and scoreless runs.
  private readonly zBoard: Int32Array;
  private readonly zRack: Int32Array;
  private readonly zRun: Int32Array;
  private readonly zSide: [number, number];
  /** Hash of the board alone; each rack's hash is kept apart (the move cache keys on one). */
  private hashLo = 0;
  private hashHi = 0;
  private runLo = 0;
  private runHi = 0;
  private readonly rackLo = [0, 0];
  private readonly rackHi = [0, 0];

  /**
   * The table, one entry in 4 consecutive ints so that a probe reads one cache line: the key's
   * two halves; the value (16 bits), bound flag (2) and depth (8); the best move's index (20
   * bits, all ones for none) and the solve that wrote it (8: a new solve starts a new
   * generation instead of clearing). The second int holds the key's high half xored with the
   * last two, so that an entry another thread was writing while it was read fails the key check.
   */
  private readonly tt: Int32Array;
  /**
   * The table's entries less one (a power of two less one): a key's bucket is its low bits,
   * the last one cleared (two entries a bucket).
   */
  private readonly ttMask: number;
  private generation = 0;
  /** Shared with other threads' solvers (`SharedSearch`), or null for a solve on its own. */
  private readonly busy: Int32Array | null;
  private readonly control: Int32Array | null;
  /** Whether another thread's answer stops this search (not while reading the line back). */
  private watchControl = false;
  /** Whether the search ended because another thread had the answer. */
  private stopped = false;
  /** Set by a parent for the one child it may put off (`DEFER`); read and cleared by it. */
  private deferOk = false;
  /** `EndgameOptions.deferAll`. */
  private deferAll = false;

  // Per-ply scratch for the squares and tiles of a placement.
  private readonly sqBuf: Uint8Array[] = [];
  private readonly tileBuf: Uint8Array[] = [];
  /** Per ply: how many tiles the move being searched there placed (0 for a pass). */
  private readonly placedN: number[] = [];
  /**
   * Per ply: whether the list there belongs to the node on the current line; not when that node
   * was stepped over (`afterForcedPass`), so a list two plies down is not made from it.
   */
  private readonly listOk: boolean[] = [];
  /**
   * Per ply: for a list made from its grandparent's (`deriveList`), the index there of each
   * move kept from it (−1 for a move generated afresh); `originOk` says the list was made so.
   */
  private readonly origin: Int32Array[] = [];
  private readonly originOk: boolean[] = [];
  /**
   * Per ply: the placements of the node there whose lines through the stuck opponent's pass
   * are settled at most at the node's floor (transposed placements, in the header):
   * `coveredAt[ply][i]` holds the node's stamp (`coverStamp[ply]`, one per node searched, as a
   * double so that a long-lived solver never wraps it) when move i is.
   */
  private readonly coveredAt: Float64Array[] = [];
  /** Per ply: what each marked move's line was worth at most there (its search's value). */
  private readonly coveredValue: Float64Array[] = [];
  /** Per ply: the score of the placement whose forced pass `afterForcedPass` stepped over. */
  private readonly steppedScore: number[] = [];
  private readonly coverStamp: number[] = [];
  private stampSeq = 0;
  /** Per ply: the node there is its grandparent's own next turn after a forced pass. */
  private readonly coverOk: boolean[] = [];
  /** The squares a list made from its grandparent's must keep clear of (`deriveList`). */
  private readonly blocked = new Uint8Array(SQUARES);
  /** The run ends among them, as a list for the generator. */
  private readonly ends: number[] = [];
  /** The squares at a run's ends and a tile's scores there (`runEndScores`). */
  private readonly runEnds = new Int32Array(4);
  /** The board's part of a two-tile placement's score (`pairParts`). */
  private readonly parts = new Int32Array(3);
  /** A rack's counts, spent and restored while checking that a move still fits it. */
  private readonly avail = new Int8Array(64);

  private readonly cache = new MoveCache();
  /** The board at the node being searched (the generators bring theirs up to date lazily). */
  private readonly board = new Uint8Array(SQUARES);
  /**
   * Per ply: every one-tile placement of the list by tile code, best first within a code, each
   * packed as `code · 2²⁴ + (SINGLE_TOP − score) · 256 + square` (`sortFewTiles`); `singleN`
   * counts them and `singleAt` is where each code's start (−1 for none).
   */
  private singles: Int32Array[] = [];
  private readonly singleN: number[] = [];
  private readonly singleAt: Int16Array[] = [];
  /**
   * Per ply: every two-tile placement of the list without a blank, by its pair of tile codes,
   * best first within a pair, each keyed `(pair · 1024 + 1023 − score) · 2²⁰ + index`
   * (`sortFewTiles`), pair = lower code · 64 + higher; `pairN` counts them.
   */
  private pairKeys: Float64Array[] = [];
  private readonly pairN: number[] = [];
  /** The run ends of the placement just made (`markEnds`): marks, and the list of squares. */
  private readonly endMark = new Uint8Array(SQUARES);
  private readonly endList: number[] = [];
  /** The graph as `listedArcs` lays it out, for `seekArc`, to check the words of a lone tile. */
  private readonly kn: Uint32Array;
  /** The graph's `letterPairs`, to turn down most lone tiles without reading their words. */
  private readonly pairs: Int32Array;
  /** The value `stuckStep` found for a last tile (`LAST_VALUED`). */
  private lastValue = 0;
  /** Whether a stuck player's forced pass never ends the game (see `staysStuck`). */
  private readonly passContinues: boolean;
  /**
   * Generators are brought up to date only when a node has to generate (the cache usually has
   * its moves): `ready[bd]` says generator bd holds its board; otherwise it is generator bd-1's
   * plus the `pendN[bd]` tiles in ply `pendPly[bd]`'s buffers.
   */
  private readonly ready: number[] = [];
  private readonly pendPly: number[] = [];
  private readonly pendN: number[] = [];

  private nodes = 0;
  private deadline = Infinity;
  /** `EndgameOptions.verify`. */
  private verify = false;
  /** Whether positions may be valued without a search; off while `check` searches one. */
  private shortcuts = true;
  private clock: () => number = Date.now;
  /** Whether the value just returned by `search` is independent of the horizon. */
  private lastExact = true;
  /** The ply of the current search's root, where the table never cuts the search short. */
  private rootPly = 0;
  /** The index of the best move found at the last searched root (the list's count = pass). */
  private rootBest = NO_MOVE;
  /** Whether `searchRoot` pinned its value down, rather than stopping at an upper bound. */
  private pinned = true;

  /**
   * A solver over the word graph `kwg`: on its own with a table of 2^`tableBits` entries (2 at
   * least: one bucket), or as one thread of a parallel solve over `shared` memory (its table's
   * size then).
   */
  constructor(
    private readonly kwg: Uint32Array,
    readonly set: TileSet,
    readonly rules: Rules,
    shared?: SharedSearch,
    tableBits = TABLE_BITS,
  ) {
    // A shared table comes with its own size (`sharedSearch`).
    this.tt = shared?.table ?? new Int32Array(tableLength(tableBits));
    this.ttMask = (this.tt.length >> 2) - 1;
    this.busy = shared?.busy ?? null;
    this.control = shared?.control ?? null;
    const n = set.letters.length + 1;
    this.val = new Int16Array(256);
    for (let c = 1; c < n; c++) {
      this.val[c] = set.letters[c - 1]!.value;
    }
    this.racks = [new Uint8Array(n), new Uint8Array(n)];
    ({ passes: this.passLimit, scoreless: this.scorelessLimit } = runLimits(rules));
    this.passContinues = this.passLimit > 1 && this.scorelessLimit > 1;
    this.kn = listedArcs(kwg);
    this.pairs = letterPairs(this.kn);
    const rng = new Rng(0x5eed_e9d);
    const rand = (len: number): Int32Array => {
      const a = new Int32Array(len);
      for (let i = 0; i < len; i++) a[i] = (rng.next() * 4294967296) | 0;
      return a;
    };
    this.zBoard = rand(SQUARES * 64 * 2);
    this.zRack = rand(2 * 64 * 16 * 2);
    this.zRun = rand(2 * 64 * 2);
    const side = rand(2);
    this.zSide = [side[0]!, side[1]!];
  }

  private gen(i: number): MoveGenerator {
    while (this.gens.length <= i) {
      this.gens.push(new MoveGenerator(this.kwg, this.set, this.rules));
    }
    return this.gens[i]!;
  }

  private ensurePly(ply: number): void {
    while (this.lists.length <= ply) {
      this.lists.push(new MoveList());
      this.orders.push(new Float64Array(256));
      this.sqBuf.push(new Uint8Array(SIZE));
      this.tileBuf.push(new Uint8Array(SIZE));
      this.singles.push(new Int32Array(64));
      this.singleN.push(0);
      this.singleAt.push(new Int16Array(64));
      this.pairKeys.push(new Float64Array(64));
      this.pairN.push(0);
      this.placedN.push(0);
      this.listOk.push(false);
      this.origin.push(new Int32Array(64));
      this.originOk.push(false);
      this.coveredAt.push(new Float64Array(64));
      this.coveredValue.push(new Float64Array(64));
      this.steppedScore.push(0);
      this.coverStamp.push(0);
      this.coverOk.push(false);
    }
  }

  // Zobrist index of a board tile: its letter, plus 32 for a blank (0…63).
  private boardKey(sq: number, tile: number): number {
    return (sq * 64 + (tile & 31) + ((tile & BLANK_FLAG) !== 0 ? 32 : 0)) * 2;
  }

  private rackKey(side: number, tile: number, count: number): number {
    return ((side * 64 + tile) * 16 + (count & 15)) * 2;
  }

  private xorRack(side: number, tile: number, count: number): void {
    const k = this.rackKey(side, tile, count);
    this.rackLo[side]! ^= this.zRack[k]!;
    this.rackHi[side]! ^= this.zRack[k + 1]!;
  }

  // The hash of the runs and side to move, xored on top of the board and racks at each node;
  // left in runLo and runHi (no pair allocated per node).
  private runKey(side: number): void {
    const p = Math.min(this.passes, 63) * 2;
    const s = (64 + Math.min(this.scoreless, 63)) * 2;
    this.runLo = this.zRun[p]! ^ this.zRun[s]! ^ this.zSide[side]!;
    this.runHi = this.zRun[p + 1]! ^ this.zRun[s + 1]! ^ (side === 0 ? 0x1234567 : 0x7654321);
  }

  /** Whether the last solve was stopped by another thread's answer (its result has no line). */
  get stoppedByOther(): boolean {
    return this.stopped;
  }

  /** Solves an endgame exactly (or as deep as the time allows). */
  solve(pos: EndgamePosition, opts: EndgameOptions = {}): EndgameResult {
    const t0 = Date.now();
    this.clock = opts.clock ?? Date.now;
    this.deadline = opts.timeMs === undefined ? Infinity : this.clock() + opts.timeMs;
    this.nodes = 0;
    this.verify = opts.verify ?? false;
    this.deferAll = opts.deferAll ?? false;
    this.shortcuts = true;
    this.stopped = false;
    this.deferOk = false;
    // A shared table's generation is set by whoever runs the threads (parallel.ts).
    this.generation =
      this.control !== null ? this.control[1]! : nextGeneration(this.tt, this.generation);
    this.gen(0).setBoard(pos.board);
    for (let sq = 0; sq < SQUARES; sq++) this.board[sq] = pos.board[sq]!;
    this.ready[0] = 1;
    this.cache.clear();
    this.hashLo = 0;
    this.hashHi = 0;
    this.rackLo[0] = this.rackLo[1] = this.rackHi[0] = this.rackHi[1] = 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      const t = pos.board[sq]!;
      if (t === EMPTY) continue;
      const k = this.boardKey(sq, t);
      this.hashLo ^= this.zBoard[k]!;
      this.hashHi ^= this.zBoard[k + 1]!;
    }
    for (let s = 0; s < 2; s++) {
      const r = this.racks[s]!;
      r.fill(0);
      this.rackTotal[s] = 0;
      this.rackPoints[s] = 0;
      const from = pos.racks[s]!;
      for (let t = 0; t < from.length; t++) {
        r[t] = from[t]!;
        this.rackTotal[s] = this.rackTotal[s]! + from[t]!;
        this.rackPoints[s] = this.rackPoints[s]! + from[t]! * this.val[t]!;
        this.xorRack(s, t, from[t]!);
      }
    }
    this.passes = pos.passes ?? 0;
    this.scoreless = pos.scoreless ?? 0;

    const ended = this.endValue(0);
    if (ended !== null)
      return { value: ended, exact: true, line: [], depth: 0, nodes: 0, ms: Date.now() - t0 };

    const maxDepth = Math.min(opts.maxDepth ?? EXACT_DEPTH - 1, EXACT_DEPTH - 1);
    let value = 0;
    let exact = false;
    let depth = 0;
    // Threads of one solve stop at the first one's answer (parallel.ts).
    this.watchControl = this.control !== null;
    // Depths 1, 2, 4, then every fourth (8, 12 …): each iteration costs about as much as all
    // the shallower ones together, and an odd horizon (the mover's move unanswered) orders the
    // next one no better than the even depth below it does. Past 4 the first iteration to reach
    // a stuck player's long one-sided lines does most of the work, and one at 6 as well as at
    // 8 did it twice (bench endgame 6: 12.9M nodes with steps of 2, 10.0M with 4; endgame 189
    // 24.4M, 22.1M; the other 196 quick ones 12.46M, 11.43M). The last one is maxDepth itself.
    // Where the next iteration's null windows start: the last value, or an upper bound.
    let guess = 0;
    // The line of the last iteration, read as soon as it ends when a later one may be cut short:
    // read after it, the table would mix in what the unfinished search found deeper (another
    // line, shorter than the depth, that need not add up to the value).
    let line: EndgameStep[] | null = null;
    const cutShort = this.deadline !== Infinity || this.control !== null;
    for (let d = 1; d <= maxDepth; d = Math.min(d < 4 ? 2 * d : d + 4, maxDepth)) {
      try {
        this.rootPly = 0;
        const nullWindows = d >= 4 && (opts.nullWindows ?? true);
        // Depth 4 is always pinned down: cheap, and the answer if the clock runs out early.
        const v = this.searchRoot(d, guess, nullWindows, d > 4 && d < maxDepth);
        guess = v;
        // Only a bound: the answer stays the last iteration's, with its line.
        if (!this.pinned) continue;
        value = v;
        exact = this.lastExact;
        depth = d;
        line = cutShort && !exact && d < maxDepth ? this.lineNow(d) : null;
        opts.onIteration?.({ depth: d, value: v + 0, exact, ms: Date.now() - t0 });
      } catch (e) {
        if (e instanceof OutOfTime) break;
        throw e;
      }
      if (exact || d >= maxDepth) break;
    }
    this.deadline = Infinity;
    this.watchControl = false;
    if (this.control !== null) {
      // Stopped: the thread that stopped it gives the answer and its line.
      if (this.stoppedByOther)
        return { value, exact, line: [], depth, nodes: this.nodes, ms: Date.now() - t0 };
      // Done (or out of time): the other threads stop, unless the solve was interrupted, when
      // each gives its own answer.
      Atomics.compareExchange(this.control, 0, 0, CONTROL_DONE);
    }
    // The line is read back by searching each successive position again: the table, warm from
    // the solve, answers almost every node, and the root of each search always names its move.
    line ??= depth > 0 ? this.principalLine(depth, exact) : [];
    // `+ 0`: a negated draw is −0, which callers comparing with Object.is would tell from 0.
    return { value: value + 0, exact, line, depth, nodes: this.nodes, ms: Date.now() - t0 };
  }

  // The line of the iteration just ended, read without a deadline (the table answers it) and
  // without counting its nodes as the search's.
  private lineNow(depth: number): EndgameStep[] {
    const deadline = this.deadline;
    const watch = this.watchControl;
    const nodes = this.nodes;
    this.deadline = Infinity;
    this.watchControl = false;
    try {
      return this.principalLine(depth, false);
    } finally {
      this.deadline = deadline;
      this.watchControl = watch;
      this.nodes = nodes;
    }
  }

  /**
   * The root's value at `depth`; with `nullWindows`, by MTD(f): searches with a null window
   * at the best guess, starting from `guess` (the iteration before's value), each one proving a
   * bound on the value and moving the guess to it, until the two bounds meet. The early
   * iterations' horizons guess that nobody scores again, so their values move by tens of points;
   * a search with the whole window then proves the stuck player's long one-sided lines against
   * any value at all, a null window only against one near the answer. Bench endgame 6 (MQT
   * against AEMOORT): 22.6M nodes with the whole window, 17.2M with an aspiration window of 20
   * points, 13.1M with 5, 12.9M by MTD(f); endgame 189 exact in 56 s with MTD(f) (unfinished
   * in 60 s with the whole window); the other 196 quick ones 13.26M nodes in all, 12.46M.
   *
   * With `mayStop`, the search stops at the first upper bound that depends on the horizon
   * (`pinned` false): the iteration's value then rests on the horizon (a later, lower bound
   * rarely proves exact), so the rest would pin down a guess, and its last search, proving
   * the lower bound against every reply of a player with many tiles, is the costly one
   * (endgame 6 at depth 8: 5.1M of its 9.7M nodes). The next iteration starts from the bound, and proves the answer with most of the horizon gone.
   * Endgame 6: 9.72M nodes → 7.64M; 189: 22.0M → 16.1M; the other 196: 11.29M → 10.43M.
   */
  private searchRoot(depth: number, guess: number, nullWindows: boolean, mayStop: boolean): number {
    const stuck = this.cannotPlace(1, 0);
    this.pinned = true;
    if (!nullWindows) return this.search(0, 0, 0, -INF, INF, depth, stuck);
    let g = guess;
    let lower = -INF;
    let upper = INF;
    // The value is exact only when both bounds that pin it were proven without the horizon.
    let lowerExact = true;
    let upperExact = true;
    while (lower < upper) {
      const beta = g === lower ? g + 1 : g;
      g = this.search(0, 0, 0, beta - 1, beta, depth, stuck);
      if (g < beta) {
        upper = g;
        upperExact = this.lastExact;
        if (mayStop && !upperExact) {
          this.pinned = false;
          break;
        }
      } else {
        lower = g;
        lowerExact = this.lastExact;
      }
    }
    this.lastExact = lowerExact && upperExact;
    return g;
  }

  // Throws OutOfTime past the deadline, once another thread has the answer, or when the solve
  // is interrupted.
  private checkTime(): void {
    if (this.clock() > this.deadline) throw new OutOfTime();
    if (this.watchControl) {
      const c = Atomics.load(this.control!, 0);
      if (c === 0) return;
      if (c === CONTROL_DONE) this.stopped = true;
      throw new OutOfTime();
    }
  }

  // The value of a position where the game is already over for the side to move, else null.
  private endValue(side: number): number | null {
    const own = this.rackPoints[side]!;
    const opp = this.rackPoints[side ^ 1]!;
    if (this.rackTotal[side ^ 1] === 0) return -2 * own;
    if (this.rackTotal[side] === 0) return 2 * opp;
    if (this.passes >= this.passLimit || this.scoreless >= this.scorelessLimit) return opp - own;
    return null;
  }

  private principalLine(depth: number, exact: boolean): EndgameStep[] {
    // A search cut short by the clock may have left a grandchild's flag set.
    this.coverOk.fill(false);
    const steps: EndgameStep[] = [];
    type Undo = () => void;
    const undos: Undo[] = [];
    let side = 0;
    let bd = 0;
    for (let ply = 0; ply < EXACT_DEPTH - 1; ply++) {
      const left = exact ? EXACT_DEPTH - 1 : depth - ply;
      if (left <= 0 || this.endValue(side) !== null) break;
      this.rootPly = ply;
      // A search settled by a bound names no move: none is read from an earlier one.
      this.rootBest = NO_MOVE;
      this.search(ply, bd, side, -INF, INF, left, this.cannotPlace(side ^ 1, bd));
      const list = this.lists[ply]!;
      const i = this.rootBest;
      if (i === NO_MOVE) break;
      const isPass = i === list.count;
      const move: Move = isPass ? { kind: 'pass' } : list.toMove(i);
      steps.push({ player: side as 0 | 1, move, score: isPass ? 0 : list.score[i]! });
      undos.push(this.applyForLine(ply, bd, side, i));
      if (!isPass) bd++;
      side ^= 1;
    }
    for (let k = undos.length - 1; k >= 0; k--) undos[k]!();
    return steps;
  }

  // Plays move i of ply's list for good (for reading the line), returning how to take it back.
  private applyForLine(ply: number, bd: number, side: number, i: number): () => void {
    const list = this.lists[ply]!;
    const passes = this.passes;
    const scoreless = this.scoreless;
    const lo = this.hashLo;
    const hi = this.hashHi;
    const rlo = this.rackLo[side]!;
    const rhi = this.rackHi[side]!;
    if (i === list.count) {
      this.passes++;
      this.scoreless++;
      return () => {
        this.passes = passes;
        this.scoreless = scoreless;
      };
    }
    const n = this.playChild(ply, bd, side, i);
    const rack = this.racks[side]!;
    const tiles = this.tileBuf[ply]!.slice(0, n);
    const squares = this.sqBuf[ply]!.slice(0, n);
    this.passes = 0;
    this.scoreless = list.score[i] === 0 ? this.scoreless + 1 : 0;
    return () => {
      for (const sq of squares) this.board[sq] = EMPTY;
      for (const t of tiles) {
        const c = (t & BLANK_FLAG) !== 0 ? 0 : t;
        rack[c]!++;
        this.rackTotal[side]!++;
        this.rackPoints[side]! += this.val[c]!;
      }
      this.passes = passes;
      this.scoreless = scoreless;
      this.hashLo = lo;
      this.hashHi = hi;
      this.rackLo[side] = rlo;
      this.rackHi[side] = rhi;
    };
  }

  // Writes placement i's new squares and tiles into the ply's buffers, sets up generator bd+1
  // with them on the board and xors them into the hash; returns how many tiles it places.
  private placeChild(ply: number, bd: number, i: number): number {
    const list = this.lists[ply]!;
    const sqs = this.sqBuf[ply]!;
    const tls = this.tileBuf[ply]!;
    const step = list.dir[i] === 0 ? 1 : SIZE;
    const base = i * TILE_STRIDE;
    let n = 0;
    for (let k = 0; k < list.len[i]!; k++) {
      const t = list.tiles[base + k]!;
      if (t === EMPTY) continue;
      const sq = list.start[i]! + k * step;
      sqs[n] = sq;
      tls[n] = t;
      this.board[sq] = t;
      n++;
      const z = this.boardKey(sq, t);
      this.hashLo ^= this.zBoard[z]!;
      this.hashHi ^= this.zBoard[z + 1]!;
    }
    this.placedN[ply] = n;
    this.gen(bd + 1);
    this.ready[bd + 1] = 0;
    this.pendPly[bd + 1] = ply;
    this.pendN[bd + 1] = n;
    return n;
  }

  // Plays side's placement i of ply's list (`placeChild`) and takes its tiles off the rack;
  // returns how many tiles it places. `takeBack` undoes it.
  private playChild(ply: number, bd: number, side: number, i: number): number {
    const n = this.placeChild(ply, bd, i);
    const tls = this.tileBuf[ply]!;
    for (let j = 0; j < n; j++) this.takeTile(side, tls[j]!);
    return n;
  }

  // The lowest code of a tile on side's rack other than a blank (the one, when it holds one).
  private loneTile(side: number): number {
    const rack = this.racks[side]!;
    let c = 1;
    while (rack[c] === 0) c++;
    return c;
  }

  // Brings generator bd up to date from its parent and the tiles placed since.
  private materialize(bd: number): void {
    if (this.ready[bd] === 1) return;
    this.materialize(bd - 1);
    const g = this.gens[bd]!;
    g.copyFrom(this.gens[bd - 1]!);
    const ply = this.pendPly[bd]!;
    const n = this.pendN[bd]!;
    g.playPlaced(this.sqBuf[ply]!.subarray(0, n), this.tileBuf[ply]!.subarray(0, n));
    this.ready[bd] = 1;
  }

  // Takes a placed tile off side's rack, keeping counts, points and the hash in step.
  private takeTile(side: number, t: number): void {
    const c = (t & BLANK_FLAG) !== 0 ? 0 : t;
    const rack = this.racks[side]!;
    this.xorRack(side, c, rack[c]!);
    rack[c]!--;
    this.xorRack(side, c, rack[c]!);
    this.rackTotal[side]!--;
    this.rackPoints[side]! -= this.val[c]!;
  }

  private giveTile(side: number, t: number): void {
    const c = (t & BLANK_FLAG) !== 0 ? 0 : t;
    const rack = this.racks[side]!;
    this.xorRack(side, c, rack[c]!);
    rack[c]!++;
    this.xorRack(side, c, rack[c]!);
    this.rackTotal[side]!++;
    this.rackPoints[side]! += this.val[c]!;
  }

  /**
   * Whether the side to move, whose opponent cannot place a tile on this board, may take a pass
   * as worth exactly passing the game out (both racks subtracted). The opponent must answer a
   * pass with a pass, which brings back this very position two passes and two scoreless turns
   * later; there every placement that scores leads to the same child as now (both runs reset),
   * and passing on leads to the end. So the pass is worth the larger of passing out and the best
   * placement now, and the node the larger of the two as well. A placement scoring 0 would
   * carry the scoreless run on and reach a different child, so then the pass is searched.
   */
  private passEnds(list: MoveList): boolean {
    for (let i = 0; i < list.count; i++) if (list.score[i] === 0) return false;
    return true;
  }

  // Sorts ply's one-tile placements into `singles` and its two-tile ones into `pairKeys`.
  private sortFewTiles(list: MoveList, ply: number): void {
    let n = 0;
    for (let i = 0; i < list.count; i++) {
      if (list.played[i] !== 1) continue;
      const base = i * TILE_STRIDE;
      let t = EMPTY;
      let at = 0;
      for (let k = 0; k < list.len[i]!; k++) {
        if (list.tiles[base + k] === EMPTY) continue;
        t = list.tiles[base + k]!;
        at = k;
      }
      const c = (t & BLANK_FLAG) !== 0 ? 0 : t;
      const score = list.score[i]!;
      if (n === this.singles[ply]!.length) {
        const grown = new Int32Array(2 * n);
        grown.set(this.singles[ply]!);
        this.singles[ply] = grown;
      }
      const sq = list.start[i]! + at * (list.dir[i] === 0 ? 1 : SIZE);
      this.singles[ply]![n++] = c * 16777216 + (SINGLE_TOP - score) * 256 + sq;
    }
    const singles = this.singles[ply]!;
    singles.subarray(0, n).sort();
    this.singleN[ply] = n;
    const at = this.singleAt[ply]!;
    at.fill(-1);
    for (let k = n - 1; k >= 0; k--) at[singles[k]! >>> 24] = k;
    let m = 0;
    for (let i = 0; i < list.count; i++) {
      if (list.played[i] !== 2) continue;
      const base = i * TILE_STRIDE;
      let lo = 0;
      let hi = 0;
      for (let k = 0; k < list.len[i]!; k++) {
        const t = list.tiles[base + k]!;
        if (t === EMPTY) continue;
        if ((t & BLANK_FLAG) !== 0) lo = -1;
        else if (lo === 0) lo = t;
        else hi = t;
      }
      if (lo < 0) continue;
      if (lo > hi) {
        const t = lo;
        lo = hi;
        hi = t;
      }
      if (m === this.pairKeys[ply]!.length) {
        const grown = new Float64Array(2 * m);
        grown.set(this.pairKeys[ply]!);
        this.pairKeys[ply] = grown;
      }
      this.pairKeys[ply]![m++] = ((lo * 64 + hi) * 1024 + 1023 - list.score[i]!) * PAIR_INDEX + i;
    }
    this.pairKeys[ply]!.subarray(0, m).sort();
    this.pairN[ply] = m;
  }

  /**
   * After `side`'s placement at ply (n tiles) scoring more than 0, when the opponent could place
   * nothing before it: `SEARCH_REPLY` to search the opponent's reply as usual; when the opponent
   * holds one tile (not a blank) that none of the placement's run ends takes, so that its reply
   * is a forced pass, `LAST_VALUED` with `lastValue` set when `side` is left one tile that is
   * not a blank (`lastTileValue`), else `PASS_STEPPED` (at depth 2 or more) to step over that
   * pass (`afterForcedPass`).
   */
  private stuckStep(ply: number, n: number, side: number, depth: number): number {
    const opp = side ^ 1;
    if (!this.passContinues || this.rackTotal[opp] !== 1 || this.racks[opp]![0] !== 0)
      return SEARCH_REPLY;
    this.markEnds(ply, n);
    let step = SEARCH_REPLY;
    if (this.staysStuck(opp)) {
      if (this.rackTotal[side] === 1 && this.racks[side]![0] === 0) {
        this.lastValue = this.lastTileValue(ply, side);
        step = LAST_VALUED;
      } else if (depth > 1) step = PASS_STEPPED;
    }
    this.clearEnds();
    return step;
  }

  // Marks the run ends of the placement just made in ply's buffers (n tiles): the only squares
  // where a lone tile's words are not what they were before it (`markRunEnds`).
  private markEnds(ply: number, n: number): void {
    markRunEnds(this.board, this.sqBuf[ply]!, n, this.endMark, this.endList);
  }

  private clearEnds(): void {
    const list = this.endList;
    while (list.length > 0) this.endMark[list.pop()!] = 0;
  }

  /**
   * Whether `side`, which could place nothing before the placement whose run ends `markEnds`
   * marked, still cannot, when it holds one tile that is not a blank: a lone tile's placement
   * that did not exist before must lie on one of those ends, so only they are tried, by reading
   * the tile's words in the graph (no move generation).
   */
  private staysStuck(side: number): boolean {
    const c = this.loneTile(side);
    for (const q of this.endList)
      if (fitsAlone(this.kn, this.pairs, this.board, q, c)) return false;
    return true;
  }

  /**
   * For `verify`: searches the position (`side` to move at ply, on generator bd, its opponent
   * stuck or not) without shortcuts and throws when its value, proven, is above `value`
   * (`sign` 1), below it (−1) or not it (0).
   */
  private check(
    value: number,
    sign: number,
    ply: number,
    bd: number,
    side: number,
    depth: number,
    oppStuck: boolean,
  ): void {
    this.shortcuts = false;
    const v = this.search(ply, bd, side, -INF, INF, depth, oppStuck);
    const exact = this.lastExact;
    this.shortcuts = true;
    if (exact && (sign > 0 ? v > value : sign < 0 ? v < value : v !== value))
      throw new Error(`shortcut ${sign > 0 ? '≥' : sign < 0 ? '≤' : '='} ${value}, searched ${v}`);
  }

  /**
   * For `verify`: plays move i of ply's list, skipped as a transposed placement worth at most
   * `value` to `side`, searches the reply without shortcuts and throws when the move proves better.
   */
  private checkCovered(
    ply: number,
    bd: number,
    side: number,
    i: number,
    value: number,
    depth: number,
  ): void {
    const lo = this.hashLo;
    const hi = this.hashHi;
    const passes = this.passes;
    const scoreless = this.scoreless;
    const score = this.lists[ply]!.score[i]!;
    const n = this.playChild(ply, bd, side, i);
    this.passes = 0;
    this.scoreless = 0;
    this.check(score - value, -1, ply + 1, bd + 1, side ^ 1, depth > 1 ? depth : depth - 1, false);
    this.takeBack(ply, side, n, passes, scoreless, lo, hi);
  }

  // Takes back side's placement of n tiles in ply's buffers: its tiles to the rack, its squares
  // emptied, and the runs and the board's hash as they were before it.
  private takeBack(
    ply: number,
    side: number,
    n: number,
    passes: number,
    scoreless: number,
    lo: number,
    hi: number,
  ): void {
    const tls = this.tileBuf[ply]!;
    const sqs = this.sqBuf[ply]!;
    for (let j = 0; j < n; j++) this.giveTile(side, tls[j]!);
    for (let j = 0; j < n; j++) this.board[sqs[j]!] = EMPTY;
    this.passes = passes;
    this.scoreless = scoreless;
    this.hashLo = lo;
    this.hashHi = hi;
  }

  /**
   * Whether this node, where `side` holds two tiles (no blank) and moves after its own
   * placement two plies up and the stuck opponent's pass, is worth at most `alpha` by
   * `twoTileBound` (then in `lastValue`): it is not searched, as a placement leaving one tile
   * is not when `lastTileBound` says so. The bound reads the list two plies up, so that node
   * must have had a stuck opponent too (its one-tile placements are then sorted).
   */
  private twoTilesBelow(ply: number, side: number, alpha: number): boolean {
    const up = ply - 2;
    if (
      up < this.rootPly ||
      this.rackTotal[side] !== 2 ||
      this.racks[side]![0] !== 0 ||
      this.placedN[ply - 1] !== 0 ||
      this.placedN[up] === 0 ||
      this.singleN[up]! < 0
    )
      return false;
    this.markEnds(up, this.placedN[up]!);
    this.lastValue = this.twoTileBound(up, side, alpha);
    this.clearEnds();
    return this.lastValue <= alpha;
  }

  /**
   * An upper bound on the value, for `side`, of the position its placement at ply (run ends
   * marked) just reached, leaving it two tiles that are not blanks, when the opponent could
   * place nothing before it: at most `limit`, or `INF` when it cannot be shown to be.
   *
   * Were the opponent held to passing (its placements, if the new tiles open any, only lower
   * the value), `side` would pass out (the opponent's rack minus both tiles), or play one tile
   * and then the other or nothing, or both at once, and go out with twice the opponent's rack.
   * Each placement either is one of ply's list that the moves since left alone, with its score,
   * or lies on a run end of the tiles placed since. Only a placement that would take the bound
   * past the limit has its words read; the rest count unchecked.
   */
  private twoTileBound(ply: number, side: number, limit: number): number {
    const rack = this.racks[side]!;
    const x = this.loneTile(side);
    let y = x;
    if (rack[x] === 1) {
      y = x + 1;
      while (rack[y] === 0) y++;
    }
    const opp = this.rackPoints[side ^ 1]!;
    const passOut = opp - this.val[x]! - this.val[y]!;
    if (passOut > limit) return INF;
    // The most the placements may score with the bound still within the limit.
    const room = limit - 2 * opp;
    const sy = this.singleAfter(ply, y);
    const sx = x === y ? sy : this.singleAfter(ply, x);
    let pts = Math.max(sx, sy);
    if (pts > room) return INF;
    pts = Math.max(pts, this.thenBound(ply, x, y, sy, room));
    if (pts > room) return INF;
    if (x !== y) pts = Math.max(pts, this.thenBound(ply, y, x, sx, room));
    if (pts > room) return INF;
    pts = Math.max(pts, this.pairBound(ply, x, y, room));
    if (pts > room) return INF;
    // No placement at all (even unchecked): it passes, and so does the opponent.
    return pts < 0 ? passOut : 2 * opp + pts;
  }

  // The best score of a one-tile placement of tile c (not a blank) after the placement just
  // made: kept from ply's list, or on one of its run ends, its words read; −1 for none.
  private singleAfter(ply: number, c: number): number {
    let best = this.keptSingle(ply, c);
    const tv = this.val[c]!;
    for (const q of this.endList) {
      const sc = singleScore(this.board, this.val, q, tv);
      if (sc > best && fitsAlone(this.kn, this.pairs, this.board, q, c)) best = sc;
    }
    return best;
  }

  /**
   * At least what one-tile placements of tile a and then of tile b score together after the
   * placement just made (b's left out counts 0), given `sb`, the best b scores now; `INF` when
   * that may pass `room`. After a goes on square r, b's placements are those of now or lie on
   * a run end through r.
   */
  private thenBound(ply: number, a: number, b: number, sb: number, room: number): number {
    const board = this.board;
    const va = this.val[a]!;
    const vb = this.val[b]!;
    const now = sb > 0 ? sb : 0;
    let best = -1;
    const singles = this.singles[ply]!;
    const n = this.singleN[ply]!;
    for (let k = this.singleAt[ply]![a]!; k >= 0 && k < n && singles[k]! >>> 24 === a; k++) {
      const r = singles[k]! & 255;
      if (board[r] !== EMPTY || this.endMark[r] !== 0) continue;
      const s = SINGLE_TOP - ((singles[k]! >>> 8) & 0xffff);
      if (s + now > room) return INF;
      const near = this.nearBound(r, a, b, vb, room - s);
      if (near === INF) return INF;
      if (s + near > best) best = s + near;
      if (s + now > best) best = s + now;
    }
    for (const r of this.endList) {
      const s = singleScore(board, this.val, r, va);
      const near = s + now > room ? INF : this.nearBound(r, a, b, vb, room - s);
      // Past the room only if a really goes there.
      if (near === INF) {
        if (fitsAlone(this.kn, this.pairs, board, r, a)) return INF;
        continue;
      }
      if (s + near > best) best = s + near;
      if (s + now > best) best = s + now;
    }
    return best;
  }

  /**
   * What tile b (worth vb) scores at most alone on a run end through square r once tile a is
   * there, counted unchecked up to `cap`; `INF` when a placement there scores more than `cap`.
   */
  private nearBound(r: number, a: number, b: number, vb: number, cap: number): number {
    const board = this.board;
    const ends = this.runEnds;
    let best = 0;
    for (let d = 0; d < 2; d++) {
      runEndScores(board, this.val, r, this.val[a]!, d, vb, ends);
      for (let e = 0; e < 4; e += 2) {
        const q = ends[e]!;
        if (q < 0) continue;
        const sc = ends[e + 1]!;
        if (sc <= cap) {
          if (sc > best) best = sc;
          continue;
        }
        board[r] = a;
        const fits = fitsAlone(this.kn, this.pairs, board, q, b);
        board[r] = EMPTY;
        if (fits) return INF;
      }
    }
    return best;
  }

  /**
   * At least what a placement of tiles x and y together scores after the placement just made:
   * kept from ply's list, or with a tile on one of its run ends and the other next in line past
   * the board tiles there; `INF` when that may pass `room`.
   */
  private pairBound(ply: number, x: number, y: number, room: number): number {
    const board = this.board;
    const mark = this.endMark;
    const list = this.lists[ply]!;
    const parts = this.parts;
    let best = -1;
    // The best kept one: the first of the pair's placements, best first, the move left alone.
    const pair = x < y ? x * 64 + y : y * 64 + x;
    const keys = this.pairKeys[ply]!;
    for (let k = 0; k < this.pairN[ply]!; k++) {
      const group = Math.floor(keys[k]! / (1024 * PAIR_INDEX));
      if (group < pair) continue;
      if (group > pair) break;
      const i = keys[k]! % PAIR_INDEX;
      const step = list.dir[i] === 0 ? 1 : SIZE;
      const base = i * TILE_STRIDE;
      let kept = true;
      for (let j = 0; j < list.len[i]! && kept; j++) {
        const sq = list.start[i]! + j * step;
        if (list.tiles[base + j] !== EMPTY && (board[sq] !== EMPTY || mark[sq] !== 0)) kept = false;
      }
      if (!kept) continue;
      if (list.score[i]! > room) return INF;
      best = list.score[i]!;
      break;
    }
    for (const q of this.endList) {
      for (let d = 0; d < 2; d++) {
        for (let dir = -1; dir <= 1; dir += 2) {
          const q2 = nextEmpty(board, q, d, dir);
          if (q2 < 0) continue;
          pairParts(board, this.val, d, q, q2, parts);
          for (let o = 0; o < (x === y ? 1 : 2); o++) {
            const t1 = o === 0 ? x : y;
            const t2 = o === 0 ? y : x;
            const v = pairPartsScore(parts, q, this.val[t1]!, q2, this.val[t2]!);
            if (v <= room) {
              if (v > best) best = v;
            } else if (fitsPair(this.kn, board, d, q, t1, q2, t2)) return INF;
          }
        }
      }
    }
    return best;
  }

  /**
   * The best score of a one-tile placement of tile c in ply's list that the placement just made
   * (run ends marked) left alone: its square still empty and not a run end, so its words and
   * score are as they were; −1 for none.
   */
  private keptSingle(ply: number, c: number): number {
    const singles = this.singles[ply]!;
    const n = this.singleN[ply]!;
    for (let k = this.singleAt[ply]![c]!; k >= 0 && k < n && singles[k]! >>> 24 === c; k++) {
      const sq = singles[k]! & 255;
      if (this.board[sq] === EMPTY && this.endMark[sq] === 0)
        return SINGLE_TOP - ((singles[k]! >>> 8) & 0xffff);
    }
    return -1;
  }

  /**
   * The exact value, for `side`, of the position its placement (n tiles, in ply's buffers, run
   * ends marked) just reached, leaving it one tile that is not a blank, when the opponent can
   * place nothing there (`staysStuck`): the opponent passes, and the tile either goes out in
   * its best one-tile placement or stays (the opponent's rack minus the tile, passing out). That
   * placement is one of ply's list on a square the move left alone (same words, same score), or
   * lies on one of the run ends, where its words are read in the graph.
   */
  private lastTileValue(ply: number, side: number): number {
    const c = this.loneTile(side);
    return this.lastTileEnd(side, c, this.singleAfter(ply, c));
  }

  // The value, for `side`, of going out with its last tile c in a placement scoring `best`
  // (−1 for none) or keeping it to the end, whichever is better.
  private lastTileEnd(side: number, c: number, best: number): number {
    const opp = this.rackPoints[side ^ 1]!;
    return Math.max(opp - this.val[c]!, best < 0 ? -INF : best + 2 * opp);
  }

  /**
   * An upper bound on the value, for `side`, of the position just reached by its placement
   * (n tiles, in ply's buffers) that leaves it one tile, whatever the opponent holds. Were the
   * opponent held to passing, the one tile would either go out in a one-tile placement or stay
   * for the end (the opponent's rack minus the tile); the opponent may always pass, so its
   * placements, where it has any, can only lower the value further (the first node after the
   * opponent's own placement, with a lone Q left there, is where this matters: bench endgame
   * 189, BLQRU against HIILORT, 16.10M nodes → 12.82M; the other 197 15.41M → 14.50M). A one-tile
   * placement after the move either touches none of its tiles, and then it was already a
   * placement here, scoring at most the list's best for the tile, or forms a word through one
   * of them: it lies on a run end of the new tiles, and its words' scores, counted without
   * asking whether they are words, bound it.
   */
  private lastTileBound(ply: number, n: number, side: number): number {
    const rack = this.racks[side]!;
    let c = 0;
    while (rack[c] === 0) c++;
    const k = this.singleAt[ply]![c]!;
    let best = k < 0 ? -1 : SINGLE_TOP - ((this.singles[ply]![k]! >>> 8) & 0xffff);
    const tv = this.val[c]!;
    this.markEnds(ply, n);
    for (const q of this.endList) {
      const sc = singleScore(this.board, this.val, q, tv);
      if (sc > best) best = sc;
    }
    this.clearEnds();
    return this.lastTileEnd(side, c, best);
  }

  /** Whether `side` has no placement at all on generator bd's board with its rack. */
  private cannotPlace(side: number, bd: number): boolean {
    this.ensurePly(EXACT_DEPTH);
    return this.placementsOf(side, bd, this.lists[EXACT_DEPTH]!).count === 0;
  }

  /**
   * `side`'s placements on generator bd's board into `list`, from the move cache when there,
   * else made from the same side's list two plies up when `ply` says which node this is.
   */
  private placementsOf(side: number, bd: number, list: MoveList, ply = -1): MoveList {
    const lo = this.hashLo ^ this.rackLo[side]!;
    const hi = this.hashHi ^ this.rackHi[side]!;
    let derived = false;
    if (!this.cache.load(lo, hi, list)) {
      derived = ply - 2 >= this.rootPly && this.listOk[ply - 2]!;
      // A lone tile's new placements are read off the board: no generator needed.
      const lone = this.rackTotal[side] === 1 && this.racks[side]![0] === 0;
      if (!derived || !lone) this.materialize(bd);
      if (derived) this.deriveList(side, bd, list, ply, lone);
      else this.gens[bd]!.generate({ rack: this.racks[side]!, placementsOnly: true }, list);
      this.cache.store(lo, hi, list);
    }
    if (ply >= 0) this.originOk[ply] = derived;
    return list;
  }

  /**
   * Ply's list for `side`, made from the list at ply − 2 (the same side's, on the board before
   * the two moves since, with its rack before its own move): the moves there that still fit the
   * rack and cover none of the new tiles' squares and the ends of their runs keep their words
   * and scores; the moves that cover those ends are generated afresh, and only they. A whole
   * generation walks every anchor of a crowded board; this walks a few. With `lone` (the rack
   * holds one tile, not a blank) the ends are not walked either: the tile's words there are
   * read in the graph (`fitsAlone`), so the node's generator need not be brought up to date.
   */
  private deriveList(side: number, bd: number, list: MoveList, ply: number, lone: boolean): void {
    const blocked = this.blocked;
    const n1 = this.placedN[ply - 2]!;
    const n2 = this.placedN[ply - 1]!;
    const s1 = this.sqBuf[ply - 2]!;
    const s2 = this.sqBuf[ply - 1]!;
    const ends = this.ends;
    emptyArray(ends);
    markRunEnds(this.board, s1, n1, blocked, ends);
    markRunEnds(this.board, s2, n2, blocked, ends);
    if (lone) {
      // One tile (not a blank): its placements on the ends, their words read in the graph.
      list.clear();
      const c = this.loneTile(side);
      for (const q of ends)
        if (fitsAlone(this.kn, this.pairs, this.board, q, c))
          pushSingle(list, this.board, this.val, q, c);
    } else if (ends.length > 0) {
      this.gens[bd]!.generate({ rack: this.racks[side]!, placementsOnly: true, only: ends }, list);
    } else {
      list.clear();
    }
    const from = this.lists[ply - 2]!;
    if (this.origin[ply]!.length < list.count + from.count)
      this.origin[ply] = new Int32Array(2 * (list.count + from.count));
    const origin = this.origin[ply]!;
    origin.fill(-1, 0, list.count);
    for (let k = 0; k < n1; k++) blocked[s1[k]!] = 1;
    for (let k = 0; k < n2; k++) blocked[s2[k]!] = 1;
    const avail = this.avail;
    const rack = this.racks[side]!;
    for (let t = 0; t < rack.length; t++) avail[t] = rack[t]!;
    const total = this.rackTotal[side]!;
    for (let i = 0; i < from.count; i++) {
      // Most of a fuller rack's moves place more tiles than this rack holds.
      if (from.played[i]! > total) continue;
      const step = from.dir[i] === 0 ? 1 : SIZE;
      const base = i * TILE_STRIDE;
      const len = from.len[i]!;
      // One pass spends the move's tiles from the rack's counts and looks at their squares;
      // the second gives back what the first spent.
      const start = from.start[i]!;
      let ok = true;
      let k = 0;
      for (; k < len; k++) {
        const t = from.tiles[base + k]!;
        if (t === EMPTY) continue;
        if (blocked[start + k * step] !== 0) break;
        if (--avail[(t & BLANK_FLAG) !== 0 ? 0 : t]! < 0) ok = false;
      }
      if (k < len) ok = false;
      for (let j = 0; j < k; j++) {
        const t = from.tiles[base + j]!;
        if (t !== EMPTY) avail[(t & BLANK_FLAG) !== 0 ? 0 : t]!++;
      }
      if (!ok) continue;
      const j = list.push();
      list.copyFrom(from, i, j);
      origin[j] = i;
    }
    blocked.fill(0);
  }

  /**
   * Whether a move that ends the game (playing out, or a pass that ends it) already reaches
   * beta: its value needs no search and is exact, so the node is cut without the horizon ever
   * entering its value, while a cut by a move searched to the horizon would leave the node
   * unproven until a deeper iteration. On a cut it stores the bound and sets `lastExact`.
   */
  private cutByEnding(
    list: MoveList,
    side: number,
    beta: number,
    bucket: number,
    keyLo: number,
    keyHi: number,
    root: boolean,
    passOut: boolean,
  ): boolean {
    const own = this.rackPoints[side]!;
    const opp = this.rackPoints[side ^ 1]!;
    const total = this.rackTotal[side]!;
    let best = -INF;
    let move = NO_MOVE;
    for (let i = 0; i < list.count; i++) {
      if (list.played[i] === total && list.score[i]! + 2 * opp > best) {
        best = list.score[i]! + 2 * opp;
        move = i;
      }
    }
    if (
      opp - own > best &&
      (passOut || this.passes + 1 >= this.passLimit || this.scoreless + 1 >= this.scorelessLimit)
    ) {
      best = opp - own;
      move = list.count;
    }
    if (best < beta) return false;
    this.ttStore(bucket, keyLo, keyHi, best, FLAG_LOWER, EXACT_DEPTH, move);
    this.lastValue = best;
    this.lastExact = true;
    if (root) this.rootBest = move;
    return true;
  }

  /**
   * The entry of this solve's generation that holds key (lo, hi) in the bucket starting at
   * entry b (two entries on one cache line), or −1.
   */
  private ttFind(b: number, lo: number, hi: number): number {
    const tt = this.tt;
    for (let e = b << 2, end = e + 8; e < end; e += 4) {
      const w3 = tt[e + 3]!;
      if (tt[e] === lo && (tt[e + 1]! ^ tt[e + 2]! ^ w3) === hi && w3 >>> 20 === this.generation)
        return e;
    }
    return -1;
  }

  /**
   * Stores a node's result in its bucket (first entry b). A key already there is written over;
   * otherwise the first entry keeps whichever of the new result and its own cost the larger
   * search (`work`, nodes searched below the node), the other goes to the second entry, so
   * the long one-sided lines of a stuck opponent, each cheap, cannot push out the few
   * results that cost millions of nodes.
   */
  private ttStore(
    b: number,
    lo: number,
    hi: number,
    value: number,
    flag: number,
    depth: number,
    move: number,
    work = 0,
  ): void {
    const tt = this.tt;
    const cost = work > 0 ? 32 - Math.clz32(work) : 0;
    let e = this.ttFind(b, lo, hi);
    if (e < 0) {
      e = b << 2;
      if (tt[e + 3]! >>> 20 === this.generation && cost < tt[e + 2]! >>> 26) e += 4;
      else for (let k = 0; k < 4; k++) tt[e + 4 + k] = tt[e + k]!;
    }
    const w2 = (value & 0xffff) | (flag << 16) | (depth << 18) | (cost << 26);
    const w3 = (move === NO_MOVE ? MOVE_BITS : move) | (this.generation << 20);
    tt[e] = lo;
    tt[e + 1] = hi ^ w2 ^ w3;
    tt[e + 2] = w2;
    tt[e + 3] = w3;
  }

  /**
   * The child's value (from the child's side) for a parent window (a, b) and a move worth
   * `score` to the parent: the first move gets the whole window, later ones a null window
   * first (principal variation search) and the whole one only when they might be better. The
   * child is the opponent's node (`sign` −1, the parent's value is score − child's) or, with
   * the opponent's forced pass stepped over, the parent's own next one (+1, score + child's).
   */
  private pvs(
    ply: number,
    bd: number,
    side: number,
    score: number,
    a: number,
    b: number,
    depth: number,
    k: number,
    oppStuck: boolean,
    sign = -1,
  ): number {
    const lo = sign < 0 ? score - b : a - score;
    const hi = sign < 0 ? score - a : b - score;
    if (k === 0 || b - a <= 1) return this.search(ply, bd, side, lo, hi, depth, oppStuck);
    // The null window at the parent's alpha.
    const at = sign < 0 ? hi - 1 : lo;
    const c = this.search(ply, bd, side, at, at + 1, depth, oppStuck);
    if (c === DEFER) return DEFER;
    const v = score + sign * c;
    if (v <= a || v >= b) return c;
    return this.search(ply, bd, side, lo, hi, depth, oppStuck);
  }

  /**
   * The value, for `side`, of its own next turn (at ply + 2) after its placement at ply worth
   * `score` and the stuck opponent's forced pass, for the placing node's window (a, b) (`pvs`):
   * the opponent's node, whose one move is that pass, is stepped over (both runs stand at one:
   * the placement scored, the pass did not).
   */
  private afterForcedPass(
    ply: number,
    bd: number,
    side: number,
    score: number,
    a: number,
    b: number,
    depth: number,
    k: number,
  ): number {
    this.ensurePly(ply + 2);
    this.placedN[ply + 1] = 0;
    this.listOk[ply + 1] = false;
    this.passes = 1;
    this.scoreless = 1;
    this.coverOk[ply + 2] = true;
    this.steppedScore[ply] = score;
    const v = this.pvs(ply + 2, bd + 1, side, score, a, b, depth, k, true, 1);
    this.coverOk[ply + 2] = false;
    return v;
  }

  /**
   * Negamax with alpha-beta (fail-soft) for `side` to move at `ply`, on generator `bd`, with
   * `depth` plies left; sets `lastExact`. The game is known not to be over here.
   */
  private search(
    ply: number,
    bd: number,
    side: number,
    alpha: number,
    beta: number,
    depth: number,
    oppStuck: boolean,
  ): number {
    // Read before anything can throw, so that no later search finds it set.
    const deferOk = this.deferOk;
    this.deferOk = false;
    if ((++this.nodes & 1023) === 0) this.checkTime();
    this.runKey(side);
    const keyLo = this.hashLo ^ this.rackLo[0]! ^ this.rackLo[1]! ^ this.runLo;
    const keyHi = this.hashHi ^ this.rackHi[0]! ^ this.rackHi[1]! ^ this.runHi;
    const bucket = keyLo & this.ttMask & ~1;
    const n0 = this.nodes;
    const tt = this.tt;
    const e = this.ttFind(bucket, keyLo, keyHi);
    const w2 = e < 0 ? 0 : tt[e + 2]!;
    const w3 = e < 0 ? 0 : tt[e + 3]!;
    const ttDepth = (w2 >>> 18) & 0xff;
    let ttBest = NO_MOVE;
    if (e >= 0 && ttDepth > 0) {
      const m = w3 & MOVE_BITS;
      ttBest = m === MOVE_BITS ? NO_MOVE : m;
      if (ply !== this.rootPly && ttDepth >= depth) {
        const v = (w2 << 16) >> 16;
        const f = (w2 >>> 16) & 3;
        if (
          f === FLAG_EXACT ||
          (f === FLAG_LOWER && v >= beta) ||
          (f === FLAG_UPPER && v <= alpha)
        ) {
          this.lastExact = ttDepth === EXACT_DEPTH;
          return v;
        }
      }
    }
    const busy = this.busy;
    const bslot = keyHi & ((1 << BUSY_BITS) - 1);
    if (deferOk && (this.deferAll || busy![bslot] === keyLo)) return DEFER;
    const own = this.rackPoints[side]!;
    const opp = this.rackPoints[side ^ 1]!;
    if (depth === 0) {
      // The horizon: guess that neither player scores again and both keep their racks.
      this.lastExact = false;
      return opp - own;
    }
    this.ensurePly(ply);
    // An opponent whose placement just left it one tile may have nowhere to put that tile:
    // then this node is one against a stuck opponent as much as one after its forced pass, and
    // searched as such (bench endgame 189, a lone Q left: 12.82M nodes -> 7.85M; 6: 7.28M ->
    // 6.18M). Asked of a lone tile only, whose list is cheap.
    if (
      !oppStuck &&
      ply > this.rootPly &&
      this.placedN[ply - 1]! > 0 &&
      this.rackTotal[side ^ 1] === 1 &&
      this.racks[side ^ 1]![0] === 0
    )
      oppStuck = this.cannotPlace(side ^ 1, bd);
    if (oppStuck && this.shortcuts && this.twoTilesBelow(ply, side, alpha)) {
      const v = this.lastValue;
      if (this.verify) this.check(v, 1, ply, bd, side, depth, true);
      this.ttStore(bucket, keyLo, keyHi, v, FLAG_UPPER, EXACT_DEPTH, NO_MOVE);
      this.lastExact = true;
      return v;
    }
    const list = this.placementsOf(side, bd, this.lists[ply]!, ply);
    this.listOk[ply] = true;
    const count = list.count;
    const ownTotal = this.rackTotal[side]!;
    // With the opponent unable to place anything on this board, a pass is as good as passing
    // the game out (see `passEnds`), so it needs no search.
    const passOut = oppStuck && this.passEnds(list);
    if (this.cutByEnding(list, side, beta, bucket, keyLo, keyHi, ply === this.rootPly, passOut)) {
      return this.lastValue;
    }
    // Room for the sort keys, then for the moves put off (`DEFER`).
    if (this.orders[ply]!.length < 2 * count + 2)
      this.orders[ply] = new Float64Array(4 * count + 4);
    const order = this.orders[ply]!;
    // Sort keys: (bias − immediate spread) · 65536 + index, ascending = best first.
    const tileCost = oppStuck ? STUCK_TILE_COST : 0;
    for (let i = 0; i < count; i++) {
      const played = list.played[i]!;
      const gain =
        played === ownTotal ? list.score[i]! + 2 * opp : list.score[i]! - tileCost * played;
      const first = i === ttBest ? 1 : 0;
      order[i] = (first ? 0 : 8192 - gain) * INDEX_RANGE + i;
    }
    // The pass last, unless the table names it or it is a known exact value (then first: it
    // raises alpha for free).
    order[count] = (ttBest === count || passOut ? 0 : 16383) * INDEX_RANGE + count;
    order.subarray(0, count + 1).sort();

    if (oppStuck) this.sortFewTiles(list, ply);
    else this.singleN[ply] = -1;
    // Transposed placements (in the header): this node marks its settled ones for its
    // grandchildren; a grandchild after a forced pass skips its grandparent's.
    const stamp = ++this.stampSeq;
    this.coverStamp[ply] = stamp;
    if (this.coveredAt[ply]!.length < count) {
      this.coveredAt[ply] = new Float64Array(2 * count);
      this.coveredValue[ply] = new Float64Array(2 * count);
    }
    const cov = this.coveredAt[ply]!;
    const covValue = this.coveredValue[ply]!;
    const skipOk = this.coverOk[ply]! && this.originOk[ply]! && this.shortcuts;
    const upCov = skipOk ? this.coveredAt[ply - 2]! : cov;
    const upValue = skipOk ? this.coveredValue[ply - 2]! : covValue;
    const upStamp = skipOk ? this.coverStamp[ply - 2]! : -1;
    // What the placement two plies up scored: a skipped line is worth its value there less it.
    const upScore = skipOk ? this.steppedScore[ply - 2]! : 0;
    const origin = this.origin[ply]!;
    let skipped = false;
    const alpha0 = alpha;
    let best = -INF;
    let bestMove = NO_MOVE;
    let exact = true;
    const passes = this.passes;
    const scoreless = this.scoreless;
    // Other threads put this node's children off while it is searched here (ABDADA).
    if (busy !== null) busy[bslot] = keyLo;
    let nDefer = 0;
    // The moves in order, then the ones put off, after them in `order` (indices, no keys).
    for (let k = 0; k <= count + nDefer; k++) {
      const i = order[k]! % INDEX_RANGE;
      // Never the first move (it sets the window), and each only once.
      const mayDefer = (busy !== null || this.deferAll) && k > 0 && k <= count;
      let v: number;
      if (skipOk && i !== count && origin[i]! >= 0 && upCov[origin[i]!] === upStamp) {
        // Settled at the grandparent in the other order: worth at most what that line was
        // worth there less the placement made since, which is at most alpha here.
        v = Math.min(alpha0, upValue[origin[i]!]! - upScore);
        if (this.verify) this.checkCovered(ply, bd, side, i, v, depth);
        skipped = true;
        this.lastExact = true;
      } else if (i === count) {
        // Pass.
        this.placedN[ply] = 0;
        this.passes = passes + 1;
        this.scoreless = scoreless + 1;
        if (passOut || this.passes >= this.passLimit || this.scoreless >= this.scorelessLimit) {
          v = opp - own;
          this.lastExact = true;
        } else {
          // A forced pass (nothing to place) costs no depth: a player stuck for good would
          // otherwise halve the horizon of the one still playing (MAGPIE does the same).
          const d = count === 0 ? depth : depth - 1;
          const a = Math.max(alpha, best);
          this.deferOk = mayDefer;
          const c = this.pvs(ply + 1, bd, side ^ 1, 0, a, beta, d, k, count === 0);
          v = c === DEFER ? DEFER : -c;
        }
        this.passes = passes;
        this.scoreless = scoreless;
      } else {
        const score = list.score[i]!;
        if (list.played[i] === ownTotal) {
          v = score + 2 * opp;
          this.lastExact = true;
        } else {
          const lo = this.hashLo;
          const hi = this.hashHi;
          const n = this.playChild(ply, bd, side, i);
          this.passes = 0;
          this.scoreless = score === 0 ? scoreless + 1 : 0;
          // What this move must beat to matter: alpha, or the best move so far.
          const floor = Math.max(alpha, best);
          // A placement leaving one tile is bounded first, whatever the opponent can place:
          // when the bound settles it, the reply is never searched, and whether it frees a
          // stuck opponent (`stuckStep`) is never asked.
          let bound = INF;
          if (this.shortcuts && this.rackTotal[side] === 1) {
            // Sorted only where the bound is first wanted: a node whose opponent can still
            // place has no other use for them.
            if (this.singleN[ply]! < 0) this.sortFewTiles(list, ply);
            bound = score + this.lastTileBound(ply, n, side);
          }
          const step =
            oppStuck && score > 0 && this.shortcuts && bound > floor
              ? this.stuckStep(ply, n, side, depth)
              : SEARCH_REPLY;
          if (this.scoreless >= this.scorelessLimit) {
            v = score + opp - this.rackPoints[side]!;
            this.lastExact = true;
          } else if (step === LAST_VALUED) {
            v = score + this.lastValue;
            if (this.verify)
              this.check(-this.lastValue, 0, ply + 1, bd + 1, side ^ 1, depth, false);
            this.lastExact = true;
          } else if (bound <= floor) {
            // Cannot raise the best or alpha: its bound stands for it (fail-soft).
            v = bound;
            if (this.verify) {
              const d = depth > 1 ? depth : depth - 1;
              this.check(score - bound, -1, ply + 1, bd + 1, side ^ 1, d, false);
            }
            this.lastExact = true;
          } else if (step === PASS_STEPPED) {
            this.deferOk = mayDefer;
            const c = this.afterForcedPass(ply, bd, side, score, floor, beta, depth, k);
            v = c === DEFER ? DEFER : score + c;
          } else {
            this.deferOk = mayDefer;
            const c = this.pvs(
              ply + 1,
              bd + 1,
              side ^ 1,
              score,
              floor,
              beta,
              // While the opponent can place nothing, a placement costs no depth either: the
              // game is then one player's sequence of placements, which is searched whole,
              // so that the long lines of playing out tile by tile never reach the horizon.
              // At depth 1 it still costs one, so that the first iteration stays one ply
              // and a solve cut short by its time budget always has a move to give.
              oppStuck && depth > 1 ? depth : depth - 1,
              k,
              false,
            );
            v = c === DEFER ? DEFER : score - c;
          }
          if (
            oppStuck &&
            score > 0 &&
            v !== DEFER &&
            this.lastExact &&
            (step !== SEARCH_REPLY || bound <= floor)
          ) {
            cov[i] = stamp;
            covValue[i] = v;
          }
          this.takeBack(ply, side, n, passes, scoreless, lo, hi);
        }
      }
      if (v === DEFER) {
        order[count + 1 + nDefer++] = i;
        continue;
      }
      if (!this.lastExact) exact = false;
      if (v > best) {
        best = v;
        bestMove = i;
        if (best >= beta) break;
      }
    }
    if (busy !== null && busy[bslot] === keyLo) busy[bslot] = 0;
    // The node as a whole, with the moves it skipped searched (its list is not needed now).
    if (skipped && this.verify) {
      const sign = best >= beta ? -1 : best <= alpha0 ? 1 : 0;
      this.check(best, sign, ply, bd, side, depth, oppStuck);
    }
    const flag = best >= beta ? FLAG_LOWER : best <= alpha0 ? FLAG_UPPER : FLAG_EXACT;
    this.ttStore(
      bucket,
      keyLo,
      keyHi,
      best,
      flag,
      exact ? EXACT_DEPTH : depth,
      bestMove,
      this.nodes - n0,
    );
    this.lastExact = exact;
    if (ply === this.rootPly) this.rootBest = bestMove;
    return best;
  }
}
