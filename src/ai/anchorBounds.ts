/**
 * Best-N anchor bounds (see movegen.ts, "Best-N"): before walking, each anchor gets an upper
 * bound on the equity of any move from it ("shadow"). For every span of squares the move could
 * cover, the premiums and cross-word sums bound the score with the rack's values placed
 * greedily on the best multipliers, plus the best leave for that many tiles played.
 */
import { SIZE } from '../engine/board.js';
import type { ScoringRules } from '../engine/placement.js';
import { BLANK_FLAG, EMPTY, type TileSet } from '../engine/tiles.js';
import { bingoMask } from './bingo.js';
import type { LeaveTable } from './leave.js';

/** The line the generator has loaded, in line order (arrays it owns and refills). */
export interface LoadedLine {
  /** Tiles, EMPTY where none. */
  readonly tiles: Uint8Array;
  /** Cross-set masks. */
  readonly mask: Int32Array;
  /** Cross-word face values. */
  readonly score: Int16Array;
  /** 1 where a tile forms a cross word. */
  readonly has: Uint8Array;
  readonly letterMult: Uint8Array;
  readonly wordMult: Uint8Array;
}

/** The anchor bounds of one move generator, reading its loaded line and rack in place. */
export class AnchorBounds {
  private Lt!: Uint8Array;
  private Lm!: Int32Array;
  private Ls!: Int16Array;
  private Lh!: Uint8Array;
  private Llm!: Uint8Array;
  private Lwm!: Uint8Array;
  // squareMax of each square of the loaded line, filled once per line by `loadLine`.
  private readonly Lsm = new Int16Array(SIZE);
  private readonly bingoTiles: number;
  private readonly bingoBonus: number;
  private rackTotal = 0;
  private rackMask = 0;
  private bingoMask = -2;
  private readonly rackVals = new Int16Array(32);
  private readonly coef = new Int32Array(32);

  // The walked anchor's reach (`prepareWalk`), by tiles placed on each side: after k of them,
  // the main word's face value they and the board tiles they reach add (`*S`), the product of
  // their word premiums (`*W`) and their cross words' points (`*C`).
  readonly walkLS = new Int32Array(16);
  readonly walkLW = new Int32Array(16);
  readonly walkLC = new Int32Array(16);
  readonly walkRS = new Int32Array(16);
  readonly walkRW = new Int32Array(16);
  readonly walkRC = new Int32Array(16);
  /** How many tiles each side can take at most. */
  walkLK = 0;
  walkRK = 0;
  /** Per line square right of the anchor: the tiles placed right of the anchor before it. */
  readonly walkRAt = new Int8Array(SIZE + 1);
  /** Whether a move from the walked anchor may earn the bingo bonus. */
  walkBingo = false;

  /**
   * Bounds over the generator's loaded `line`, tile values `val`, rack counts `rack` and its
   * letters `rackLetters` (sorted here by value), with its leave table, graph and tile set.
   */
  constructor(
    line: LoadedLine,
    private readonly val: Int16Array,
    private readonly rack: Uint8Array,
    private readonly rackLetters: number[],
    private readonly leaves: LeaveTable,
    private readonly nodes: Uint32Array,
    private readonly set: TileSet,
    scoring: ScoringRules,
  ) {
    this.useLine(line);
    this.bingoTiles = scoring.bingoTiles;
    this.bingoBonus = scoring.bingoBonus;
  }

  /**
   * Whether the best leave never drops as more tiles are played (no leaves at all, or the
   * end-of-game adjustment): then a span's bound only grows as the span does, and only the
   * longest span from each left end needs bounding.
   */
  private growing = false;

  /** Prepares for the rack just loaded: `rackTotal` tiles, `rackMask` the letters it can place. */
  forRack(rackTotal: number, rackMask: number): void {
    this.rackTotal = rackTotal;
    this.rackMask = rackMask;
    this.bingoMask = -2;
    const best = this.leaves.maxByPlayed;
    this.growing = true;
    for (let c = 1; c < rackTotal; c++) if (best[c]! > best[c + 1]!) this.growing = false;
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
  }

  /** Reads the generator's line from these arrays from now on (its view of the line loaded). */
  useLine(line: LoadedLine): void {
    this.Lt = line.tiles;
    this.Lm = line.mask;
    this.Ls = line.score;
    this.Lh = line.has;
    this.Llm = line.letterMult;
    this.Lwm = line.wordMult;
  }

  /** Fills the best rack value of each square of the newly loaded line. */
  loadLine(): void {
    for (let i = 0; i < SIZE; i++) this.Lsm[i] = this.squareMax(i);
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

  /** Upper bound on the equity of any move generated from anchor a of the loaded line. */
  shadow(a: number, leftLimit: number): number {
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
    return this.spans(a, lmax, leftBoard, leftCount, leftLetter);
  }

  /**
   * The bound of anchor a's spans: left ends a-l for l ≤ lmax, and rightwards as many tiles as
   * the rack has left, up to a square no rack tile fits or the edge. With bounds that only grow
   * with the span (`growing`), only each left end's longest span counts; else every span that
   * ends before an empty square, since a shorter one may keep a better leave.
   */
  private spans(
    a: number,
    lmax: number,
    leftBoard: number,
    leftCount: number,
    leftLetter: number,
  ): number {
    const Lt = this.Lt;
    const Lsm = this.Lsm;
    const Llm = this.Llm;
    const Lwm = this.Lwm;
    const Lh = this.Lh;
    const Ls = this.Ls;
    const val = this.val;
    const n = this.rackTotal;
    // A span is the squares a-l … a and the first r empty squares right of a's right-hand run
    // (with the board tiles up to the next empty square): its word premium, cross points and
    // per-square value come from prefix sums over each side. Per square i, Σ Llm·Lsm and
    // Σ Llm·Lh·Lwm·Lsm, since its value's coefficient is Llm·(W + Lh·Lwm).
    const rW = this.rW;
    const rX = this.rX;
    const rA = this.rA;
    const rB = this.rB;
    const rS = this.rS;
    const rC = this.rC;
    const rL = this.rL;
    let j = a + 1;
    let s = 0;
    let c = 0;
    let letter = 0;
    while (j < SIZE && Lt[j] !== EMPTY) {
      s += val[Lt[j]!]!;
      c++;
      letter = Lt[j]! & ~BLANK_FLAG;
      j++;
    }
    rW[0] = 1;
    rX[0] = 0;
    rA[0] = 0;
    rB[0] = 0;
    rS[0] = s;
    rC[0] = c;
    rL[0] = letter;
    let kr = 0;
    while (kr < n - 1 && j < SIZE && Lsm[j]! >= 0) {
      const v = Llm[j]! * Lsm[j]!;
      this.rSq[kr] = j;
      kr++;
      rW[kr] = rW[kr - 1]! * Lwm[j]!;
      rX[kr] = rX[kr - 1]! + (Lh[j] ? Ls[j]! * Lwm[j]! : 0);
      rA[kr] = rA[kr - 1]! + v;
      rB[kr] = rB[kr - 1]! + (Lh[j] ? v * Lwm[j]! : 0);
      j++;
      while (j < SIZE && Lt[j] !== EMPTY) {
        s += val[Lt[j]!]!;
        c++;
        letter = Lt[j]! & ~BLANK_FLAG;
        j++;
      }
      rS[kr] = s;
      rC[kr] = c;
      rL[kr] = letter;
    }
    let best = -Infinity;
    let lW = 1;
    let lX = 0;
    let lA = 0;
    let lB = 0;
    for (let l = 0; l <= lmax; l++) {
      const i = a - l;
      const v = Llm[i]! * Lsm[i]!;
      lW *= Lwm[i]!;
      if (Lh[i]) {
        lX += Ls[i]! * Lwm[i]!;
        lB += v * Lwm[i]!;
      }
      lA += v;
      const most = n - l - 1 < kr ? n - l - 1 : kr;
      // With growing bounds the longest span bounds the shorter ones, unless no word fits it:
      // then the next longest does.
      let from = this.growing ? most : 0;
      if (from > 0) {
        const count = this.boardCount(l, most, leftCount);
        if (this.unspellable(l + 1 + most, count, this.boardLetter(most, leftLetter))) from--;
      }
      // The span's coefficients, sorted, follow it as it grows rightwards: one more square is
      // one insertion, unless its word premium changes them all.
      let sortedW = -1;
      for (let r = from; r <= most; r++) {
        const cnt = l + 1 + r;
        const W = lW * rW[r]!;
        if (W !== sortedW) {
          this.sortCoefs(a - l, a, r, W);
          sortedW = W;
        } else this.insertCoef(this.rSq[r - 1]!, cnt - 1, W);
        const perSquare = W * (lA + rA[r]!) + lB + rB[r]!;
        const boardSum = rS[r]! + (l === 0 ? leftBoard : 0);
        const boardCount = this.boardCount(l, r, leftCount);
        const boardLetter = this.boardLetter(r, leftLetter);
        if (this.unspellable(cnt, boardCount, boardLetter)) continue;
        const bingo = this.bingoPossible(cnt, boardCount, boardLetter) ? this.bingoBonus : 0;
        // The points in whole numbers first, the leave (a fraction) last, as a move's equity
        // adds them: the bound of a span equal to a move is then that move's equity exactly.
        const fixed = boardSum * W + lX + rX[r]! + bingo;
        const leave = this.leaves.maxByPlayed[cnt]!;
        // The tiles are worth at most each square's best letter; only a span that could still
        // beat the anchor's best so far needs the sharper greedy value.
        if (fixed + perSquare + leave <= best) continue;
        const greedy = this.greedyValue(cnt);
        const b = fixed + (greedy < perSquare ? greedy : perSquare) + leave;
        if (b > best) best = b;
      }
    }
    return best;
  }

  // Right of the anchor being bounded by `spans`, after k of its empty squares: the
  // product of their word premiums, their cross points, Σ Llm·Lsm, Σ Llm·Lh·Lwm·Lsm, and the
  // board tiles' sum, count and last letter up to the next empty square; and the squares.
  private readonly rW = new Int32Array(16);
  private readonly rX = new Int32Array(16);
  private readonly rA = new Int32Array(16);
  private readonly rB = new Int32Array(16);
  private readonly rS = new Int32Array(16);
  private readonly rC = new Int32Array(16);
  private readonly rL = new Int32Array(16);
  private readonly rSq = new Int32Array(16);

  // The coefficients of the span of squares lo … hi and the first r of `rSq`, under word
  // premium W, into `coef`, highest first: each square's value counts Llm·W in the main word
  // and Llm·Lwm more in its cross word.
  private sortCoefs(lo: number, hi: number, r: number, W: number): void {
    let cnt = 0;
    for (let k = -(hi - lo + 1); k < r; k++) {
      this.insertCoef(k < 0 ? hi + 1 + k : this.rSq[k]!, cnt++, W);
    }
  }

  // Inserts square i's coefficient into the cnt sorted ones of `coef`.
  private insertCoef(i: number, cnt: number, W: number): void {
    const coef = this.coef;
    const cf = this.Llm[i]! * (W + (this.Lh[i] ? this.Lwm[i]! : 0));
    let q = cnt;
    for (; q > 0 && coef[q - 1]! < cf; q--) coef[q] = coef[q - 1]!;
    coef[q] = cf;
  }

  // The rack's values, highest first, on the span's cnt coefficients, highest first
  // (rearrangement): the most its tiles can be worth there.
  private greedyValue(cnt: number): number {
    const coef = this.coef;
    const rv = this.rackVals;
    let greedy = 0;
    for (let k = 0; k < cnt; k++) greedy += coef[k]! * rv[k]!;
    return greedy;
  }

  /**
   * Prepares the bounds the walk of anchor a checks as it goes (movegen's `walkBound`): for
   * each number of tiles the move may still place on each side, what they could add at most,
   * with each square's best rack letter. A move covers the anchor and squares no further left
   * than `leftLimit`, and rightwards from `rightStart` (the first empty square past the
   * anchor's right-hand run of board tiles); it stops at a square no rack tile fits. Every
   * extra square only adds, so the reach with all the tiles left bounds every move.
   */
  prepareWalk(a: number, leftLimit: number, rightStart: number): void {
    this.reachCount = 0;
    this.reachLetter = 0;
    for (let j = a + 1; j < rightStart; j++) this.reachTile(this.Lt[j]!);
    this.walkLK = this.reach(a, -1, leftLimit, this.walkLS, this.walkLW, this.walkLC, null);
    const k = this.reach(rightStart, 1, 0, this.walkRS, this.walkRW, this.walkRC, this.walkRAt);
    this.walkRK = k;
    // A move may leave out the board tiles in reach that are not next to the anchor: with one in
    // reach, it may go through none.
    const most = Math.min(this.rackTotal, this.walkLK + k);
    const count = this.reachCount;
    this.walkBingo =
      this.bingoPossible(most, count, this.reachLetter) ||
      (count === 1 && this.bingoPossible(most, 0, 0));
  }

  // Board tiles in the walked anchor's reach (`prepareWalk`): how many, and the last one's letter.
  private reachCount = 0;
  private reachLetter = 0;

  private reachTile(t: number): void {
    this.reachCount++;
    this.reachLetter = t & ~BLANK_FLAG;
  }

  /**
   * One side of `prepareWalk`: from square `from` in steps of `step`, the rack's tiles on the
   * empty squares at or past `lo` (leftwards) where one fits, with the board tiles between;
   * fills the side's arrays (and `at`, the tiles placed before each square) and returns how
   * many tiles the side can take.
   */
  private reach(
    from: number,
    step: number,
    lo: number,
    S: Int32Array,
    W: Int32Array,
    C: Int32Array,
    at: Int8Array | null,
  ): number {
    const Lt = this.Lt;
    let k = 0;
    let s = 0;
    let w = 1;
    let c = 0;
    S[0] = 0;
    W[0] = 1;
    C[0] = 0;
    for (let j = from; j >= 0 && j < SIZE; j += step) {
      if (at) at[j] = k;
      const t = Lt[j]!;
      if (t !== EMPTY) {
        s += this.val[t]!;
        this.reachTile(t);
        S[k] = s;
        continue;
      }
      if (k >= this.rackTotal || j < lo) break;
      const m = this.squareMax(j);
      if (m < 0) break;
      k++;
      s += m * this.Llm[j]!;
      w *= this.Lwm[j]!;
      if (this.Lh[j]) c += (this.Ls[j]! + m * this.Llm[j]!) * this.Lwm[j]!;
      S[k] = s;
      W[k] = w;
      C[k] = c;
    }
    return k;
  }

  // The board tiles in the main word of the span of `spans` with l tiles left of the anchor
  // and r right of it (`leftCount` of them just left of the anchor), and the last one's letter.
  private boardCount(l: number, r: number, leftCount: number): number {
    return this.rC[r]! + (l === 0 ? leftCount : 0);
  }

  private boardLetter(r: number, leftLetter: number): number {
    return this.rC[r]! > 0 ? this.rL[r]! : leftLetter;
  }

  /**
   * Whether a span placing `cnt` tiles through `boardCount` tiles can hold no word at all: it
   * places the whole rack (as many tiles as a bingo) through at most one board tile, and the
   * bingo index says those letters spell nothing. (Its bound would otherwise count the rack's
   * best values on the span's best squares, the dearest span of most anchors.)
   */
  private unspellable(cnt: number, boardCount: number, boardLetter: number): boolean {
    return cnt === this.bingoTiles && !this.bingoPossible(cnt, boardCount, boardLetter);
  }

  // Whether a span placing `cnt` tiles through `boardCount` tiles could earn the bingo bonus.
  private bingoPossible(cnt: number, boardCount: number, boardLetter: number): boolean {
    if (cnt < this.bingoTiles) return false;
    // The index knows racks of exactly bingoTiles tiles played whole, through at most one
    // board tile; anything else (a 9-tile rack in V-01, longer words) may always bingo.
    if (this.rackTotal !== cnt || cnt !== this.bingoTiles || boardCount >= 2) return true;
    if (this.bingoMask === -2)
      this.bingoMask = bingoMask(this.nodes, this.rack, this.set.letters.length, this.bingoTiles);
    return boardCount === 0
      ? (this.bingoMask & 1) !== 0
      : ((this.bingoMask >>> boardLetter) & 1) !== 0;
  }
}
