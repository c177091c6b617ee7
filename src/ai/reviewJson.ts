/**
 * The post-game review (analyze.ts) as plain JSON: what `atril analyze --json` prints and what
 * the server's `GET /games/:id/review` answers (its schema is src/protocol/review.ts), one
 * function so the two can never drift apart. Moves are written as in GCG: a coordinate and the
 * word (lowercase for a blank, `.` for a tile already on the board), `-` for a pass, `-TILES`
 * for an exchange; a placement also gives its whole main word (`main`), as `atril best` does.
 */
import { formatCoord } from '../engine/notation/coords.js';
import type { GcgRecord } from '../engine/notation/gcg.js';
import type { Move } from '../engine/move.js';
import { type TileSet, tilesToGcg } from '../engine/tiles.js';
import { type Review, type ReviewedMove, reviewRecord } from './analyze.js';
import { type LeaveModel, NO_LEAVES } from './leave.js';
import { defaultLeaves } from './leaves.js';

/** A move as the JSON review writes it. */
export interface MoveJson {
  /** The coordinate (`8H`, `H8`), null for a pass or an exchange. */
  readonly coord: string | null;
  /** The word in GCG letters, `-` for a pass, `-TILES` for an exchange. */
  readonly word: string;
  /** A placement's whole main word, the board's letters where `word` has `.`. */
  readonly main?: string;
}

/** One alternative or the move played, with its score and equity. */
export type ReviewedMoveJson = MoveJson & { readonly score: number; readonly equity: number };

/** The JSON review of a game. */
export interface ReviewJson {
  readonly turns: readonly {
    readonly turn: number;
    readonly player: string;
    readonly played: ReviewedMoveJson & { readonly valid: boolean; readonly withdrawn?: true };
    readonly best: readonly ReviewedMoveJson[];
    readonly lost: number;
  }[];
  readonly skipped: number;
  readonly players: readonly {
    readonly nick: string;
    readonly turns: number;
    readonly lost: number;
    readonly worst: readonly (MoveJson & { readonly turn: number; readonly lost: number })[];
  }[];
}

/** The leave values a review of this tile set weighs: the learned Spanish ones, else none. */
export function reviewLeaves(set: TileSet): LeaveModel {
  return set.id === 'spanish' ? defaultLeaves() : NO_LEAVES;
}

/** A move in GCG letters: its coordinate and word, `-` for a pass, `-TILES` for an exchange. */
export function describeMove(set: TileSet, m: Move): MoveJson {
  if (m.kind === 'place') return { coord: formatCoord(m), word: tilesToGcg(set, m.tiles) };
  if (m.kind === 'exchange') return { coord: null, word: '-' + tilesToGcg(set, m.tiles, '?') };
  return { coord: null, word: '-' };
}

/** A review (of `record`, with tiles of `set`) as JSON; equities rounded to hundredths. */
export function reviewToJson(review: Review, record: GcgRecord, set: TileSet): ReviewJson {
  const nick = (p: number) => record.players[p]?.nick ?? `jugador ${p + 1}`;
  const round = (x: number) => Math.round(x * 100) / 100;
  const main = (m: ReviewedMove) => (m.main ? { main: tilesToGcg(set, m.main) } : {});
  const json = (m: ReviewedMove): ReviewedMoveJson => ({
    ...describeMove(set, m.move),
    ...main(m),
    score: m.score,
    equity: round(m.equity),
  });
  return {
    turns: review.turns.map((t) => ({
      turn: t.turn,
      player: nick(t.player),
      played: {
        ...json(t.played),
        valid: t.played.valid,
        ...(t.played.withdrawn === true && { withdrawn: true as const }),
      },
      best: t.best.map(json),
      lost: t.lost,
    })),
    skipped: review.skipped,
    players: review.players.map((p) => ({
      nick: p.nick,
      turns: p.turns,
      lost: p.lost,
      worst: p.worst.map((t) => ({
        turn: t.turn,
        ...describeMove(set, t.played.move),
        ...main(t.played),
        lost: t.lost,
      })),
    })),
  };
}

/** Reviews a record and returns the JSON review (`top` alternatives per turn, default 3). */
export function reviewRecordJson(
  record: GcgRecord,
  nodes: Uint32Array,
  set: TileSet,
  top = 3,
): ReviewJson {
  const review = reviewRecord(record, nodes, set, { top, leaves: reviewLeaves(set) });
  return reviewToJson(review, record, set);
}
