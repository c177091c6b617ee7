/**
 * What a client may ask for (DESIGN.md §5): its seat's intentions, each with the state version
 * it was based on so a stale one is refused. The seat is not part of the message — whoever
 * receives it knows which seat the sender holds — nor the time spent, which the receiver's
 * clock measures. Unknown fields make a message invalid.
 */
import { z } from 'zod';
import type { Action } from '../engine/apply.js';
import { type DeepReadonly, count, placementShape, tileCode } from './common.js';

const version = count;

/** One action of a seat, told apart by `kind`. */
export const clientActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('place'), version, ...placementShape }),
  /** the rack tiles to return (blank = 0). */
  z.strictObject({
    kind: z.literal('exchange'),
    version,
    tiles: z.array(tileCode).min(1).max(15),
  }),
  z.strictObject({ kind: z.literal('pass'), version }),
  /** C-01: challenge the last play. */
  z.strictObject({ kind: z.literal('challenge'), version }),
  /** E-06: accept the last play of the game. */
  z.strictObject({ kind: z.literal('accept'), version }),
  z.strictObject({ kind: z.literal('resign'), version }),
  /**
   * End the game as abandoned by the seat on turn, away from the table for CLAIM_AFTER_MS
   * (engine/rules.ts) or more (the server checks it; the view marks such a seat `claimable`).
   */
  z.strictObject({ kind: z.literal('claim'), version }),
]);

/** An action as a client sends it. */
export type ClientAction = DeepReadonly<z.output<typeof clientActionSchema>>;

/**
 * The engine's action for a client's, once the receiver knows the seat, the seat on turn and
 * the time spent. A claim is the resignation of the seat on turn, claimed by the sender's.
 */
export function engineAction(
  action: ClientAction,
  seat: number,
  at: { readonly turn: number; readonly elapsedMs?: number },
): Action {
  if (action.kind === 'claim')
    return { kind: 'resign', seat: at.turn, claimedBy: seat, version: action.version };
  return { ...action, seat, ...(at.elapsedMs !== undefined ? { elapsedMs: at.elapsedMs } : {}) };
}
