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
  return joined ? (sum + tv * LETTER_MULT[q]!) * WORD_MULT[q]! : 0;
}

/** The score of a tile worth tv placed alone on empty square q, its words not checked. */
export function singleScore(board: Uint8Array, val: Int16Array, q: number, tv: number): number {
  return lineScore(board, val, q, 0, tv) + lineScore(board, val, q, 1, tv);
}

/**
 * The score of tiles t1 on q1 and t2 on q2, both empty and in one line (direction d) with only
 * board tiles between them, played together: the main word with both premiums, plus each
 * tile's cross word; the words are not checked. The board is left as it was.
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
  const step = d === 0 ? 1 : SIZE;
  const first = lineFirst(q1, d);
  const last = lineLast(q1, d);
  board[q1] = t1;
  board[q2] = t2;
  let a = q1 < q2 ? q1 : q2;
  while (a > first && board[a - step] !== EMPTY) a -= step;
  let sum = 0;
  for (let x = a; x <= last && board[x] !== EMPTY; x += step) {
    sum += x === q1 || x === q2 ? val[board[x]!]! * LETTER_MULT[x]! : val[board[x]!]!;
  }
  board[q1] = EMPTY;
  board[q2] = EMPTY;
  return (
    sum * WORD_MULT[q1]! * WORD_MULT[q2]! +
    lineScore(board, val, q1, d ^ 1, val[t1]!) +
    lineScore(board, val, q2, d ^ 1, val[t2]!)
  );
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
  const first = lineFirst(q, d);
  const last = lineLast(q, d);
  let a = q;
  while (a > first && board[a - step] !== EMPTY) a -= step;
  let b = q;
  while (b < last && board[b + step] !== EMPTY) b += step;
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
