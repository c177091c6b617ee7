/**
 * Building blocks of the protocol's schemas: tile codes, words, seats, placements and the
 * rules, each as the engine represents them (DESIGN.md §2), checked for shape and range.
 */
import { z } from 'zod';
import type { Rules } from '../engine/rules.js';

/** Squares on a side of the board (the engine's SIZE; protocol may use engine types only). */
export const BOARD_SIZE = 15;

/** Most players at a table (G-01). */
export const MAX_SEATS = 4;

/**
 * The longest a client waits between two attempts to reconnect. The server counts on it: after
 * it starts, a player may take that long to come back without being called gone.
 */
export const RECONNECT_MAX_MS = 15_000;

/** How long a seated player may be without a connection before the server shows them away. */
export const AWAY_GRACE_MS = 5_000;

/**
 * How long a server that has just started shows a seat nobody holds yet as present, while its
 * players reconnect: a client back after an outage cannot tell from that view who is at the
 * table.
 */
export const REOPEN_GRACE_MS = RECONNECT_MAX_MS + AWAY_GRACE_MS;

/** A tile code: 0 = blank on a rack or empty square, letters 1…127, a blank's letter + 0x80. */
export const tileCode = z.int().min(0).max(255);

/** A word as the tiles that spell it, in reading order, blanks flagged (2–15 squares). */
export const word = z.array(tileCode).min(1).max(BOARD_SIZE);

/** A seat number. */
export const seat = z
  .int()
  .min(0)
  .max(MAX_SEATS - 1);

/** A count or score that cannot be negative. */
export const count = z.int().min(0);

/** A score, which penalties can take below zero. */
export const points = z.int();

/** Where a word goes: start square, direction, and its tiles with 0 for played-through squares. */
export const placementShape = {
  row: z
    .int()
    .min(0)
    .max(BOARD_SIZE - 1),
  col: z
    .int()
    .min(0)
    .max(BOARD_SIZE - 1),
  dir: z.enum(['H', 'V']),
  tiles: z.array(tileCode).min(1).max(BOARD_SIZE),
};

const challengeMode = z.enum(['single', 'double', 'penalty', 'automatic', 'void']);
const positive = z.int().min(1);

/** Every setting of a game's rules (engine/rules.ts), as a client receives them. */
export const rulesSchema = z.object({
  preset: z.enum(['fise', 'caja', 'sala']),
  tileSet: z.string().min(1).max(40),
  rackSize: positive.max(BOARD_SIZE),
  bingoTiles: positive,
  bingoBonus: count,
  firstPlayer: z.enum(['draw', 'seat']),
  exchangeMinBag: positive,
  challengeMode,
  challengePenalty: count,
  challengePenaltyPer: z.enum(['challenge', 'word']),
  passesToEnd: positive.nullable(),
  scorelessTurnsToEnd: positive.nullable(),
  blockedTurnsToEnd: positive.nullable(),
  endRackScoring: z.enum(['standard', 'naspa']),
  tieBreak: z.enum(['draw', 'preAdjustment']),
  clock: z.object({ minutesPerPlayer: positive, penaltyPerMinute: count }).nullable(),
  targetScore: positive.nullable(),
});

/** An immutable picture of a parsed message, so engine data (readonly) fits the same type. */
export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

// The schema and the engine's Rules must describe the same object: a field added to one
// and not the other stops the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rulesMatch: Same<DeepReadonly<z.output<typeof rulesSchema>>, Rules> = true;
void rulesMatch;
