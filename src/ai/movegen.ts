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
 * - **Anchors.** An anchor is an empty square next to a tile (the centre on an empty board).
 *   Every placement covers one; a placement is generated from the *leftmost* anchor it covers:
 *   walking left from an anchor never puts a tile on another anchor. So each placement is found
 *   once per direction; a single tile forming words both ways is kept only in the across pass
 *   (the down pass keeps single tiles with no horizontal neighbour). When board tiles touch the
 *   anchor on its right, the walk starts from the last of them and reads them first (the GADDAG
 *   holds every word reversed from any of its letters), so the tiles tried on the anchor must
 *   already fit in front of them, instead of failing only after the separator.
 * - **Arcs by bit mask.** Each sibling list's tiles are also a bit mask (`siblingTileMasks`):
 *   the walk intersects it with the square's cross-set and the rack, and jumps to each arc
 *   with a population count instead of scanning the list. Before extending into an empty
 *   square it checks that the child's list holds a tile that can go there, so dead ends cost
 *   no call.
 * - **Best-N.** Before walking, each anchor gets an upper bound on the equity of any move from
 *   it ("shadow"): for every span of squares the move could cover, the premiums and cross-word
 *   sums bound the score with the rack's values placed greedily on the best multipliers, plus
 *   the best leave for that many tiles played. Anchors are walked in decreasing bound order and
 *   the walk stops when no remaining bound beats the N-th best equity found.
 *
 * Everything lives in preallocated typed arrays; the walk allocates nothing.
 */
import { CENTER, LETTER_MULT, SIZE, SQUARES, WORD_MULT } from '../engine/board.js';
import { STANDARD_SCORING, type ScoringRules } from '../engine/placement.js';
import { BLANK_FLAG, EMPTY, type TileSet } from '../engine/tiles.js';
import { ACCEPTS_BIT, ARC_INDEX_MASK, TILE_SHIFT, popcount32 } from '../lexicon/kwg.js';
import { BingoIndex } from './bingo.js';
import { CrossSets } from './crossSets.js';
import { GADDAG_ROOT, interleavedMasks, seekArc } from './kwgArcs.js';
import { LeaveTable, type LeaveModel, NO_LEAVES } from './leave.js';
import { KIND_EXCHANGE, KIND_PASS, KIND_PLACE, MoveList, TILE_STRIDE } from './movelist.js';

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
}

/**
 * A move generator bound to one lexicon. It holds its own copy of the board and its
 * cross-sets; keep it in step with `setBoard` or `playPlaced`.
 */
export class MoveGenerator {
  /** The board as the generator sees it (do not write to it directly). */
  readonly board = new Uint8Array(SQUARES);
  private readonly nodes: Uint32Array;
  /** The graph's nodes interleaved with their sibling masks (`interleavedMasks`). */
  private readonly kn: Uint32Array;
  private readonly val = new Int16Array(256);
  private readonly allMask: number;
  private readonly bingoTiles: number;
  private readonly bingoBonus: number;
  private tilesOnBoard = 0;

  private readonly cross: CrossSets;
  // The cross-sets' arrays (crossSets.ts), index `d * 225 + square`.
  private readonly cmask: Int32Array;
  private readonly cscore: Int16Array;
  private readonly chas: Uint8Array;
  private readonly anchorSq = new Uint8Array(SQUARES);

  // The line being walked, in line order.
  private readonly Lt = new Uint8Array(SIZE);
  private readonly Lm = new Int32Array(SIZE);
  private readonly Ls = new Int16Array(SIZE);
  private readonly Lh = new Uint8Array(SIZE);
  private readonly Llm = new Uint8Array(SIZE);
  private readonly Lwm = new Uint8Array(SIZE);
  private readonly La = new Uint8Array(SIZE);
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
  private readonly word = new Uint8Array(SIZE);
  private out: MoveList = new MoveList();
  private topN = 0;
  private threshold = -Infinity;
  private worstSlot = 0;
  private bingoMask = -2;
  /** Letters (not blanks) still on the rack during the walk, as a bit mask. */
  private lettersLeft = 0;

  // Shadow scratch.
  private readonly rackVals = new Int16Array(32);
  private readonly rackLetters: number[] = [];
  private readonly sLm = new Int32Array(32);
  private readonly sWm = new Int32Array(32);
  private readonly sHc = new Int32Array(32);
  private readonly sMax = new Int32Array(32);
  private readonly coef = new Int32Array(32);
  // Bounded anchors, sorted by bound: direction, line, square and left limit packed in one int.
  private readonly aWhere = new Int32Array(2 * SQUARES);
  private readonly aBound = new Float64Array(2 * SQUARES);
  /** Anchors per row (0…14) and per column (15…29). */
  private readonly lineAnchors = new Uint8Array(2 * SIZE);

  // squareMax of each square of the loaded line, filled once per line in `genBest`.
  private readonly Lsm = new Int16Array(SIZE);

  constructor(
    kwg: Uint32Array,
    readonly set: TileSet,
    scoring: ScoringRules = STANDARD_SCORING,
  ) {
    this.nodes = kwg;
    this.kn = interleavedMasks(kwg);
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
    this.tilesOnBoard = 0;
    for (let sq = 0; sq < SQUARES; sq++) if (this.board[sq] !== EMPTY) this.tilesOnBoard++;
    this.cross.recomputeAll();
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
    this.rackLetters.length = 0;
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
    this.bingoMask = -2;

    if (!req.placementsOnly) this.genNonPlace(bagCount, req.exchangeMinBag ?? 1);
    if (this.rackTotal === 0) return out;
    this.computeAnchors();
    this.lineDir = -1;
    if (this.topN === 0) {
      for (let d = 0; d < 2; d++) for (let l = 0; l < SIZE; l++) this.genLine(d, l);
    } else {
      this.genBest();
    }
    return out;
  }

  private computeAnchors(): void {
    const board = this.board;
    const a = this.anchorSq;
    const count = this.lineAnchors;
    count.fill(0);
    if (this.tilesOnBoard === 0) {
      a.fill(0);
      a[CENTER] = 1;
      count[(CENTER / SIZE) | 0] = count[SIZE + (CENTER % SIZE)] = 1;
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

  private loadLine(d: number, l: number): void {
    if (this.lineDir === d && this.lineNo === l) return;
    this.lineDir = d;
    this.lineNo = l;
    const off = d * SQUARES;
    for (let i = 0; i < SIZE; i++) {
      const sq = d === 0 ? l * SIZE + i : i * SIZE + l;
      this.Lt[i] = this.board[sq]!;
      this.Lm[i] = this.cmask[off + sq]!;
      this.Ls[i] = this.cscore[off + sq]!;
      this.Lh[i] = this.chas[off + sq]!;
      this.Llm[i] = LETTER_MULT[sq]!;
      this.Lwm[i] = WORD_MULT[sq]!;
      this.La[i] = this.anchorSq[sq]!;
      this.word[i] = EMPTY;
    }
  }

  private genLine(d: number, l: number): void {
    if (this.lineAnchors[d * SIZE + l] === 0) return;
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
    const rightStart = this.rightStart;
    if (np > 0 && rightStart - idx >= 3 && (kn[p << 1]! & ACCEPTS_BIT) !== 0) {
      this.record(idx + 1, rightStart, main, cross, wm, np, li);
    }
    const c = kn[p << 1]! & ARC_INDEX_MASK;
    if (c === 0) return;
    const all = kn[(c << 1) | 1]!;
    // The separator, when present, is the list's first arc: the word may start here.
    if ((all & 1) !== 0 && np > 0) {
      this.leftEnd = idx + 1;
      this.goRight(rightStart, c, main, cross, wm, np, li);
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
      const k = c + popcount32(all & (bit - 1));
      const n = kn[k << 1]!;
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

  // Whether the walk can go on from arc node n to an empty square (or the edge) on the left:
  // the word may end here, or n's list holds the separator or a tile that fits `prevMask`.
  private leftLeads(n: number, canEnd: boolean, prevMask: number): boolean {
    if (canEnd && (n & ACCEPTS_BIT) !== 0) return true;
    const a = n & ARC_INDEX_MASK;
    if (a === 0) return false;
    const m = this.kn[(a << 1) | 1]!;
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
    if (idx > this.rightStart && (kn[p << 1]! & ACCEPTS_BIT) !== 0) {
      this.record(this.leftEnd, idx, main, cross, wm, np, li);
    }
    if (idx >= SIZE || np >= this.rackTotal) return;
    const c = kn[p << 1]! & ARC_INDEX_MASK;
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
    const all = kn[(c << 1) | 1]!;
    let want = this.Lm[idx]! & (rack[0]! > 0 ? this.allMask : this.lettersLeft) & all;
    if (want === 0) return;
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
      const k = c + popcount32(all & (bit - 1));
      const n = kn[k << 1]!;
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
    if (a !== 0 && (fits & this.kn[(a << 1) | 1]!) !== 0)
      this.extendRight(next, a, main, cross, wm, np, li);
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
    const i = this.slotFor(equity);
    if (i < 0) return;
    // `word` holds EMPTY on the squares played through (see loadLine).
    const tiles = out.tiles;
    const word = this.word;
    const base = i * TILE_STRIDE - lo;
    for (let k = lo; k < hi; k++) tiles[base + k] = word[k]!;
    out.kind[i] = KIND_PLACE;
    out.dir[i] = this.lineDir;
    out.start[i] = this.lineDir === 0 ? this.lineNo * SIZE + lo : lo * SIZE + this.lineNo;
    out.len[i] = hi - lo;
    out.played[i] = np;
    out.score[i] = score;
    out.equity[i] = equity;
    this.settle(i);
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
    for (let i = 0; i <= lt.full; i++) {
      const n = lt.total - lt.size[i]!;
      if (n > maxExchange) continue;
      const equity = lt.value[i]!;
      const out = this.out;
      const slot = this.slotFor(equity);
      if (slot < 0) continue;
      out.kind[slot] = n === 0 ? KIND_PASS : KIND_EXCHANGE;
      out.dir[slot] = 0;
      out.start[slot] = 0;
      out.len[slot] = n;
      out.played[slot] = 0;
      out.score[slot] = 0;
      out.equity[slot] = equity;
      // Decode the kept counts; exchanged = rack − kept, written in code order.
      let rest = i;
      let w = slot * TILE_STRIDE;
      for (let k = 0; k < lt.kinds.length; k++) {
        const base = lt.kindCounts[k]! + 1;
        const kept = rest % base;
        rest = (rest - kept) / base;
        for (let x = kept; x < lt.kindCounts[k]!; x++) out.tiles[w++] = lt.kinds[k]!;
      }
      this.settle(slot);
    }
  }

  // Best-N: bound every anchor, walk them best bound first, stop when none can beat the N-th.
  private genBest(): void {
    // Rack values, highest first, for the greedy bound.
    const rv = this.rackVals;
    let k = 0;
    for (let t = 0; t < 64; t++) {
      const v = t === 0 ? 0 : this.val[t]!;
      for (let c = this.rack[t]!; c > 0; c--) {
        let j = k++;
        for (; j > 0 && rv[j - 1]! < v; j--) rv[j] = rv[j - 1]!;
        rv[j] = v;
      }
    }
    // Rack letters by value, highest first, for squareMax.
    const rl = this.rackLetters;
    for (let i = 1; i < rl.length; i++) {
      const t = rl[i]!;
      let j = i;
      for (; j > 0 && this.val[rl[j - 1]!]! < this.val[t]!; j--) rl[j] = rl[j - 1]!;
      rl[j] = t;
    }
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
              for (let i = 0; i < SIZE; i++) this.Lsm[i] = this.squareMax(i);
              maxLoaded = true;
            }
            const bound = this.shadow(a, prev + 1);
            if (bound > -Infinity) {
              // Insertion into the list kept sorted by bound, highest first.
              let j = na++;
              for (; j > 0 && this.aBound[j - 1]! < bound; j--) {
                this.aBound[j] = this.aBound[j - 1]!;
                this.aWhere[j] = this.aWhere[j - 1]!;
              }
              this.aBound[j] = bound;
              this.aWhere[j] = (d << 12) | (l << 8) | (a << 4) | (prev + 1);
            }
          }
          prev = a;
        }
      }
    }
    for (let j = 0; j < na; j++) {
      // A bound equal to the threshold may still hold a tie that comes first in the order.
      if (this.out.count >= this.topN && this.aBound[j]! < this.threshold) break;
      const w = this.aWhere[j]!;
      this.loadLine(w >>> 12, (w >>> 8) & 15);
      this.leftLimit = w & 15;
      this.genAnchor((w >>> 4) & 15);
    }
  }

  // Largest value of a rack letter allowed on line square i; 0 if only a blank fits; -1 if none.
  private squareMax(i: number): number {
    const m = this.Lm[i]! & this.rackMask;
    if (m === 0) return -1;
    // rackLetters is sorted by value, highest first (genBest).
    const rl = this.rackLetters;
    for (let j = 0; j < rl.length; j++) {
      const t = rl[j]!;
      if (((m >>> t) & 1) !== 0) return this.val[t]!;
    }
    return 0;
  }

  // Upper bound on the equity of any move generated from anchor a of the loaded line.
  private shadow(a: number, leftLimit: number): number {
    const Lt = this.Lt;
    const n = this.rackTotal;
    const aMax = this.Lsm[a]!;
    if (aMax < 0) return -Infinity;
    let leftBoard = 0;
    let leftCount = 0;
    let leftLetter = 0;
    let lmax = 0;
    if (a > 0 && Lt[a - 1] !== EMPTY) {
      for (let j = a - 1; j >= 0 && Lt[j] !== EMPTY; j--) {
        leftBoard += this.val[Lt[j]!]!;
        leftCount++;
        leftLetter = Lt[j]! & ~BLANK_FLAG;
      }
    } else {
      for (let j = a - 1; j >= leftLimit && lmax + 1 < n; j--) {
        if (this.Lsm[j]! < 0) break;
        lmax++;
      }
    }
    let best = -Infinity;
    for (let l = 0; l <= lmax; l++) {
      // Placed squares a-l … a.
      this.spanClear();
      for (let j = a - l; j <= a; j++) this.spanPush(j);
      let cnt = l + 1;
      let boardSum = l === 0 ? leftBoard : 0;
      let boardCount = l === 0 ? leftCount : 0;
      let boardLetter = l === 0 ? leftLetter : 0;
      let j = a + 1;
      for (;;) {
        if (j < SIZE && Lt[j] !== EMPTY) {
          boardSum += this.val[Lt[j]!]!;
          boardCount++;
          boardLetter = Lt[j]! & ~BLANK_FLAG;
          j++;
          continue;
        }
        const b = this.spanBound(boardSum, this.bingoPossible(cnt, boardCount, boardLetter));
        if (b > best) best = b;
        if (j >= SIZE || cnt >= n || this.Lsm[j]! < 0) break;
        this.spanPush(j);
        cnt++;
        j++;
      }
    }
    return best;
  }

  // The span being bounded: `spanN` squares with their premiums, the product of their word
  // multipliers, the per-tile coefficients (what a point of face value placed there is worth,
  // main word and cross word together) sorted highest first, the sum of coefficient times the
  // best rack letter fitting each square, and the fixed cross-word points.
  private spanN = 0;
  private spanW = 1;
  private spanPerSquare = 0;
  private spanCross = 0;

  private spanClear(): void {
    this.spanN = 0;
    this.spanW = 1;
    this.spanPerSquare = 0;
    this.spanCross = 0;
  }

  // Adds line square i to the span. Only a word multiplier changes the other squares'
  // coefficients; otherwise the new one is inserted into the sorted list.
  private spanPush(i: number): void {
    const k = this.spanN++;
    const lm = this.Llm[i]!;
    const wm = this.Lwm[i]!;
    const hc = this.Lh[i]!;
    this.sLm[k] = lm;
    this.sWm[k] = wm;
    this.sHc[k] = hc;
    this.sMax[k] = this.Lsm[i]!;
    if (hc) this.spanCross += this.Ls[i]! * wm;
    const coef = this.coef;
    if (wm === 1) {
      const cf = lm * (this.spanW + hc);
      this.spanPerSquare += cf * this.sMax[k]!;
      let j = k;
      for (; j > 0 && coef[j - 1]! < cf; j--) coef[j] = coef[j - 1]!;
      coef[j] = cf;
      return;
    }
    const W = (this.spanW *= wm);
    let perSquare = 0;
    for (let q = 0; q <= k; q++) {
      const cf = this.sLm[q]! * (W + (this.sHc[q] ? this.sWm[q]! : 0));
      perSquare += cf * this.sMax[q]!;
      let j = q;
      for (; j > 0 && coef[j - 1]! < cf; j--) coef[j] = coef[j - 1]!;
      coef[j] = cf;
    }
    this.spanPerSquare = perSquare;
  }

  // Whether a span placing `cnt` tiles through `boardCount` tiles could earn the bingo bonus.
  private bingoPossible(cnt: number, boardCount: number, boardLetter: number): boolean {
    if (cnt < this.bingoTiles) return false;
    // The index knows racks of exactly bingoTiles tiles played whole, through at most one
    // board tile; anything else (a 9-tile rack in V-01, longer words) may always bingo.
    if (this.rackTotal !== cnt || cnt !== this.bingoTiles || boardCount >= 2) return true;
    if (this.bingoMask === -2)
      this.bingoMask = BingoIndex.of(this.nodes, this.bingoTiles).forRack(
        this.rack,
        this.set.letters.length,
      );
    return boardCount === 0
      ? (this.bingoMask & 1) !== 0
      : ((this.bingoMask >>> boardLetter) & 1) !== 0;
  }

  // Upper bound on the equity of the current span holding `boardSum` points of board tiles.
  private spanBound(boardSum: number, bingo: boolean): number {
    const cnt = this.spanN;
    const coef = this.coef;
    const rv = this.rackVals;
    // Best rack values on the best coefficients (rearrangement), or each square's best letter.
    let greedy = 0;
    for (let k = 0; k < cnt; k++) greedy += coef[k]! * rv[k]!;
    const perSquare = this.spanPerSquare;
    const tilesPart = greedy < perSquare ? greedy : perSquare;
    const score =
      boardSum * this.spanW + this.spanCross + tilesPart + (bingo ? this.bingoBonus : 0);
    return score + this.leaves.maxByPlayed[cnt]!;
  }
}
