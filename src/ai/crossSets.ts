/**
 * Cross-sets (see movegen.ts): for every empty square and each direction of play, a bit mask
 * of the letters that make a valid word with the tiles above/below (for across plays) or
 * left/right (for down plays), the face-value sum of those tiles, and whether there are any.
 * They are kept up to date incrementally: a play only changes the squares at the ends of the
 * runs it touches.
 */
import { SIZE, SQUARES } from '../engine/board.js';
import { BLANK_FLAG, EMPTY } from '../engine/tiles.js';
import { ACCEPTS_BIT, ARC_INDEX_MASK, IS_END_BIT, TILE_SHIFT } from '../lexicon/kwg.js';
import { DAWG_ROOT, GADDAG_ROOT, SEP, seekArc } from './kwgArcs.js';

/** The cross-sets of one board, read and written in place by its move generator. */
export class CrossSets {
  // Index `d * 225 + square`; d = 0 for across plays (vertical neighbours).
  /** Letters allowed on the square (bit t for tile t), every letter when unconstrained. */
  readonly mask = new Int32Array(2 * SQUARES);
  /** Face value of the perpendicular tiles the square joins. */
  readonly score = new Int16Array(2 * SQUARES);
  /** 1 when the square has perpendicular tiles, so a tile there forms a cross word. */
  readonly has = new Uint8Array(2 * SQUARES);
  private readonly pre = new Uint8Array(SIZE);
  private readonly suf = new Uint8Array(SIZE);

  /**
   * Cross-sets over `board` (shared with the generator, which writes the tiles), walked in the
   * listed graph `kn` (`listedArcs`); `val` gives each tile's face value and `allMask` every
   * letter.
   */
  constructor(
    private readonly board: Uint8Array,
    private readonly kn: Uint32Array,
    private readonly val: Int16Array,
    private readonly allMask: number,
  ) {
    this.mask.fill(allMask);
  }

  /**
   * Recomputes every square's cross-sets from the board; returns the number of tiles on it,
   * counted on the same pass.
   */
  recomputeAll(): number {
    this.mask.fill(this.allMask);
    this.score.fill(0);
    this.has.fill(0);
    let tiles = 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      if (this.board[sq] !== EMPTY) {
        tiles++;
        continue;
      }
      this.compute(0, sq);
      this.compute(1, sq);
    }
    return tiles;
  }

  /**
   * Updates the cross-sets after tiles were put on `squares`: the empty squares at both ends
   * of every run through a new tile.
   */
  placed(squares: ArrayLike<number>): void {
    for (let k = 0; k < squares.length; k++) {
      const s = squares[k]!;
      this.has[s] = this.has[SQUARES + s] = 0;
    }
    const board = this.board;
    for (let k = 0; k < squares.length; k++) {
      const s = squares[k]!;
      const r = (s / SIZE) | 0;
      const c = s - r * SIZE;
      // Vertical run through s: its end squares constrain across plays (d = 0).
      let u = r;
      while (u > 0 && board[(u - 1) * SIZE + c] !== EMPTY) u--;
      if (u > 0) this.compute(0, (u - 1) * SIZE + c);
      let w = r;
      while (w < SIZE - 1 && board[(w + 1) * SIZE + c] !== EMPTY) w++;
      if (w < SIZE - 1) this.compute(0, (w + 1) * SIZE + c);
      // Horizontal run through s: its end squares constrain down plays (d = 1).
      let a = c;
      while (a > 0 && board[r * SIZE + a - 1] !== EMPTY) a--;
      if (a > 0) this.compute(1, r * SIZE + a - 1);
      let b = c;
      while (b < SIZE - 1 && board[r * SIZE + b + 1] !== EMPTY) b++;
      if (b < SIZE - 1) this.compute(1, r * SIZE + b + 1);
    }
  }

  // Cross-set of an empty square for plays in direction d, from its perpendicular neighbours.
  private compute(d: number, sq: number): void {
    const i = d * SQUARES + sq;
    const board = this.board;
    if (board[sq] !== EMPTY) return;
    const r = (sq / SIZE) | 0;
    const c = sq - r * SIZE;
    const step = d === 0 ? SIZE : 1;
    const pos = d === 0 ? r : c;
    let np = 0;
    let ns = 0;
    let score = 0;
    for (let k = pos - 1, s = sq - step; k >= 0 && board[s] !== EMPTY; k--, s -= step) {
      this.pre[np++] = board[s]! & ~BLANK_FLAG;
      score += this.val[board[s]!]!;
    }
    for (let k = pos + 1, s = sq + step; k < SIZE && board[s] !== EMPTY; k++, s += step) {
      this.suf[ns++] = board[s]! & ~BLANK_FLAG;
      score += this.val[board[s]!]!;
    }
    if (np === 0 && ns === 0) {
      this.mask[i] = this.allMask;
      this.score[i] = 0;
      this.has[i] = 0;
      return;
    }
    this.score[i] = score;
    this.has[i] = 1;
    const kn = this.kn;
    let mask = 0;
    // Walk the shorter side after the unknown letter: GADDAG (suffix reversed, letter, prefix
    // reversed) when the prefix is shorter, DAWG (prefix, letter, suffix) otherwise.
    const viaGaddag = np <= ns;
    let p = viaGaddag ? GADDAG_ROOT : DAWG_ROOT;
    if (viaGaddag) {
      for (let j = ns - 1; j >= 0 && p >= 0; j--) p = seekArc(kn, p, this.suf[j]!);
    } else {
      for (let j = np - 1; j >= 0 && p >= 0; j--) p = seekArc(kn, p, this.pre[j]!);
    }
    if (p >= 0) {
      let x = kn[p]! & ARC_INDEX_MASK;
      if (x !== 0) {
        for (x++; ; x++) {
          const n = kn[x]!;
          const t = n >>> TILE_SHIFT;
          if (t !== SEP) {
            let q = x;
            if (viaGaddag) for (let j = 0; j < np && q >= 0; j++) q = seekArc(kn, q, this.pre[j]!);
            else for (let j = 0; j < ns && q >= 0; j++) q = seekArc(kn, q, this.suf[j]!);
            if (q >= 0 && (kn[q]! & ACCEPTS_BIT) !== 0) mask |= 1 << t;
          }
          if ((n & IS_END_BIT) !== 0) break;
        }
      }
    }
    this.mask[i] = mask & this.allMask;
  }
}

/**
 * Marks in `mark` (225 entries, set to 1) the empty squares at both ends of the horizontal and
 * the vertical run through each of the first `n` squares of `squares`, on a board that holds
 * their tiles, and appends to `ends` each square it marks that was not marked yet: the squares
 * whose cross-sets those tiles change (`CrossSets.placed`). A placement involves one of the new
 * tiles exactly when it covers one of these squares, so a search that knew the moves before the
 * tiles regenerates only those (`GenRequest.only` takes `ends`; the mask tells a kept move).
 */
export function markRunEnds(
  board: ArrayLike<number>,
  squares: ArrayLike<number>,
  n: number,
  mark: Uint8Array,
  ends: number[],
): void {
  for (let k = 0; k < n; k++) {
    const s = squares[k]!;
    const r = (s / SIZE) | 0;
    const c = s - r * SIZE;
    let u = r;
    while (u > 0 && board[(u - 1) * SIZE + c] !== EMPTY) u--;
    if (u > 0) markEnd((u - 1) * SIZE + c, mark, ends);
    let w = r;
    while (w < SIZE - 1 && board[(w + 1) * SIZE + c] !== EMPTY) w++;
    if (w < SIZE - 1) markEnd((w + 1) * SIZE + c, mark, ends);
    let a = c;
    while (a > 0 && board[r * SIZE + a - 1] !== EMPTY) a--;
    if (a > 0) markEnd(r * SIZE + a - 1, mark, ends);
    let b = c;
    while (b < SIZE - 1 && board[r * SIZE + b + 1] !== EMPTY) b++;
    if (b < SIZE - 1) markEnd(r * SIZE + b + 1, mark, ends);
  }
}

function markEnd(sq: number, mark: Uint8Array, ends: number[]): void {
  if (mark[sq] === 0) {
    mark[sq] = 1;
    ends.push(sq);
  }
}
