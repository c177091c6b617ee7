/**
 * What the pass button of «Acciones» says: it sends P, so its name follows what P does now
 * (UX.md §2.5: every action is also a real button). During E-06 the pass of the player on turn
 * accepts the last play; the player who made that play is not offered to accept it.
 */
import type { ClientView } from '../../play/view.js';
import { L } from '../labels.js';

/** The pass button's name for this view, before and after the first press. */
export function passLabel(view: ClientView, pendingPass: boolean): string {
  const accepting = view.phase === 'final-challenge' && view.turn === view.seat;
  if (accepting) return pendingPass ? L.actions.confirmAccept : L.actions.accept;
  return pendingPass ? L.actions.confirmPass : L.actions.pass;
}
