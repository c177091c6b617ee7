/**
 * The move generator: every legal placement of a rack on a board, walked over the GADDAG half
 * of the lexicon's KWG (Gordon 1994), with each move's score and equity; plus the exchanges and
 * the pass.
 *
 * - **Cross-sets** (crossSets.ts). For every empty square and each direction of play, a bit
 *   mask of the letters that make a valid word with the tiles above/below (for across plays)
 *   or left/right (for down plays), the face-value sum of those tiles, and whether there are
 *   any. They are kept up to date incrementally: a play only changes the squares at the ends
 *   of the runs it touches (`playPlaced`).
 * - **Anchors.** An anchor is an empty square next to a tile (the centre on an empty board,
 *   walked across only: a down opening is an across one transposed, so openings are listed once).
 *   Every placement covers one; a placement is generated from the *leftmost* anchor it covers:
 *   walking left from an anchor never puts a tile on another anchor. So each placement is found
 *   once per direction; a single tile forming words both ways is kept only in the across pass
 *   (the down pass keeps single tiles with no horizontal neighbour). When board tiles touch the
 *   anchor on its right, the walk starts from the last of them and reads them first (the GADDAG
 *   holds every word reversed from any of its letters), so the tiles tried on the anchor must
 *   already fit in front of them, instead of failing only after the separator.
 * - **Arcs by bit mask.** Each sibling list's tiles are also a bit mask, stored just before
 *   the list (`listedArcs`): the walk intersects it with the square's cross-set and the rack,
 *   and jumps to each arc with a population count instead of scanning the list. Before
 *   extending into an empty square it checks that the child's list holds a tile that can go
 *   there, so dead ends cost no call.
 * - **Best-N** (anchorBounds.ts). Before walking, each anchor gets an upper bound on the
 *   equity of any move from it ("shadow"): for every span of squares the move could cover, the
 *   premiums and cross-word sums bound the score with the rack's values placed greedily on the
 *   best multipliers, plus the best leave for that many tiles played. Anchors are walked in
 *   decreasing bound order and the walk stops when no remaining bound beats the N-th best
 *   equity found. With a blank on the rack, the walk also bounds the move it is building
 *   (its score so far, what the squares in reach can add, the best leave among the tiles still
 *   held) and turns back when that cannot beat the N-th.
 *
 * Everything lives in preallocated typed arrays; the walk allocates nothing.
 */
import { CENTER, LETTER_MULT, SIZE, SQUARES, WORD_MULT } from '../engine/board.js';
import { STANDARD_SCORING, type ScoringRules } from '../engine/placement.js';
import { BLANK_FLAG, EMPTY, type TileSet } from '../engine/tiles.js';
import { ACCEPTS_BIT, ARC_INDEX_MASK, TILE_SHIFT, popcount32 } from '../lexicon/kwg.js';
import { AnchorBounds, type LoadedLine } from './anchorBounds.js';
import { emptyArray } from './arrays.js';
import { CrossSets } from './crossSets.js';
import { GADDAG_ROOT, listedArcs, seekArc } from './kwgArcs.js';
import { LeaveTable, type LeaveModel, NO_LEAVES } from './leave.js';
import { codesOf, keyWith, multisetKey } from './multisets.js';
import { MAX_OPENING, type OpeningMap, openingMapFor } from './openingMap.js';
import { KIND_EXCHANGE, KIND_PASS, KIND_PLACE, MoveList, TILE_STRIDE } from './movelist.js';

/** Where an opening starts on the centre row (`s`, its column) and the premiums it covers. */
interface OpeningStart {
  s: number;
  wm: number;
  at: number[];
  extra: number[];
}

/** Whether a Uint32 keeps its lowest byte first here (so `tiles32` writes `tiles` in order). */
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Where the exchanged tiles end in `exTiles`: room for a rack of up to 32 tiles. */
const EX_END = 32;

/**
 * For each opening length, every start across the centre: its word premium and where in the
 * word its letter premiums fall (`at`, with `extra`, the premium's multiple less one). A word's
 * score at each start is then its tiles' sum plus a term or two, not a pass over its tiles.
 */
const OPENING_STARTS: OpeningStart[][] = (() => {
  const row = ((CENTER / SIZE) | 0) * SIZE;
  const col = CENTER % SIZE;
  const out: OpeningStart[][] = [];
  for (let len = 0; len <= MAX_OPENING; len++) {
    const starts: OpeningStart[] = [];
    for (let s = Math.max(0, col - len + 1); s <= col && s + len <= SIZE; s++) {
      let wm = 1;
      const at: number[] = [];
      const extra: number[] = [];
      for (let i = 0; i < len; i++) {
        wm *= WORD_MULT[row + s + i]!;
        if (LETTER_MULT[row + s + i]! > 1) {
          at.push(i);
          extra.push(LETTER_MULT[row + s + i]! - 1);
        }
      }
      starts.push({ s, wm, at, extra });
    }
    out.push(starts);
  }
  return out;
})();

/**
 * For each opening length, the distinct premiums of the spans across the centre: the word
 * premium and each letter premium's extra multiple, largest first.
 */
const OPENING_SPANS: { wm: number; extra: number[] }[][] = OPENING_STARTS.map((starts) => {
  const spans: { wm: number; extra: number[] }[] = [];
  for (const st of starts) {
    const extra = [...st.extra].sort((a, b) => b - a);
    const key = `${st.wm}:${extra.join(',')}`;
    if (!spans.some((x) => `${x.wm}:${x.extra.join(',')}` === key))
      spans.push({ wm: st.wm, extra });
  }
  return spans;
});

/** One line of the board as the walk reads it: a view of the generator's slot for that line. */
interface LineView extends LoadedLine {
  /** 1 on the line's anchors. */
  readonly anchors: Uint8Array;
}

/** The 30 lines of `all` (arrays of 2 × 225 entries, line k at k × 15) as views. */
function lineViews(all: LineView): LineView[] {
  const views: LineView[] = [];
  for (let k = 0; k < 2 * SIZE; k++) {
    const lo = k * SIZE;
    const hi = lo + SIZE;
    views.push({
      tiles: all.tiles.subarray(lo, hi),
      mask: all.mask.subarray(lo, hi),
      score: all.score.subarray(lo, hi),
      has: all.has.subarray(lo, hi),
      letterMult: all.letterMult.subarray(lo, hi),
      wordMult: all.wordMult.subarray(lo, hi),
      anchors: all.anchors.subarray(lo, hi),
    });
  }
  return views;
}

/** What to generate for one rack. */
export interface GenRequest {
  /** Rack as counts per code (index 0 = blanks). */
  readonly rack: ArrayLike<number>;
  /** 0 (default) = every move; N > 0 = only the N best by equity. */
  readonly top?: number;
  /** Leave values for equity; default: none (equity = score). */
  readonly leaves?: LeaveModel;
  /** Tiles in the bag: exchanges need `bagCount >= exchangeMinBag` and at most `bagCount` tiles. */
  readonly bagCount?: number;
  /** Fewest tiles the bag must hold to allow an exchange (X-02: 1 for Spanish; X-03: 8). */
  readonly exchangeMinBag?: number;
  /** Generate placements only (no exchanges, no pass). */
  readonly placementsOnly?: boolean;
  /** Sum of values of unseen tiles; with an empty bag, switches equity to end-of-game terms. */
  readonly unseenValue?: number;
  /**
   * Only the placements that cover at least one of these squares (indices 0…224, any order,
   * repeats allowed) that is an anchor (an empty square next to a tile); on a board with tiles.
   * A search that knows its parent's moves regenerates just those that a few new tiles changed:
   * the ones covering the ends of the runs through them (`markRunEnds`). A list rather than a
   * mask of the board, so that a request for four squares does not scan 225.
   */
  readonly only?: ArrayLike<number>;
}

/**
 * A move generator bound to one lexicon. It holds its own copy of the board and its
 * cross-sets; keep it in step with `setBoard` or `playPlaced`.
 */
export class MoveGenerator {
  /** The board as the generator sees it (do not write to it directly). */
  readonly board = new Uint8Array(SQUARES);
  private readonly nodes: Uint32Array;
  /** The graph's sibling lists, each headed by its tile mask (`listedArcs`). */
  private readonly kn: Uint32Array;
  private readonly val = new Int16Array(256);
  private readonly allMask: number;
  private readonly bingoTiles: number;
  private readonly bingoBonus: number;
  private tilesOnBoard = 0;
  /**
   * Whether openings are read from the opening map once it is built (openingMap.ts); false
   * walks the graph on an empty board too, the reference the map is tested against.
   */
  useOpeningMap = true;

  private readonly cross: CrossSets;
  // The cross-sets' arrays (crossSets.ts), index `d * 225 + square`.
  private readonly cmask: Int32Array;
  private readonly cscore: Int16Array;
  private readonly chas: Uint8Array;
  private readonly anchorSq = new Uint8Array(SQUARES);
  /**
   * Whether `anchorSq` and `lineAnchors` hold every anchor of the board as it is: a search or a
   * simulation asks for many racks on one board, which then share one scan of its squares.
   */
  private anchorsValid = false;

  // Every line of the board in line order (rows 0…14, then columns), read from the board when
  // first asked for and kept while the board and its anchors stay as they are: entry
  // `k * 15 + i` of line k. The line being walked is a view of one of them.
  private readonly all: LineView = {
    tiles: new Uint8Array(2 * SQUARES),
    mask: new Int32Array(2 * SQUARES),
    score: new Int16Array(2 * SQUARES),
    has: new Uint8Array(2 * SQUARES),
    letterMult: new Uint8Array(2 * SQUARES),
    wordMult: new Uint8Array(2 * SQUARES),
    anchors: new Uint8Array(2 * SQUARES),
  };
  private readonly lineValid = new Uint8Array(2 * SIZE);
  private readonly views: LineView[] = lineViews(this.all);
  // The fields hold a view from the start: V8 then knows their type in the walk's loads, which
  // it would not after a first value of undefined.
  private Lt = this.views[0]!.tiles;
  private Lm = this.views[0]!.mask;
  private Ls = this.views[0]!.score;
  private Lh = this.views[0]!.has;
  private Llm = this.views[0]!.letterMult;
  private Lwm = this.views[0]!.wordMult;
  private La = this.views[0]!.anchors;
  private lineDir = -1;
  private lineNo = -1;

  // Walk state.
  private readonly rack = new Uint8Array(64);
  private rackTotal = 0;
  private rackMask = 0;
  private readonly leaves = new LeaveTable();
  private anchor = 0;
  private leftLimit = 0;
  private leftEnd = 0;
  /** First square right of the anchor and of the board tiles touching it on the right. */
  private rightStart = 0;
  /** Padded so that the four-byte copy in `record` may read past the line's end. */
  private readonly word = new Uint8Array(SIZE + 4);
  private readonly wordView = new DataView(this.word.buffer);
  private out: MoveList = new MoveList();
  private topN = 0;
  private threshold = -Infinity;
  private worstSlot = 0;
  /** Tiles of each kind of the rack kept by the exchange being written (genNonPlace). */
  private readonly keptCounts = new Uint8Array(32);
  // The exchanged tiles of the leave being listed, right-aligned on `EX_END`, and where each
  // kind's run of them starts (genNonPlace); the padding lets the last run be read 4 at a time.
  private readonly exTiles = new Uint8Array(EX_END + 4);
  private readonly exView = new DataView(this.exTiles.buffer);
  private readonly exStart = new Int32Array(32);
  /** Letters (not blanks) still on the rack during the walk, as a bit mask. */
  private lettersLeft = 0;
  /**
   * Best-N with a blank on the rack: the walk checks, as it goes, that the move it is building
   * can still reach the N-th best equity (`AnchorBounds.prepareWalk`), and turns back when it
   * cannot. A blank multiplies the walk by its designations, most of them far below the best;
   * without one, the checks turned back only 3–9 % of the steps and cost more than they saved.
   */
  private walkBound = false;

  /** The rack's letters (not blanks); `AnchorBounds` sorts them by value. */
  private readonly rackLetters: number[] = [];
  private readonly bounds: AnchorBounds;
  // Bounded anchors, sorted by bound: direction, line, square and left limit packed in one int.
  private readonly aWhere = new Int32Array(2 * SQUARES);
  private readonly aBound = new Float64Array(2 * SQUARES);
  /** Anchors per row (0…14) and per column (15…29). */
  private readonly lineAnchors = new Uint8Array(2 * SIZE);

  constructor(
    kwg: Uint32Array,
    readonly set: TileSet,
    scoring: ScoringRules = STANDARD_SCORING,
  ) {
    this.nodes = kwg;
    this.kn = listedArcs(kwg);
    const n = set.letters.length;
    if (n > 30) throw new RangeError('tile set too large for 32-bit cross-sets');
    for (let c = 1; c <= n; c++) this.val[c] = set.letters[c - 1]!.value;
    this.allMask = ((1 << (n + 1)) - 2) | 0;
    this.bingoTiles = scoring.bingoTiles;
    this.bingoBonus = scoring.bingoBonus;
    this.cross = new CrossSets(this.board, this.kn, this.val, this.allMask);
    this.cmask = this.cross.mask;
    this.cscore = this.cross.score;
    this.chas = this.cross.has;
    this.bounds = new AnchorBounds(
      this.views[0]!,
      this.val,
      this.rack,
      this.rackLetters,
      this.leaves,
      this.nodes,
      set,
      scoring,
    );
    if (!warmed) warmUp(kwg, set, scoring);
  }

  /** The lexicon graph this generator walks (for searches that need generators of their own). */
  get graph(): Uint32Array {
    return this.nodes;
  }

  /** Number of tiles on the generator's board. */
  get tileCount(): number {
    return this.tilesOnBoard;
  }

  /** Replaces the board and recomputes every cross-set. */
  setBoard(board: ArrayLike<number>): void {
    this.board.set(board);
    this.tilesOnBoard = this.cross.recomputeAll();
    this.anchorsValid = false;
  }

  /**
   * Makes this generator's board and cross-sets a copy of another's bound to the same lexicon
   * and tile set: a search keeps one generator per depth and copies the parent's state in a few
   * block copies instead of recomputing every cross-set with `setBoard`.
   */
  copyFrom(other: MoveGenerator): void {
    if (other.nodes !== this.nodes || other.set !== this.set)
      throw new Error('copyFrom needs a generator over the same lexicon');
    this.board.set(other.board);
    this.tilesOnBoard = other.tilesOnBoard;
    this.anchorsValid = false;
    this.cmask.set(other.cmask);
    this.cscore.set(other.cscore);
    this.chas.set(other.chas);
  }

  /**
   * Puts new tiles on the board (already validated) and updates the cross-sets of the squares
   * they affect: the empty squares at both ends of every run through a new tile.
   */
  playPlaced(squares: ArrayLike<number>, tiles: ArrayLike<number>): void {
    for (let k = 0; k < squares.length; k++) {
      this.board[squares[k]!] = tiles[k]!;
      this.tilesOnBoard++;
    }
    this.cross.placed(squares);
    this.anchorsValid = false;
  }

  /** The cross-set mask of a square for plays in direction d (0 across, 1 down); for tests. */
  crossMask(d: 0 | 1, sq: number): number {
    return this.board[sq] !== EMPTY ? 0 : this.cmask[d * SQUARES + sq]!;
  }

  /**
   * Generates moves for a rack into `out` (cleared first): every move when `top` is 0, else the
   * `top` best by equity (in no particular order; use `out.order()`).
   */
  generate(req: GenRequest, out: MoveList): MoveList {
    out.clear();
    this.out = out;
    this.topN = req.top ?? 0;
    this.threshold = -Infinity;
    const rack = this.rack;
    rack.fill(0);
    this.rackTotal = 0;
    this.rackMask = 0;
    emptyArray(this.rackLetters);
    for (let t = 0; t < req.rack.length; t++) {
      const c = req.rack[t]!;
      rack[t] = c;
      this.rackTotal += c;
      if (c > 0) {
        if (t === 0) this.rackMask = this.allMask;
        else {
          this.rackMask |= 1 << t;
          this.rackLetters.push(t);
        }
      }
    }
    this.rackMask &= this.allMask;
    this.lettersLeft = 0;
    for (const t of this.rackLetters) this.lettersLeft |= 1 << t;
    const bagCount = req.bagCount ?? 100;
    this.leaves.fill(rack, req.leaves ?? NO_LEAVES, this.val, {
      bagCount,
      unseenValue: req.unseenValue ?? 0,
    });

    // The exchanges and the pass come first when all moves are wanted (the list's order), and
    // for the N best by a leave model: the best leave kept raises the threshold before any
    // anchor is walked. Without leaves every exchange is worth 0 and raises nothing, so the
    // placements go first and the exchanges meet their threshold, turned away unread. The N
    // best do not depend on the order.
    const nonPlace = !req.placementsOnly;
    const exchangesFirst = this.topN === 0 || (req.leaves ?? NO_LEAVES) !== NO_LEAVES;
    if (nonPlace && exchangesFirst) this.genNonPlace(bagCount, req.exchangeMinBag ?? 1);
    if (this.rackTotal > 0) this.genPlacements(req);
    if (nonPlace && !exchangesFirst) this.genNonPlace(bagCount, req.exchangeMinBag ?? 1);
    return out;
  }

  // The placements of the loaded rack (see generate).
  private genPlacements(req: GenRequest): void {
    if (req.only) {
      if (this.tilesOnBoard === 0) throw new RangeError('`only` needs a board with tiles');
      this.markedAnchors(req.only);
    } else {
      this.computeAnchors();
    }
    this.lineDir = -1;
    // Openings, all of them or the N best, are read from the map when there is one: a lookup
    // per part of the rack instead of a walk.
    if (
      this.useOpeningMap &&
      !req.only &&
      this.tilesOnBoard === 0 &&
      this.rackTotal <= MAX_OPENING &&
      this.rack[0]! <= 2
    ) {
      const map = openingMapFor(this.nodes);
      if (map) {
        this.genOpenings(map);
        return;
      }
    }
    if (this.topN === 0 || req.only) {
      // A few marked anchors often fit no rack tile: their lines are checked before loading.
      const check = req.only !== undefined;
      for (let d = 0; d < 2; d++) for (let l = 0; l < SIZE; l++) this.genLine(d, l, check);
      return;
    }
    this.genBest();
  }

  private computeAnchors(): void {
    if (this.anchorsValid) return;
    this.anchorsValid = true;
    this.lineValid.fill(0);
    const board = this.board;
    const a = this.anchorSq;
    const count = this.lineAnchors;
    count.fill(0);
    if (this.tilesOnBoard === 0) {
      a.fill(0);
      // The board is symmetric about its diagonal, so a down opening is an across one
      // transposed, with the same words and score: only the across pass is walked.
      a[CENTER] = 1;
      count[(CENTER / SIZE) | 0] = 1;
      return;
    }
    for (let r = 0; r < SIZE; r++) {
      for (let c = 0; c < SIZE; c++) {
        const s = r * SIZE + c;
        const is =
          board[s] === EMPTY &&
          ((c > 0 && board[s - 1] !== EMPTY) ||
            (c < SIZE - 1 && board[s + 1] !== EMPTY) ||
            (r > 0 && board[s - SIZE] !== EMPTY) ||
            (r < SIZE - 1 && board[s + SIZE] !== EMPTY));
        a[s] = is ? 1 : 0;
        if (is) {
          count[r]!++;
          count[SIZE + c]!++;
        }
      }
    }
  }

  // The anchors listed in `only`, and no others. A placement is still found once, from the
  // leftmost of them it covers: the walk left may cross the anchors left out.
  private markedAnchors(only: ArrayLike<number>): void {
    this.anchorsValid = false;
    this.lineValid.fill(0);
    const board = this.board;
    const a = this.anchorSq;
    const count = this.lineAnchors;
    a.fill(0);
    count.fill(0);
    for (let k = 0; k < only.length; k++) {
      const s = only[k]!;
      if (a[s] !== 0 || board[s] !== EMPTY) continue;
      const r = (s / SIZE) | 0;
      const c = s - r * SIZE;
      if (
        (c > 0 && board[s - 1] !== EMPTY) ||
        (c < SIZE - 1 && board[s + 1] !== EMPTY) ||
        (r > 0 && board[s - SIZE] !== EMPTY) ||
        (r < SIZE - 1 && board[s + SIZE] !== EMPTY)
      ) {
        a[s] = 1;
        count[r]!++;
        count[SIZE + c]!++;
      }
    }
  }

  private loadLine(d: number, l: number): void {
    if (this.lineDir === d && this.lineNo === l) return;
    this.lineDir = d;
    this.lineNo = l;
    const k = d * SIZE + l;
    if (this.lineValid[k] === 0) {
      this.lineValid[k] = 1;
      this.readLine(d, l);
    }
    this.showLine(this.views[k]!);
    this.word.fill(EMPTY);
  }

  // Makes v the line the walk and the anchor bounds read.
  private showLine(v: LineView): void {
    this.Lt = v.tiles;
    this.Lm = v.mask;
    this.Ls = v.score;
    this.Lh = v.has;
    this.Llm = v.letterMult;
    this.Lwm = v.wordMult;
    this.La = v.anchors;
    this.bounds.useLine(v);
  }

  // Copies line l of direction d from the board's arrays into its slot of the line arrays.
  private readLine(d: number, l: number): void {
    // Locals: the stores into one typed array could alias another's, so V8 would reload every
    // field on each square.
    const board = this.board;
    const cmask = this.cmask;
    const cscore = this.cscore;
    const chas = this.chas;
    const anchors = this.anchorSq;
    const Lt = this.all.tiles;
    const Lm = this.all.mask;
    const Ls = this.all.score;
    const Lh = this.all.has;
    const Llm = this.all.letterMult;
    const Lwm = this.all.wordMult;
    const La = this.all.anchors;
    const off = d * SQUARES;
    const step = d === 0 ? 1 : SIZE;
    let sq = d === 0 ? l * SIZE : l;
    for (let i = (d * SIZE + l) * SIZE, e = i + SIZE; i < e; i++, sq += step) {
      Lt[i] = board[sq]!;
      Lm[i] = cmask[off + sq]!;
      Ls[i] = cscore[off + sq]!;
      Lh[i] = chas[off + sq]!;
      Llm[i] = LETTER_MULT[sq]!;
      Lwm[i] = WORD_MULT[sq]!;
      La[i] = anchors[sq]!;
    }
  }

  // Whether some anchor of the line can take a rack tile (its cross-set meets the rack), read
  // from the board's arrays: a line none of whose anchors can is not loaded at all.
  private lineFits(d: number, l: number): boolean {
    const anchors = this.anchorSq;
    const cmask = this.cmask;
    const rackMask = this.rackMask;
    const off = d * SQUARES;
    const step = d === 0 ? 1 : SIZE;
    let sq = d === 0 ? l * SIZE : l;
    for (let i = 0; i < SIZE; i++, sq += step)
      if (anchors[sq] !== 0 && (cmask[off + sq]! & rackMask) !== 0) return true;
    return false;
  }

  private genLine(d: number, l: number, check: boolean): void {
    if (this.lineAnchors[d * SIZE + l] === 0 || (check && !this.lineFits(d, l))) return;
    this.loadLine(d, l);
    let prev = -1;
    for (let a = 0; a < SIZE; a++) {
      if (this.La[a] === 0) continue;
      if ((this.Lm[a]! & this.rackMask) !== 0) {
        this.leftLimit = prev + 1;
        this.genAnchor(a);
      }
      prev = a;
    }
  }

  private genAnchor(a: number): void {
    this.anchor = a;
    // Start from the last board tile of the run touching the anchor on the right, so that the
    // walk reads those tiles first: a rack tile on the anchor then has to fit in front of them
    // at once, instead of after every left part has been tried.
    let b = a;
    while (b + 1 < SIZE && this.Lt[b + 1] !== EMPTY) b++;
    this.rightStart = b + 1;
    if (this.walkBound) this.bounds.prepareWalk(a, this.leftLimit, b + 1);
    this.goLeft(b, GADDAG_ROOT, 0, 0, 1, 0, this.leaves.full);
  }

  // The walk carries, besides the square and the arc: `main` (face value of the main word so
  // far, letter premiums applied), `cross` (finished cross-word points), `wm` (word multiplier),
  // `np` (tiles played) and `li` (leave-table index of the rack still held).

  // Leftwards from the anchor: follow board tiles, then place rack tiles on idx, idx-1, …
  private goLeft(
    idx: number,
    p: number,
    main: number,
    cross: number,
    wm: number,
    np: number,
    li: number,
  ): void {
    const kn = this.kn;
    const Lt = this.Lt;
    while (idx >= 0) {
      const b = Lt[idx]!;
      if (b === EMPTY) break;
      p = seekArc(this.kn, p, b & ~BLANK_FLAG);
      if (p < 0) return;
      main += this.val[b]!;
      idx--;
    }
    if (this.walkBound && this.leftBound(main, cross, wm, np, li) < this.threshold) return;
    const rightStart = this.rightStart;
    if (np > 0 && rightStart - idx >= 3 && (kn[p]! & ACCEPTS_BIT) !== 0) {
      this.record(idx + 1, rightStart, main, cross, wm, np, li);
    }
    const c = kn[p]! & ARC_INDEX_MASK;
    if (c === 0) return;
    const all = kn[c]!;
    // The separator, when present, is the list's first arc (c + 1): the word may start here.
    if ((all & 1) !== 0 && np > 0) {
      this.leftEnd = idx + 1;
      this.goRight(rightStart, c + 1, main, cross, wm, np, li);
    }
    if (idx < this.leftLimit || np >= this.rackTotal) return;
    const rack = this.rack;
    let want = this.Lm[idx]! & (rack[0]! > 0 ? this.allMask : this.lettersLeft) & all;
    if (want === 0) return;
    const lm = this.Llm[idx]!;
    const wmul = this.Lwm[idx]!;
    const hc = this.Lh[idx]!;
    const cs = this.Ls[idx]!;
    const radix = this.leaves.radix;
    const word = this.word;
    const val = this.val;
    const wm2 = wm * wmul;
    const np2 = np + 1;
    // What the next square left offers a child: board tiles to follow, or room for a word
    // ending at the run's right end, or a square some rack tile may fit.
    const prev = idx - 1;
    const follow = prev >= 0 && this.Lt[prev] !== EMPTY;
    const canEnd = rightStart - idx >= 2;
    const prevMask = prev >= this.leftLimit && np2 < this.rackTotal ? this.Lm[prev]! : 0;
    while (want !== 0) {
      const bit = want & -want;
      want ^= bit;
      const k = c + 1 + popcount32(all & (bit - 1));
      const n = kn[k]!;
      const t = n >>> TILE_SHIFT;
      if (rack[t]! > 0) {
        if (--rack[t]! === 0) this.lettersLeft &= ~bit;
        if (follow || this.leftLeads(n, canEnd, prevMask)) {
          word[idx] = t;
          const v = val[t]! * lm;
          const x2 = hc ? cross + (cs + v) * wmul : cross;
          this.goLeft(prev, k, main + v, x2, wm2, np2, li - radix[t]!);
        }
        if (rack[t]!++ === 0) this.lettersLeft |= bit;
      }
      if (rack[0]! > 0) {
        rack[0]!--;
        if (follow || this.leftLeads(n, canEnd, prevMask)) {
          word[idx] = t | BLANK_FLAG;
          this.goLeft(prev, k, main, hc ? cross + cs * wmul : cross, wm2, np2, li - radix[0]!);
        }
        rack[0]!++;
      }
    }
  }

  // The most a move can be worth that has placed np tiles, all of them left of the walked
  // anchor's right-hand run: the tiles left may go on either side (each side's reach counted
  // with all of them).
  private leftBound(main: number, cross: number, wm: number, np: number, li: number): number {
    const b = this.bounds;
    const r = this.rackTotal - np;
    const kl = np + r < b.walkLK ? np + r : b.walkLK;
    const kr = r < b.walkRK ? r : b.walkRK;
    const sum = main + b.walkLS[kl]! - b.walkLS[np]! + b.walkRS[kr]!;
    const w = ((wm * b.walkLW[kl]!) / b.walkLW[np]!) * b.walkRW[kr]!;
    const more = kl - np + kr;
    const bingo =
      b.walkBingo && np + (more < r ? more : r) >= this.bingoTiles ? this.bingoBonus : 0;
    return (
      sum * w +
      cross +
      b.walkLC[kl]! -
      b.walkLC[np]! +
      b.walkRC[kr]! +
      bingo +
      this.leaves.within[li]!
    );
  }

  // The most a move can be worth whose left part is done and whose next tile goes on idx.
  private rightBound(
    idx: number,
    main: number,
    cross: number,
    wm: number,
    np: number,
    li: number,
  ): number {
    const b = this.bounds;
    const k0 = b.walkRAt[idx]!;
    const k1 = k0 + this.rackTotal - np < b.walkRK ? k0 + this.rackTotal - np : b.walkRK;
    const sum = main + b.walkRS[k1]! - b.walkRS[k0]!;
    const w = (wm * b.walkRW[k1]!) / b.walkRW[k0]!;
    const bingo = b.walkBingo && np + k1 - k0 >= this.bingoTiles ? this.bingoBonus : 0;
    return sum * w + cross + b.walkRC[k1]! - b.walkRC[k0]! + bingo + this.leaves.within[li]!;
  }

  // Whether the walk can go on from arc node n to an empty square (or the edge) on the left:
  // the word may end here, or n's list holds the separator or a tile that fits `prevMask`.
  private leftLeads(n: number, canEnd: boolean, prevMask: number): boolean {
    if (canEnd && (n & ACCEPTS_BIT) !== 0) return true;
    const a = n & ARC_INDEX_MASK;
    if (a === 0) return false;
    const m = this.kn[a]!;
    return (
      (m & 1) !== 0 || (m & prevMask & (this.rack[0]! > 0 ? this.allMask : this.lettersLeft)) !== 0
    );
  }

  // Rightwards past the separator: follow board tiles from idx, record, then extend.
  private goRight(
    idx: number,
    p: number,
    main: number,
    cross: number,
    wm: number,
    np: number,
    li: number,
  ): void {
    const kn = this.kn;
    const Lt = this.Lt;
    while (idx < SIZE) {
      const b = Lt[idx]!;
      if (b === EMPTY) break;
      p = seekArc(this.kn, p, b & ~BLANK_FLAG);
      if (p < 0) return;
      main += this.val[b]!;
      idx++;
    }
    if (idx > this.rightStart && (kn[p]! & ACCEPTS_BIT) !== 0) {
      this.record(this.leftEnd, idx, main, cross, wm, np, li);
    }
    if (idx >= SIZE || np >= this.rackTotal) return;
    const c = kn[p]! & ARC_INDEX_MASK;
    if (c !== 0) this.extendRight(idx, c, main, cross, wm, np, li);
  }

  // Places a rack tile on the empty square idx from the arc list c. When the next square is
  // empty too, a child is recorded and extended here, without a call through goRight, and only
  // when its own list holds a tile that fits there.
  private extendRight(
    idx: number,
    c: number,
    main: number,
    cross: number,
    wm: number,
    np: number,
    li: number,
  ): void {
    const kn = this.kn;
    const rack = this.rack;
    const all = kn[c]!;
    let want = this.Lm[idx]! & (rack[0]! > 0 ? this.allMask : this.lettersLeft) & all;
    if (want === 0) return;
    if (this.walkBound && this.rightBound(idx, main, cross, wm, np, li) < this.threshold) return;
    const lm = this.Llm[idx]!;
    const wmul = this.Lwm[idx]!;
    const hc = this.Lh[idx]!;
    const cs = this.Ls[idx]!;
    const radix = this.leaves.radix;
    const word = this.word;
    const val = this.val;
    const next = idx + 1;
    const nextFree = next >= SIZE || this.Lt[next] === EMPTY;
    const np2 = np + 1;
    const nextMask = next < SIZE && np2 < this.rackTotal ? this.Lm[next]! : 0;
    const wm2 = wm * wmul;
    while (want !== 0) {
      const bit = want & -want;
      want ^= bit;
      const k = c + 1 + popcount32(all & (bit - 1));
      const n = kn[k]!;
      const t = n >>> TILE_SHIFT;
      if (rack[t]! > 0) {
        if (--rack[t]! === 0) this.lettersLeft &= ~bit;
        word[idx] = t;
        const v = val[t]! * lm;
        const m2 = main + v;
        const x2 = hc ? cross + (cs + v) * wmul : cross;
        const li2 = li - radix[t]!;
        if (!nextFree) this.goRight(next, k, m2, x2, wm2, np2, li2);
        else this.pastRightTile(next, n, nextMask, m2, x2, wm2, np2, li2);
        if (rack[t]!++ === 0) this.lettersLeft |= bit;
      }
      if (rack[0]! > 0) {
        rack[0]!--;
        word[idx] = t | BLANK_FLAG;
        const x2 = hc ? cross + cs * wmul : cross;
        const li2 = li - radix[0]!;
        if (!nextFree) this.goRight(next, k, main, x2, wm2, np2, li2);
        else this.pastRightTile(next, n, nextMask, main, x2, wm2, np2, li2);
        rack[0]!++;
      }
    }
  }

  // A rack tile from arc node n went on square next-1 and square `next` is empty (or the
  // edge): record the word if it ends there, and extend only when n's list holds a tile that
  // fits `nextMask` (the next square's cross-set, 0 when nothing more can be played).
  private pastRightTile(
    next: number,
    n: number,
    nextMask: number,
    main: number,
    cross: number,
    wm: number,
    np: number,
    li: number,
  ): void {
    if ((n & ACCEPTS_BIT) !== 0) this.record(this.leftEnd, next, main, cross, wm, np, li);
    const a = n & ARC_INDEX_MASK;
    const fits = nextMask & (this.rack[0]! > 0 ? this.allMask : this.lettersLeft);
    if (a !== 0 && (fits & this.kn[a]!) !== 0) this.extendRight(next, a, main, cross, wm, np, li);
  }

  private record(
    lo: number,
    hi: number,
    main: number,
    cross: number,
    wm: number,
    np: number,
    li: number,
  ): void {
    // A lone tile with horizontal neighbours was already kept by the across pass.
    if (np === 1 && this.lineDir === 1 && this.Lh[this.anchor] !== 0) return;
    const score = main * wm + cross + (np >= this.bingoTiles ? this.bingoBonus : 0);
    const equity = score + this.leaves.value[li]!;
    const out = this.out;
    const all = this.topN === 0;
    const i = all ? out.push() : this.slotFor(equity);
    if (i < 0) return;
    out.kind[i] = KIND_PLACE;
    out.dir[i] = this.lineDir;
    out.start[i] = this.lineDir === 0 ? this.lineNo * SIZE + lo : lo * SIZE + this.lineNo;
    out.len[i] = hi - lo;
    out.played[i] = np;
    out.score[i] = score;
    out.equity[i] = equity;
    // A tie with the worst kept move that comes after it on everything but the tiles is
    // dropped before its tiles are written (as in genNonPlace): openings with blanks tie by
    // the thousand.
    if (!all && i === out.count && out.compareHead(i, this.worstSlot) > 0) return;
    // `word` holds EMPTY on the squares played through (see loadLine).
    // Four tiles per store; the bytes copied past `hi` are never read.
    const t32 = out.tiles32;
    const wv = this.wordView;
    for (let k = lo, b = i * (TILE_STRIDE >> 2); k < hi; k += 4) t32[b++] = wv.getUint32(k, LITTLE);
    if (!all) this.settle(i);
  }

  // Where to write a move of this equity: a new slot while fewer than N are kept (or all
  // moves are wanted), the worst kept slot when it is better, a scratch slot when it ties the
  // worst (the total order of MoveList.compare decides in settle), or -1 when it is worse.
  private slotFor(equity: number): number {
    const out = this.out;
    if (this.topN === 0 || out.count < this.topN) return out.push();
    if (equity < this.threshold) return -1;
    return equity > this.threshold ? this.worstSlot : out.scratch();
  }

  // After a move was written into the slot slotFor gave: a tie replaces the worst kept move
  // only if it comes first in the total order; then the new worst is found.
  private settle(i: number): void {
    const out = this.out;
    if (this.topN === 0 || out.count < this.topN) return;
    if (i === out.count) {
      if (out.compare(i, this.worstSlot) >= 0) return;
      out.copyFrom(out, i, this.worstSlot);
    }
    let w = 0;
    for (let k = 1; k < out.count; k++) if (out.compare(k, w) > 0) w = k;
    this.worstSlot = w;
    this.threshold = out.equity[w]!;
  }

  // Exchanges (every distinct multiset of rack tiles, when the bag allows) and the pass.
  private genNonPlace(bagCount: number, exchangeMinBag: number): void {
    const lt = this.leaves;
    const maxExchange = bagCount >= exchangeMinBag ? Math.min(bagCount, lt.total) : 0;
    // With the N best already kept, none of these can enter when even the best leave they
    // could keep is below the N-th (without leaves: every one is worth 0, the placements more).
    if (this.topN > 0 && this.out.count >= this.topN) {
      let best = -Infinity;
      for (let n = 0; n <= maxExchange; n++)
        if (lt.maxByPlayed[n]! > best) best = lt.maxByPlayed[n]!;
      if (best < this.threshold) return;
    }
    const kinds = lt.kinds;
    const kc = lt.kindCounts;
    const nk = kinds.length;
    // Entry i of the leave table keeps `kept[k]` tiles of kinds[k], i counting in mixed radix
    // (leave.ts): the kept counts are stepped like an odometer alongside i, not divided out.
    const kept = this.keptCounts;
    kept.fill(0);
    // The exchanged tiles (rack − kept, in code order) are kept right-aligned, so stepping the
    // odometer at kind k drops one tile at the front of k's run and rewrites only the runs of
    // the kinds below it, back to full: about one tile a step on a rack of distinct tiles,
    // instead of the whole exchange.
    const ex = this.exTiles;
    const exStart = this.exStart;
    let front = EX_END;
    for (let k = nk - 1; k >= 0; k--) {
      front -= kc[k]!;
      exStart[k] = front;
      for (let x = front, t = kinds[k]!; x < front + kc[k]!; x++) ex[x] = t;
    }
    const out = this.out;
    for (let i = 0; i <= lt.full; i++) {
      if (i > 0) {
        for (let k = 0; ; k++) {
          if (kept[k]! < kc[k]!) {
            kept[k]!++;
            let at = ++exStart[k]!;
            for (let j = k - 1; j >= 0; j--) {
              at -= kc[j]!;
              exStart[j] = at;
              // A loop, not fill(): a builtin call costs more than the tile or two written.
              for (let x = at, t = kinds[j]!; x < at + kc[j]!; x++) ex[x] = t;
            }
            break;
          }
          kept[k] = 0;
        }
      }
      const n = lt.total - lt.size[i]!;
      if (n > maxExchange) continue;
      const equity = lt.value[i]!;
      const slot = this.slotFor(equity);
      if (slot < 0) continue;
      out.kind[slot] = n === 0 ? KIND_PASS : KIND_EXCHANGE;
      out.dir[slot] = 0;
      out.start[slot] = 0;
      out.len[slot] = n;
      out.played[slot] = 0;
      out.score[slot] = 0;
      out.equity[slot] = equity;
      // A tie with the worst kept move that loses on everything but the tiles is dropped
      // before its tiles are written: with no leaves, every exchange ties at equity 0.
      if (slot === out.count && out.compareHead(slot, this.worstSlot) > 0) continue;
      // Four tiles per store, as in record; the bytes copied past n are never read.
      const t32 = out.tiles32;
      const xv = this.exView;
      const from = nk > 0 ? exStart[0]! : EX_END;
      for (let o = 0, b = slot * (TILE_STRIDE >> 2); o < n; o += 4)
        t32[b++] = xv.getUint32(from + o, LITTLE);
      this.settle(slot);
    }
  }

  /**
   * Openings by the opening map (openingMap.ts). For all moves, every part of the rack with
   * 0…2 blanks is read. For the N best, each part gets a bound (its values on the centre row's
   * best premiums, the bingo bonus, the leave), and the parts are read best bound first until
   * no bound reaches the N-th best equity. The moves are the walk's: across, covering the
   * centre, every blank designation.
   */
  private genOpenings(map: OpeningMap): void {
    const rack = this.rack;
    const letters = this.rackLetters;
    const blanks = rack[0]!;
    const radix = this.leaves.radix;
    const row = (CENTER / SIZE) | 0;
    this.lineDir = 0;
    this.lineNo = row;
    this.anchor = CENTER % SIZE;
    // Every part of the rack's letters (counts per distinct letter, in mixed radix; the letters
    // ascend, so each part's tiles come out sorted), with each number of blanks.
    const kt = this.openingTiles;
    const counts = this.openingCounts;
    counts.fill(0);
    const bounds = this.partBound;
    let parts = 0;
    for (;;) {
      let n = 0;
      let li = this.leaves.full;
      for (let j = 0; j < letters.length; j++) {
        const t = letters[j]!;
        for (let c = 0; c < counts[j]!; c++) kt[n++] = t;
        li -= counts[j]! * radix[t]!;
      }
      const key = multisetKey(kt, n);
      for (let c = 0; c <= blanks; c++, li -= radix[0]!) {
        const len = n + c;
        if (len < 2 || len > MAX_OPENING) continue;
        // All moves read every part, in any order, and need no bounds.
        bounds[parts] =
          this.topN === 0 ? 0 : this.openingBound(kt, n, len) + this.leaves.value[li]!;
        this.partKey[parts] = key;
        this.partInfo[parts] = n | (c << 4) | (li << 8);
        parts++;
      }
      let j = 0;
      while (j < letters.length && counts[j] === rack[letters[j]!]) counts[j++] = 0;
      if (j === letters.length) break;
      counts[j]!++;
    }
    const part = this.openingTiles;
    const plus = this.openingPlus;
    let next = 0;
    for (;;) {
      // The part of highest bound left: a few are read before the bounds fall short.
      let p = -1;
      if (this.topN === 0) p = next < parts ? next++ : -1;
      else for (let i = 0; i < parts; i++) if (p < 0 || bounds[i]! > bounds[p]!) p = i;
      if (p < 0 || bounds[p] === -Infinity) break;
      // A bound equal to the threshold may still hold a tie that comes first in the order.
      if (this.out.count >= this.topN && bounds[p]! < this.threshold) break;
      bounds[p] = -Infinity;
      const key = this.partKey[p]!;
      const n = this.partInfo[p]! & 15;
      const c = (this.partInfo[p]! >>> 4) & 15;
      const li = this.partInfo[p]! >>> 8;
      if (c === 0) {
        this.openingWords(map, key, 0, 0, li);
        continue;
      }
      codesOf(key, n, part);
      // One blank: the letters it may stand for; two: every letter, for the first.
      const m1 = c === 1 ? map.blank1(key) : this.allMask;
      for (let mx = m1; mx !== 0; mx &= mx - 1) {
        const x = 31 - Math.clz32(mx & -mx);
        const kx = keyWith(part, n, x);
        if (c === 1) {
          this.openingWords(map, kx, x, 0, li);
          continue;
        }
        // The second blank's letters y ≥ x, added to the part with x.
        codesOf(kx, n + 1, plus);
        for (let my = map.blank1(kx) & ~((1 << x) - 1); my !== 0; my &= my - 1) {
          const y = 31 - Math.clz32(my & -my);
          this.openingWords(map, keyWith(plus, n + 1, y), x, y, li);
        }
      }
    }
  }

  // The opening parts: bound, multiset key, and tiles | blanks << 4 | leave index << 8.
  private readonly partBound = new Float64Array(3 << MAX_OPENING);
  private readonly partKey = new Float64Array(3 << MAX_OPENING);
  private readonly partInfo = new Int32Array(3 << MAX_OPENING);
  private readonly openingCounts = new Int8Array(64);
  private readonly openingTiles = new Uint8Array(MAX_OPENING + 1);
  private readonly openingPlus = new Uint8Array(MAX_OPENING + 1);
  private readonly openingBlank = new Uint8Array(MAX_OPENING);
  private readonly openingVals = new Int16Array(MAX_OPENING);

  // The most `len` tiles, n of them the letters kt (the rest blanks), can score across the
  // centre: their values, highest first, on the letter premiums of the best span
  // (`OPENING_SPANS`), times its word premium.
  private openingBound(kt: Uint8Array, n: number, len: number): number {
    const vals = this.openingVals;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = this.val[kt[i]!]!;
      sum += v;
      let j = i;
      for (; j > 0 && vals[j - 1]! < v; j--) vals[j] = vals[j - 1]!;
      vals[j] = v;
    }
    let best = 0;
    for (const span of OPENING_SPANS[len]!) {
      let s = sum;
      for (let i = 0; i < span.extra.length && i < n; i++) s += vals[i]! * span.extra[i]!;
      if (s * span.wm > best) best = s * span.wm;
    }
    return best + (len >= this.bingoTiles ? this.bingoBonus : 0);
  }

  // Records every opening of the words under key `k`, with blanks for one x and one y (0: none;
  // x = y: two of x), at every start covering the centre. For the N best, a start whose equity
  // is below the N-th is passed over before its tiles are written (the test of `slotFor`).
  private openingWords(map: OpeningMap, k: number, x: number, y: number, li: number): void {
    const blank = this.openingBlank;
    const vals = this.openingVals;
    const word = this.word;
    const leave = this.leaves.value[li]!;
    for (let w = map.firstWord(k); w < map.keys.length && map.keys[w] === k; w++) {
      const len = map.lens[w]!;
      const base = w * MAX_OPENING;
      const bingo = len >= this.bingoTiles ? this.bingoBonus : 0;
      const starts = OPENING_STARTS[len]!;
      // Each choice of the letters the blanks stand for: positions p (for x) and q (for y).
      for (let p = x === 0 ? -1 : 0; p < len; p++) {
        if (p >= 0 && map.tiles[base + p] !== x) continue;
        for (let q = y === 0 ? -1 : x === y ? p + 1 : 0; q < len; q++) {
          if (q >= 0 && (map.tiles[base + q] !== y || q === p)) continue;
          blank.fill(0);
          if (p >= 0) blank[p] = 1;
          if (q >= 0) blank[q] = 1;
          let sum = 0;
          for (let i = 0; i < len; i++) {
            vals[i] = blank[i] ? 0 : this.val[map.tiles[base + i]!]!;
            sum += vals[i]!;
          }
          for (const st of starts) {
            let main = sum;
            for (let j = 0; j < st.at.length; j++) main += vals[st.at[j]!]! * st.extra[j]!;
            if (
              this.topN !== 0 &&
              this.out.count >= this.topN &&
              main * st.wm + bingo + leave < this.threshold
            )
              continue;
            for (let i = 0; i < len; i++) {
              const t = map.tiles[base + i]!;
              word[st.s + i] = blank[i] ? t | BLANK_FLAG : t;
            }
            this.record(st.s, st.s + len, main, 0, st.wm, len, li);
          }
          if (y === 0) break;
        }
        if (x === 0) break;
      }
    }
  }

  // Best-N: bound every anchor, walk them best bound first, stop when none can beat the N-th.
  private genBest(): void {
    const bounds = this.bounds;
    bounds.forRack(this.rackTotal, this.rackMask);
    let na = 0;
    for (let d = 0; d < 2; d++) {
      for (let l = 0; l < SIZE; l++) {
        if (this.lineAnchors[d * SIZE + l] === 0) continue;
        this.loadLine(d, l);
        let prev = -1;
        let maxLoaded = false;
        for (let a = 0; a < SIZE; a++) {
          if (this.La[a] === 0) continue;
          if ((this.Lm[a]! & this.rackMask) !== 0) {
            if (!maxLoaded) {
              bounds.loadLine();
              maxLoaded = true;
            }
            const bound = bounds.shadow(a, prev + 1);
            if (bound > -Infinity) {
              this.aBound[na] = bound;
              this.aWhere[na++] = (d << 12) | (l << 8) | (a << 4) | (prev + 1);
            }
          }
          prev = a;
        }
      }
    }
    this.walkBound = this.rack[0]! > 0;
    // The leave bound: a move holding leave li ends with one of its parts.
    if (this.walkBound) this.leaves.fillWithin();
    // Anchors are taken best bound first from a heap: a few of them are usually walked before
    // the bounds fall short, so sorting all of them would be wasted.
    for (let j = (na >> 1) - 1; j >= 0; j--) this.siftDown(j, na);
    while (na > 0) {
      // A bound equal to the threshold may still hold a tie that comes first in the order.
      if (this.out.count >= this.topN && this.aBound[0]! < this.threshold) break;
      const w = this.aWhere[0]!;
      na--;
      this.aBound[0] = this.aBound[na]!;
      this.aWhere[0] = this.aWhere[na]!;
      this.siftDown(0, na);
      this.loadLine(w >>> 12, (w >>> 8) & 15);
      this.leftLimit = w & 15;
      this.genAnchor((w >>> 4) & 15);
    }
    this.walkBound = false;
  }

  // Restores the max-heap of anchor bounds below entry j, of n entries.
  private siftDown(j: number, n: number): void {
    const bound = this.aBound;
    const where = this.aWhere;
    const b = bound[j]!;
    const w = where[j]!;
    for (;;) {
      let c = 2 * j + 1;
      if (c >= n) break;
      if (c + 1 < n && bound[c + 1]! > bound[c]!) c++;
      if (bound[c]! <= b) break;
      bound[j] = bound[c]!;
      where[j] = where[c]!;
      j = c;
    }
    bound[j] = b;
    where[j] = w;
  }
}

/** Whether this process has run `warmUp` (see there). */
let warmed = false;

/**
 * Runs every path of the walk once, on a small position, before a generator meets real work.
 * V8 compiles the walk's recursive methods for the branches it has seen taken; the first blank
 * on a rack, the first bounded walk or the first bingo met after that throws the compiled code
 * away, and after a few such rounds V8 may leave a method interpreted for the rest of the
 * process (measured on the peer positions: all moves with two blanks 1.5–6× slower in some
 * runs, and every later position with it).
 */
function warmUp(kwg: Uint32Array, set: TileSet, scoring: ScoringRules): void {
  warmed = true;
  const gen = new MoveGenerator(kwg, set, scoring);
  // Openings through the walk: the map has its own counter of openings asked for.
  gen.useOpeningMap = false;
  const byCount = set.letters
    .map((l, i) => ({ code: i + 1, count: l.count }))
    .sort((a, b) => b.count - a.count || a.code - b.code);
  const rackOf = (letters: number, blanks: number): Uint8Array => {
    const rack = new Uint8Array(set.letters.length + 1);
    rack[0] = Math.min(blanks, set.blanks);
    for (let k = 0; k < letters && k < byCount.length; k++) rack[byCount[k]!.code]!++;
    return rack;
  };
  // Leaves worth a point a tile kept, so that bounds and leave lookups carry numbers.
  const leaves: LeaveModel = { leaveValue: (_counts, size) => size };
  const list = new MoveList();
  const full = rackOf(6, 1);
  const play = (i: number): void => {
    const placed = list.placedOf(i);
    gen.playPlaced(
      placed.map((p) => p.square),
      placed.map((p) => p.tile),
    );
  };
  gen.generate({ rack: rackOf(3, 1), top: 1, leaves }, list);
  if (list.count > 0 && list.kind[0] === KIND_PLACE) play(0);
  // A second word, down across the first, so that some placements run from an empty square
  // into a board tile on their right (extendRight into goRight); a board of one word, or of
  // two words side by side, never asks for that.
  gen.generate({ rack: rackOf(4, 0) }, list);
  let down = -1;
  for (let i = 0; i < list.count; i++) {
    if (list.kind[i] !== KIND_PLACE || list.dir[i] !== 1) continue;
    if (down < 0 || list.score[i]! > list.score[down]!) down = i;
  }
  if (down >= 0) play(down);
  gen.generate({ rack: rackOf(4, 0) }, list);
  gen.generate({ rack: rackOf(2, 1), leaves }, list);
  gen.generate({ rack: full, top: 1, leaves }, list);
  gen.generate({ rack: rackOf(7, 0), top: 3 }, list);
}
