/**
 * The board and rack as text. Line mode gets plain ASCII a screen reader reads row by row; the
 * single-key mode adds the cursor, the tiles placed this turn and, when allowed, colour.
 */
import { CENTER, SIZE, premiumAt } from '../../engine/board.js';
import { BLANK, type TileSet, isBlank, tileLabel } from '../../engine/tiles.js';
import { EMPTY_PLACE_TEXT, awaySuffix, waitingSeatName } from '../../play/messages.js';
import type { Session } from '../../play/session.js';
import { agree } from '../../play/speech.js';
import { type ClientView, seatClock, setOf } from '../../play/view.js';

const COLS = 'ABCDEFGHIJKLMNO';
const PREMIUM: Record<string, string> = { '3W': '3P', '2W': '2P', '3L': '3L', '2L': '2L' };

/** Options of the drawing. */
export interface DrawOptions {
  /** ANSI colours (off with NO_COLOR or in line mode). */
  readonly color?: boolean;
  /** Highlight the cursor and this turn's tiles. */
  readonly session?: Session;
}

function cellText(set: TileSet, tile: number, square: number): string {
  if (tile !== 0) {
    const label = tileLabel(set, tile);
    return (isBlank(tile) ? label.toLowerCase() : label).padEnd(2);
  }
  if (square === CENTER) return '**';
  const p = premiumAt(square);
  return p === 'none' ? '. ' : PREMIUM[p]!;
}

const paint = (on: boolean, code: string, text: string): string =>
  on ? `\x1b[${code}m${text}\x1b[0m` : text;

/**
 * The 15×15 grid with column letters and row numbers; blanks in lower case (GCG), premiums as
 * 3P/2P (palabra) and 3L/2L (letra), the centre as **. With a session: the cursor in [ ] and
 * this turn's tiles marked with + (and in colour when allowed).
 */
export function drawBoard(view: ClientView, opts: DrawOptions = {}): string {
  const s = opts.session?.snapshot();
  const set = setOf(view);
  const color = opts.color ?? false;
  const lines = [
    '    ' +
      [...COLS]
        .map((c) => c.padEnd(3))
        .join('')
        .trimEnd(),
  ];
  for (let r = 0; r < SIZE; r++) {
    let line = String(r + 1).padStart(2) + ' ';
    for (let c = 0; c < SIZE; c++) {
      const sq = r * SIZE + c;
      const tentative = s?.placed.some((p) => p.square === sq) ?? false;
      const tile = s ? s.board[sq]! : view.board[sq]!;
      let text = cellText(set, tile, sq);
      if (tile === 0) text = paint(color, '2', text);
      else if (tentative) text = paint(color, '1;33', text);
      else text = paint(color, '1', text);
      const isCursor = s !== undefined && s.cursor === sq;
      const prevCursor = s !== undefined && c > 0 && s.cursor === sq - 1;
      line += isCursor ? '[' : prevCursor ? ']' : tentative ? '+' : ' ';
      line += text;
    }
    line += s !== undefined && s.cursor === r * SIZE + SIZE - 1 ? ']' : '';
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}

/**
 * The rack in the session's order, with the numbers of the keys: "1:A 2:E 3:RR 4:? …"; a place
 * whose tile is on the board this turn says so and keeps its number ("2:vacío"), as C does, and
 * a tile chosen for an exchange says that too ("3:RR(elegida)").
 */
export function drawRack(session: Session): string {
  const snap = session.snapshot();
  const set = setOf(snap.view);
  if (snap.rack.length === 0) return 'Atril: vacío';
  return (
    'Atril: ' +
    snap.rack
      .map((r, i) => {
        if (r.placedAt !== null) return `${i + 1}:${EMPTY_PLACE_TEXT}`;
        const label = r.tile === BLANK ? '?' : tileLabel(set, r.tile);
        // Chosen for an exchange (Shift+n, even out of Cambio mode): in words, which a screen
        // reader says whatever its punctuation setting, unlike a mark such as *.
        return `${i + 1}:${label}${r.selected ? `(${agree(r.tile, 'elegida')})` : ''}`;
      })
      .join(' ')
  );
}

/**
 * "Tú 12 · Ana 30 · Bolsa 84"; in a timed game each score is followed by the time left, or
 * the time over with a +: "Tú 12 (24:10) · Ana 30 (+1:30) · Bolsa 84". `byName` (hot-seat)
 * names every seat: "Luis 12 · Ana 30 · Bolsa 84".
 */
export function drawStatus(view: ClientView, byName = false): string {
  const scores = view.seats.map((p, i) => {
    // A seat still waiting for its player has no name yet: the one `s` says («Invitado (asiento 2)»).
    const name = i === view.seat && !byName ? 'Tú' : p.name || waitingSeatName(i, p.open);
    const text = `${name} ${p.score}${awaySuffix(p)}`;
    const clock = seatClock(view, i);
    return clock && view.phase !== 'over' ? `${text} (${clockFace(clock.remainingMs)})` : text;
  });
  return [...scores, `Bolsa ${view.bagCount}`].join(' · ');
}

/** A clock as minutes:seconds, "24:10"; "+1:30" once over (seconds rounded up, as `reloj`). */
function clockFace(remainingMs: number): string {
  const over = remainingMs < 0;
  const sec = Math.ceil(Math.abs(remainingMs) / 1000);
  return `${over ? '+' : ''}${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
}
