/**
 * Placements of one or two tiles read straight off the board, for the endgame solver's
 * shortcuts when a rack holds one or two tiles: their scores (words not checked, so an upper
 * bound on any real placement there) and whether a lone tile makes words (read in the graph).
 * No move generation and no cross-sets: the solver's board changes at every node.
 */
import { LETTER_MULT, SIZE, SQUARES, WORD_MULT } from '../../engine/board.js';
import { BLANK_FLAG, EMPTY } from '../../engine/tiles.js';
import { ACCEPTS_BIT } from '../../lexicon/kwg.js';
import { DAWG_ROOT, PAIR_FIRST, PAIR_LAST, seekArc } from '../kwgArcs.js';
import { KIND_PLACE, type MoveList, TILE_STRIDE } from '../movelist.js';

/** Per direction (0 across, 1 down) and square, the first and the last square of its line. */
const FIRST = new Uint8Array(2 * SQUARES);
const LAST = new Uint8Array(2 * SQUARES);
for (let q = 0; q < SQUARES; q++) {
  const col = q % SIZE;
  FIRST[q] = q - col;
  LAST[q] = q - col + SIZE - 1;
  FIRST[SQUARES + q] = col;
  LAST[SQUARES + q] = col + SQUARES - SIZE;
}

function lineFirst(q: number, d: number): number {
  return FIRST[d * SQUARES + q]!;
}

function lineLast(q: number, d: number): number {
  return LAST[d * SQUARES + q]!;
}

/** The first square of the run of tiles through q in direction d (q counted as a tile). */
function runFirst(board: Uint8Array, q: number, d: number): number {
  const step = d === 0 ? 1 : SIZE;
  const first = lineFirst(q, d);
  let a = q;
  while (a > first && board[a - step] !== EMPTY) a -= step;
  return a;
}

/** The last square of the run of tiles through q in direction d (q counted as a tile). */
function runLast(board: Uint8Array, q: number, d: number): number {
  const step = d === 0 ? 1 : SIZE;
  const last = lineLast(q, d);
  let b = q;
  while (b < last && board[b + step] !== EMPTY) b += step;
  return b;
}

/**
 * The points of the word through empty square q in direction d (0 across, 1 down) when a tile
 * worth tv goes there: the run of board tiles it joins plus the tile on its letter premium,
 * times the square's word premium; 0 when it joins none (no word that way).
 */
export function lineScore(
  board: Uint8Array,
  val: Int16Array,
  q: number,
  d: number,
  tv: number,
): number {
  const sum = runSum(board, val, q, d);
  return sum < 0 ? 0 : (sum + tv * LETTER_MULT[q]!) * WORD_MULT[q]!;
}

/** The score of a tile worth tv placed alone on empty square q, its words not checked. */
export function singleScore(board: Uint8Array, val: Int16Array, q: number, tv: number): number {
  return lineScore(board, val, q, 0, tv) + lineScore(board, val, q, 1, tv);
}

/**
 * With a tile worth va on empty square r (not put on the board), the empty square at each end
 * of the run through r in direction d and what a tile worth vb scores there alone, its words
 * not checked: into `out`, the square before r and its score, then the square after and its
 * score (square −1 at the board's edge). One walk of the run serves both ends.
 */
export function runEndScores(
  board: Uint8Array,
  val: Int16Array,
  r: number,
  va: number,
  d: number,
  vb: number,
  out: Int32Array,
): void {
  const step = d === 0 ? 1 : SIZE;
  const first = lineFirst(r, d);
  const last = lineLast(r, d);
  let sum = va;
  let lo = r;
  while (lo > first && board[lo - step] !== EMPTY) {
    lo -= step;
    sum += val[board[lo]!]!;
  }
  let hi = r;
  while (hi < last && board[hi + step] !== EMPTY) {
    hi += step;
    sum += val[board[hi]!]!;
  }
  out[0] = -1;
  out[2] = -1;
  if (lo > first) {
    const q = lo - step;
    let word = sum;
    for (let x = q; x > first && board[x - step] !== EMPTY; x -= step)
      word += val[board[x - step]!]!;
    out[0] = q;
    out[1] = (word + vb * LETTER_MULT[q]!) * WORD_MULT[q]! + lineScore(board, val, q, d ^ 1, vb);
  }
  if (hi < last) {
    const q = hi + step;
    let word = sum;
    for (let x = q; x < last && board[x + step] !== EMPTY; x += step)
      word += val[board[x + step]!]!;
    out[2] = q;
    out[3] = (word + vb * LETTER_MULT[q]!) * WORD_MULT[q]! + lineScore(board, val, q, d ^ 1, vb);
  }
}

/**
 * The board tiles' points of the run through empty square q in direction d, the square itself
 * left out; −1 when q has no tile next to it that way (no word).
 */
function runSum(board: Uint8Array, val: Int16Array, q: number, d: number): number {
  const step = d === 0 ? 1 : SIZE;
  const first = lineFirst(q, d);
  const last = lineLast(q, d);
  let sum = 0;
  let joined = false;
  for (let x = q; x > first && board[x - step] !== EMPTY; x -= step) {
    sum += val[board[x - step]!]!;
    joined = true;
  }
  for (let x = q; x < last && board[x + step] !== EMPTY; x += step) {
    sum += val[board[x + step]!]!;
    joined = true;
  }
  return joined ? sum : -1;
}

/**
 * What the score of two tiles on empty squares q1 and q2, in one line (direction d) with only
 * board tiles between them, owes to the board, whichever tile goes where (`pairPartsScore`
 * adds the tiles): into `out`, the board tiles' points of the main word, then of the cross word
 * through q1 and through q2 (−1 for none).
 */
export function pairParts(
  board: Uint8Array,
  val: Int16Array,
  d: number,
  q1: number,
  q2: number,
  out: Int32Array,
): void {
  const step = d === 0 ? 1 : SIZE;
  const last = lineLast(q1, d);
  const a = runFirst(board, q1 < q2 ? q1 : q2, d);
  const b = q1 < q2 ? q2 : q1;
  let sum = 0;
  for (let x = a; x <= last && (x <= b || board[x] !== EMPTY); x += step) {
    if (x !== q1 && x !== q2) sum += val[board[x]!]!;
  }
  out[0] = sum;
  out[1] = runSum(board, val, q1, d ^ 1);
  out[2] = runSum(board, val, q2, d ^ 1);
}

/**
 * The score of tiles worth v1 on q1 and v2 on q2 played together, from their `pairParts`: the
 * main word with both premiums, plus each tile's cross word; the words are not checked.
 */
export function pairPartsScore(
  parts: Int32Array,
  q1: number,
  v1: number,
  q2: number,
  v2: number,
): number {
  const lm1 = LETTER_MULT[q1]!;
  const lm2 = LETTER_MULT[q2]!;
  const wm1 = WORD_MULT[q1]!;
  const wm2 = WORD_MULT[q2]!;
  const c1 = parts[1]!;
  const c2 = parts[2]!;
  return (
    (parts[0]! + v1 * lm1 + v2 * lm2) * wm1 * wm2 +
    (c1 < 0 ? 0 : (c1 + v1 * lm1) * wm1) +
    (c2 < 0 ? 0 : (c2 + v2 * lm2) * wm2)
  );
}

const scratchParts = new Int32Array(3);

/**
 * The score of tiles t1 on q1 and t2 on q2, both empty and in one line (direction d) with only
 * board tiles between them, played together (`pairParts`, then `pairPartsScore`).
 */
export function pairScore(
  board: Uint8Array,
  val: Int16Array,
  d: number,
  q1: number,
  t1: number,
  q2: number,
  t2: number,
): number {
  pairParts(board, val, d, q1, q2, scratchParts);
  return pairPartsScore(scratchParts, q1, val[t1]!, q2, val[t2]!);
}

/**
 * The empty square past the board tiles next to q on one side (dir −1 or +1) of the line in
 * direction d, or −1 at the board's edge: where a second tile in line with q would go.
 */
export function nextEmpty(board: Uint8Array, q: number, d: number, dir: number): number {
  const step = (d === 0 ? 1 : SIZE) * dir;
  const first = lineFirst(q, d);
  const last = lineLast(q, d);
  let x = q;
  for (;;) {
    if (dir < 0 ? x <= first : x >= last) return -1;
    x += step;
    if (board[x] === EMPTY) return x;
  }
}

/**
 * Whether the run of tiles through occupied square q in direction d is a word (a run of one
 * tile is none, and passes), read in the listed graph `kn`.
 */
function runIsWord(kn: Uint32Array, board: Uint8Array, q: number, d: number): boolean {
  const step = d === 0 ? 1 : SIZE;
  const a = runFirst(board, q, d);
  const b = runLast(board, q, d);
  if (a === b) return true;
  let p = DAWG_ROOT;
  for (let x = a; x <= b && p >= 0; x += step) p = seekArc(kn, p, board[x]! & ~BLANK_FLAG);
  return p >= 0 && (kn[p]! & ACCEPTS_BIT) !== 0;
}

/**
 * Whether tile c on empty square q may make a word in direction d as far as its two neighbours
 * that way tell (`letterPairs`): each must meet c so in some word, and with none on a side, c
 * must start (or end) one. Most tiles a stuck rack holds fail here without a walk of the graph.
 */
function pairsAllow(
  pairs: Int32Array,
  board: Uint8Array,
  q: number,
  d: number,
  c: number,
): boolean {
  const step = d === 0 ? 1 : SIZE;
  const before = q > lineFirst(q, d) ? board[q - step]! & ~BLANK_FLAG : EMPTY;
  const after = q < lineLast(q, d) ? board[q + step]! & ~BLANK_FLAG : EMPTY;
  if (before === EMPTY && after === EMPTY) return true;
  const lead = before === EMPTY ? pairs[PAIR_FIRST]! : pairs[before]!;
  if (((lead >>> c) & 1) === 0) return false;
  const next = after === EMPTY ? pairs[PAIR_LAST]! >>> c : pairs[c]! >>> after;
  return (next & 1) !== 0;
}

/**
 * Whether tile c alone on empty square q makes words both ways, `pairs` being the graph's
 * `letterPairs`. The board is left as it was.
 */
export function fitsAlone(
  kn: Uint32Array,
  pairs: Int32Array,
  board: Uint8Array,
  q: number,
  c: number,
): boolean {
  if (!pairsAllow(pairs, board, q, 0, c) || !pairsAllow(pairs, board, q, 1, c)) return false;
  board[q] = c;
  const ok = runIsWord(kn, board, q, 0) && runIsWord(kn, board, q, 1);
  board[q] = EMPTY;
  return ok;
}

/**
 * Whether tiles t1 on q1 and t2 on q2 (as for `pairScore`) make words: the main word in
 * direction d and each tile's cross word. The board is left as it was.
 */
export function fitsPair(
  kn: Uint32Array,
  board: Uint8Array,
  d: number,
  q1: number,
  t1: number,
  q2: number,
  t2: number,
): boolean {
  board[q1] = t1;
  board[q2] = t2;
  const ok =
    runIsWord(kn, board, q1, d) &&
    runIsWord(kn, board, q1, d ^ 1) &&
    runIsWord(kn, board, q2, d ^ 1);
  board[q1] = EMPTY;
  board[q2] = EMPTY;
  return ok;
}

/**
 * Appends to `list` tile c (not a blank) alone on empty square q, as the move generator lists
 * it: across when it has a neighbour across (its across word then spans the move), else down;
 * the squares played through hold EMPTY; scored by `singleScore`, its words not checked.
 */
export function pushSingle(
  list: MoveList,
  board: Uint8Array,
  val: Int16Array,
  q: number,
  c: number,
): void {
  const col = q % SIZE;
  const across = (col > 0 && board[q - 1] !== EMPTY) || (col < SIZE - 1 && board[q + 1] !== EMPTY);
  const d = across ? 0 : 1;
  const step = across ? 1 : SIZE;
  const lo = runFirst(board, q, d);
  const hi = runLast(board, q, d);
  const i = list.push();
  const score = singleScore(board, val, q, val[c]!);
  const base = i * TILE_STRIDE;
  const len = (hi - lo) / step + 1;
  for (let k = 0; k < len; k++) list.tiles[base + k] = EMPTY;
  list.tiles[base + (q - lo) / step] = c;
  list.kind[i] = KIND_PLACE;
  list.dir[i] = d;
  list.start[i] = lo;
  list.len[i] = len;
  list.played[i] = 1;
  list.score[i] = score;
  list.equity[i] = score;
}
