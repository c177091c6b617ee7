/**
 * Placements of one tile read straight off the board, for the endgame solver's shortcuts when
 * a rack holds one tile: its score (words not checked, so an upper bound on any real placement
 * there) and whether it makes words (read in the graph).
 * No move generation and no cross-sets: the solver's board changes at every node.
 */
import { LETTER_MULT, SIZE, SQUARES, WORD_MULT } from '../../engine/board.js';
import { BLANK_FLAG, EMPTY } from '../../engine/tiles.js';
import { ACCEPTS_BIT } from '../../lexicon/kwg.js';
import { DAWG_ROOT, seekArc } from '../kwgArcs.js';

/** The first square of the line through q in direction d (0 across, 1 down). */
function lineFirst(q: number, d: number): number {
  return d === 0 ? q - (q % SIZE) : q % SIZE;
}

/** The last square of the line through q in direction d. */
function lineLast(q: number, d: number): number {
  return d === 0 ? q - (q % SIZE) + SIZE - 1 : (q % SIZE) + SQUARES - SIZE;
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
 * Whether the run of tiles through occupied square q in direction d is a word (a run of one
 * tile is none, and passes), read in the interleaved graph `kn`.
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
  return p >= 0 && (kn[p << 1]! & ACCEPTS_BIT) !== 0;
}

/** Whether tile c alone on empty square q makes words both ways. The board is left as it was. */
export function fitsAlone(kn: Uint32Array, board: Uint8Array, q: number, c: number): boolean {
  board[q] = c;
  const ok = runIsWord(kn, board, q, 0) && runIsWord(kn, board, q, 1);
  board[q] = EMPTY;
  return ok;
}
