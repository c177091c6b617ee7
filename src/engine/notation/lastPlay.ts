/**
 * The latest placement of a position named in GCG notation against the board that already
 * holds it (`atril best --sim --ultima "8H CA.A"`): its letters are the tiles it placed, each
 * `.` a tile it played through. The placement is taken off the board and scored there again,
 * so that the simulation can infer what the opponent kept (src/ai/sim/inference.ts) from a
 * CGP, which carries no moves.
 */
import { SIZE } from '../board.js';
import { type Placed, stepOf } from '../move.js';
import { type PlacementErrorCode, type ScoringRules, evaluatePlacement } from '../placement.js';
import { type Result, err, ok } from '../result.js';
import { EMPTY, type TileSet, parseNotation } from '../tiles.js';
import { parseCoord } from './coords.js';

/** A placement taken back off the board. */
export interface LastPlay {
  /** The board before it. */
  readonly before: Uint8Array;
  readonly placed: readonly Placed[];
  readonly score: number;
}

/** Why a named placement does not fit the position. */
export type LastPlayError =
  | { readonly code: 'FORMAT'; readonly text: string }
  | { readonly code: 'COORD'; readonly text: string }
  | { readonly code: 'TILE'; readonly text: string }
  | { readonly code: 'OFF_BOARD' }
  | { readonly code: 'NO_TILES' }
  /** A square of the word holds no tile on the board. */
  | { readonly code: 'EMPTY_SQUARE'; readonly square: number }
  /** The board holds `found` where the word says `named`. */
  | {
      readonly code: 'OTHER_TILE';
      readonly square: number;
      readonly named: number;
      readonly found: number;
    }
  /** With its tiles taken off, the placement breaks a placement rule. */
  | { readonly code: 'PLACEMENT'; readonly reason: PlacementErrorCode; readonly square?: number };

/**
 * The placement `text` ("COORD WORD", GCG notation) names on `board`, which already holds it:
 * the board before it, the tiles it placed and its score under `scoring`.
 */
export function parseLastPlay(
  set: TileSet,
  board: ArrayLike<number>,
  text: string,
  scoring: ScoringRules,
): Result<LastPlay, LastPlayError> {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 2) return err({ code: 'FORMAT', text });
  const coord = parseCoord(fields[0]!);
  if (!coord) return err({ code: 'COORD', text: fields[0]! });
  const word = parseNotation(set, fields[1]!, { allowThrough: true });
  if (!word.ok) return err({ code: 'TILE', text: word.error.text });
  const step = stepOf(coord.dir);
  const placed: Placed[] = [];
  for (let k = 0; k < word.value.length; k++) {
    const along = (coord.dir === 'H' ? coord.col : coord.row) + k;
    if (along >= SIZE) return err({ code: 'OFF_BOARD' });
    const sq = coord.row * SIZE + coord.col + k * step;
    const found = board[sq]!;
    if (found === EMPTY) return err({ code: 'EMPTY_SQUARE', square: sq });
    const named = word.value[k]!;
    if (named === EMPTY) continue;
    if (named !== found) return err({ code: 'OTHER_TILE', square: sq, named, found });
    placed.push({ square: sq, tile: named });
  }
  if (placed.length === 0) return err({ code: 'NO_TILES' });
  const before = Uint8Array.from(board);
  for (const p of placed) before[p.square] = EMPTY;
  const scored = evaluatePlacement(before, placed, set, scoring);
  if (!scored.ok) {
    const { code: reason, square } = scored.error;
    return err(
      square === undefined ? { code: 'PLACEMENT', reason } : { code: 'PLACEMENT', reason, square },
    );
  }
  return ok({ before, placed, score: scored.value.score });
}
