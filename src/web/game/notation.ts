/**
 * The move history as GCG lines (UX.md §1: coordinate `8H` across, `H8` down, lowercase for a
 * blank, `.` for a tile already on the board), one per turn with the running total, like the
 * downloaded file's move lines: `>Ana: 8H CASA +14 14`.
 */
import { formatCoord } from '../../engine/notation/coords.js';
import { tilesToGcg } from '../../engine/tiles.js';
import { turnRecordText } from '../../play/messages.js';
import { type ClientView, setOf } from '../../play/view.js';
import type { HistoryRecord } from '../../protocol/view.js';

// GCG nicknames have no spaces.
const nick = (name: string): string => name.replace(/\s+/g, '_');

/** One history entry as a GCG move line. */
export function gcgLine(view: ClientView, rec: HistoryRecord): string {
  const set = setOf(view);
  const who = `>${nick(view.seats[rec.seat]?.name ?? `J${rec.seat + 1}`)}:`;
  switch (rec.kind) {
    case 'play':
      return `${who} ${formatCoord(rec)} ${tilesToGcg(set, rec.tiles)} +${rec.score} ${rec.total}`;
    case 'exchange':
      return `${who} -${rec.tiles ? tilesToGcg(set, rec.tiles, '?') : String(rec.count)} +0 ${rec.total}`;
    case 'pass':
    case 'accept':
      return `${who} - +0 ${rec.total}`;
    case 'resign':
      return `${who} (abandona) +0 ${rec.total}`;
    case 'rejected':
      return `${who} ${formatCoord(rec)} ${tilesToGcg(set, rec.tiles)} -${rec.penalty} ${rec.total}`;
    case 'challenge':
      return rec.valid
        ? `${who} (challenge) ${rec.penalty ? `-${rec.penalty}` : '+0'} ${rec.total}`
        : `>${nick(view.seats[rec.target]?.name ?? `J${rec.target + 1}`)}: -- -${rec.withdrawn} ${rec.targetTotal}`;
  }
}

/**
 * One history entry as a screen reader hears it: the move as U says it, then the mover's
 * running total, which the GCG line shows (a challenge's sentence says its own points).
 */
export function spokenLine(view: ClientView, rec: HistoryRecord): string {
  const text = turnRecordText(view, rec, false);
  return rec.kind === 'challenge' ? text : `${text} Total: ${rec.total}.`;
}
