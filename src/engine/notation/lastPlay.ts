/**
 * The latest play of a position named in GCG notation (`atril best --sim --ultima "8H CA.A"`),
 * so that the simulation can infer what the opponent kept (src/ai/sim/inference.ts) from a
 * CGP, which carries no moves. A placement is named against the board that already holds it:
 * its letters are the tiles it placed, each `.` a tile it played through; it is taken off the
 * board and scored there again. An exchange is named by its count ("-3") or its tiles.
 */
import { SIZE } from '../board.js';
import { type Placed, stepOf } from '../move.js';
import {
  type PlacementErrorCode,
  type ScoringRules,
  boardBefore,
  evaluatePlacement,
} from '../placement.js';
import { type Result, err, ok } from '../result.js';
import { EMPTY, type TileSet, parseNotation } from '../tiles.js';
import { parseCoord } from './coords.js';

/** A placement taken back off the board, or how many tiles an exchange returned. */
export type LastPlay =
  | {
      readonly kind: 'place';
      /** The board before it. */
      readonly before: Uint8Array;
      readonly placed: readonly Placed[];
      readonly score: number;
    }
  | { readonly kind: 'exchange'; readonly count: number };

/** Why a named play does not fit the position. */
export type LastPlayError =
  | { readonly code: 'FORMAT'; readonly text: string }
  | { readonly code: 'COORD'; readonly text: string }
  | { readonly code: 'TILE'; readonly text: string }
  | { readonly code: 'OFF_BOARD' }
  | { readonly code: 'NO_TILES' }
  /** An exchange of none, or of more tiles than a rack holds. */
  | { readonly code: 'EXCHANGE_COUNT'; readonly text: string; readonly rackSize: number }
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
 * The last play `text` names in GCG notation: a placement ("COORD WORD") on `board`, which
 * already holds it, as the board before it, the tiles it placed and its score under `rules`;
 * or an exchange ("-3", or "-ABC" when the tiles are known), as how many tiles went back.
 */
export function parseLastPlay(
  set: TileSet,
  board: ArrayLike<number>,
  text: string,
  rules: ScoringRules & { readonly rackSize: number },
): Result<LastPlay, LastPlayError> {
  const fields = text.trim().split(/\s+/);
  if (fields.length === 1 && fields[0]!.startsWith('-')) return exchangeOf(set, fields[0]!, rules);
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
  const before = boardBefore(
    board,
    placed.map((p) => p.square),
  );
  const scored = evaluatePlacement(before, placed, set, rules);
  if (!scored.ok) {
    const { code: reason, square } = scored.error;
    return err(
      square === undefined ? { code: 'PLACEMENT', reason } : { code: 'PLACEMENT', reason, square },
    );
  }
  return ok({ kind: 'place', before, placed, score: scored.value.score });
}

// "-3" or "-ABC": how many tiles went back.
function exchangeOf(
  set: TileSet,
  text: string,
  rules: { readonly rackSize: number },
): Result<LastPlay, LastPlayError> {
  const body = text.slice(1);
  let count: number;
  if (/^\d+$/.test(body)) count = Number(body);
  else {
    const tiles = parseNotation(set, body, { allowUndesignatedBlank: true });
    if (!tiles.ok) return err({ code: 'TILE', text: tiles.error.text });
    count = tiles.value.length;
  }
  if (count < 1 || count > rules.rackSize)
    return err({ code: 'EXCHANGE_COUNT', text, rackSize: rules.rackSize });
  return ok({ kind: 'exchange', count });
}
