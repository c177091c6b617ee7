/**
 * The post-game review a server offers for a finished game (issue 13 §5): `GET
 * /games/:id/review` answers the JSON of `atril analyze --json` for that game (src/ai/analyze.ts
 * computes it). Clients parse it with `gameReviewSchema`. Moves are written as in GCG: a
 * coordinate and the word (lowercase letters stand for blanks), `-` for a pass, `-TILES` for an
 * exchange; equities are points plus the value of the tiles kept, to hundredths.
 */
import { z } from 'zod';
import type { DeepReadonly } from './common.js';

const moveShape = {
  /** `8H` (across) or `H8` (down); null for a pass or an exchange. */
  coord: z.string().nullable(),
  /** The word, `-` for a pass, `-TILES` for an exchange. */
  word: z.string(),
  /** A placement's whole main word, the board's letters where `word` has `.` (`F.RO` → `FERO`). */
  main: z.string().optional(),
};

/** A move with its score and equity. */
const reviewedMoveSchema = z.strictObject({ ...moveShape, score: z.int(), equity: z.number() });

/** One reviewed turn: the move played next to the best ones, and the equity it gave away. */
export const reviewTurnSchema = z.strictObject({
  /** 1-based line number of the game record. */
  turn: z.int().min(1),
  /** The player's nick in the game record (the seat's name, spaces written as `_`). */
  player: z.string(),
  /**
   * What was played; `valid` false when it is not a word of the lexicon (a phony), `withdrawn`
   * when a challenge took it back (scored 0, worth a pass).
   */
  played: reviewedMoveSchema.extend({ valid: z.boolean(), withdrawn: z.literal(true).optional() }),
  /** The best moves by equity, best first. */
  best: z.array(reviewedMoveSchema),
  /** Equity lost against the best move; 0 when the best was played. */
  lost: z.number().min(0),
});

/** The review of one game: every turn whose rack is known, and a summary per player. */
export const gameReviewSchema = z.strictObject({
  turns: z.array(reviewTurnSchema),
  /** Turns not reviewed (a rack the record does not state). */
  skipped: z.int().min(0),
  /** One per seat, in seat order. */
  players: z.array(
    z.strictObject({
      nick: z.string(),
      turns: z.int().min(0),
      lost: z.number().min(0),
      /** The costliest mistakes, costliest first (at most 3). */
      worst: z.array(z.strictObject({ turn: z.int().min(1), ...moveShape, lost: z.number() })),
    }),
  ),
});

/** A game's review as the server sends it. */
export type GameReview = DeepReadonly<z.output<typeof gameReviewSchema>>;
/** One reviewed turn. */
export type ReviewTurn = GameReview['turns'][number];

/**
 * Where a finished game's review is asked for over HTTP (GET), with the player token as
 * `Authorization: Bearer <token>`: 200 with a GameReview; 401 UNKNOWN_PLAYER without a known
 * token, 404 NO_SUCH_GAME, 409 GAME_NOT_OVER while the game is played, 503 SERVER_ERROR when
 * it could not be computed in time or another game's review is being computed (with a
 * Retry-After in seconds; asking again then succeeds).
 */
export function reviewPath(gameId: string): string {
  return `/games/${encodeURIComponent(gameId)}/review`;
}
