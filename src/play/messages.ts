/**
 * The Spanish sentences of the core: plays, turns and the end described (error codes are
 * turned into sentences by errorText.ts). Every client shows or speaks these same strings.
 */
import type { Word } from '../engine/events.js';
import type { PlayResult } from '../engine/move.js';
import { formatCoord } from '../engine/notation/coords.js';
import type { TileSet } from '../engine/tiles.js';
import { boardTileName, points, spelled, tilesCount, wordSaid } from './speech.js';
import type { HistoryRecord, ResultInfo } from '../protocol/view.js';
import { type ClientView, setOf } from './view.js';
import type { Mode, RackOrder } from './types.js';

/** The Spanish name of each rack order, as I announces it. */
export const ORDER_NAMES: Record<RackOrder, string> = {
  robo: 'Orden de robo',
  alfabetico: 'Orden alfabético',
  consonantes: 'Consonantes y luego vocales',
};

/** The Spanish name of each input mode (UX.md §2.2). */
export const MODE_NAMES: Record<Mode, string> = {
  navegacion: 'Modo navegación',
  horizontal: 'Escritura horizontal',
  vertical: 'Escritura vertical',
  cambio: 'Modo cambio',
};

/** The name a seat goes by for the viewer: "Tú" for the viewer's own seat. */
function seatName(view: ClientView, seat: number): string {
  if (seat === view.seat) return 'Tú';
  return view.seats[seat]?.name ?? `Jugador ${seat + 1}`;
}

/** "Tú 212, Ana 187". */
export function scoresText(view: ClientView): string {
  return view.seats.map((s, i) => `${seatName(view, i)} ${s.score}`).join(', ');
}

/** "Tu turno" / "Turno de Ana" / "La partida ha terminado". */
export function turnText(view: ClientView): string {
  if (view.phase === 'over') return 'La partida ha terminado.';
  if (view.turn === view.seat) return 'Tu turno.';
  return `Turno de ${view.seats[view.turn]?.name ?? `Jugador ${view.turn + 1}`}.`;
}

/** A play's words with scores, blanks named: "CASA (s como comodín) 10, AS 4, total 14". */
export function previewText(set: TileSet, result: PlayResult, bonus: number): string {
  const parts = result.words.map((w) => `${wordSaid(set, w.tiles)} ${w.score}`);
  if (result.bingo) parts.push(`scrabble ${bonus}`);
  parts.push(`total ${result.score}`);
  return parts.join(', ');
}

/** The direction a GCG coordinate stands for: `8H` across, `H8` down. */
export function coordDir(coord: string): 'horizontal' | 'vertical' {
  return /^\d/.test(coord) ? 'horizontal' : 'vertical';
}

/**
 * One turn of the history for the viewer: "Ana: 9C vertical, CHAL, 16" (detailed: the word
 * spelled out and the other words formed). With `ownPlayPrefix`, the viewer's own play reads
 * "Jugada CASA, 8H horizontal, 14 puntos".
 */
export function turnRecordText(
  view: ClientView,
  rec: HistoryRecord,
  detailed: boolean,
  ownPlayPrefix = false,
): string {
  const who = seatName(view, rec.seat);
  const mine = rec.seat === view.seat;
  const set = setOf(view);
  const words = (list: readonly Word[]): string[] => list.map((w) => wordSaid(set, w));
  switch (rec.kind) {
    case 'play': {
      // The protocol's schema requires the main word (words has at least one entry).
      const main = rec.words[0]!;
      const others = rec.words.slice(1);
      const word = wordSaid(set, main);
      const coord = formatCoord(rec);
      let text =
        ownPlayPrefix && mine
          ? `Jugada ${word}, ${coord} ${coordDir(coord)}, ${points(rec.score)}`
          : `${who}: ${coord} ${coordDir(coord)}, ${word}, ${rec.score}`;
      if (rec.bingo) text += ', con scrabble';
      if (detailed) {
        text += `. Se deletrea: ${spelled(set, main)}`;
        if (others.length) text += `. Además: ${words(others).join(', ')}`;
      }
      return text + '.';
    }
    case 'exchange':
      return mine
        ? `Has cambiado ${tilesCount(rec.count)}.`
        : `${who} cambia ${tilesCount(rec.count)}.`;
    case 'pass':
      return mine ? 'Has pasado.' : `${who} pasa.`;
    case 'accept':
      return mine ? 'Aceptas la última jugada.' : `${who} acepta la última jugada.`;
    case 'resign':
      return mine ? 'Has abandonado.' : `${who} abandona.`;
    case 'rejected': {
      const bad = rec.invalidWords.length ? ` (${words(rec.invalidWords).join(', ')})` : '';
      const pen = rec.penalty > 0 ? `, ${points(-rec.penalty)}` : '';
      return mine
        ? `Tu jugada en ${formatCoord(rec)} no vale${bad}: pierdes el turno${pen}.`
        : `La jugada de ${who} en ${formatCoord(rec)} no vale${bad}: pierde el turno${pen}.`;
    }
    case 'challenge': {
      // The viewer reads "Impugnas …" and "… impugna tu jugada", never "Tú impugna" or "de Tú".
      const subject = mine ? 'Impugnas' : `${who} impugna`;
      const play =
        rec.target === view.seat ? 'tu jugada' : `la jugada de ${seatName(view, rec.target)}`;
      const pen = rec.penalty > 0 ? `, ${points(-rec.penalty)} para ${mine ? 'ti' : who}` : '';
      const lost = rec.loseTurn ? (mine ? '; pierdes el turno' : `; ${who} pierde el turno`) : '';
      if (rec.valid) return `${subject} ${play}: es válida y se mantiene${pen}${lost}.`;
      const bad = rec.invalidWords.length ? `: ${words(rec.invalidWords).join(', ')} no vale` : '';
      const right = mine ? 'aciertas' : 'acierta';
      return `${subject} ${play} y ${right}${bad}. La jugada se retira, 0 puntos.`;
    }
  }
}

/** "Ñ y B", "A, E y comodín": tiles listed as a sentence reads them. */
function tileList(set: TileSet, tiles: readonly number[]): string {
  const names = tiles.map((t) => boardTileName(set, t));
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** A signed score change as a scoreboard shows it: "+11", "-11", "0". */
function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * The rack adjustments of the end (E-05), one clause per seat that gained or lost points:
 * "Experto se queda con Ñ y B: -11; Tú +11." Empty when nobody's score moved (a player went
 * out and every other rack was empty, or no racks were left).
 */
export function rackAdjustText(view: ClientView, end: ResultInfo): string {
  const set = setOf(view);
  const parts: string[] = [];
  end.rackAdjust.forEach((adj, seat) => {
    if (adj === 0) return;
    const rack = end.racks[seat] ?? [];
    const who = seatName(view, seat);
    if (adj < 0 && rack.length > 0) {
      const keeps = seat === view.seat && who === 'Tú' ? 'Te quedas con' : `${who} se queda con`;
      parts.push(`${keeps} ${tileList(set, rack)}: ${signed(adj)}`);
    } else parts.push(`${who} ${signed(adj)}`);
  });
  // The seat that went out gains last, after the racks that pay for it.
  parts.sort((a, b) => Number(/ \+\d+$/.test(a)) - Number(/ \+\d+$/.test(b)));
  return parts.length ? `Fichas que quedan: ${parts.join('; ')}.` : '';
}

/**
 * "Fin de la partida. Gana Ana: Ana 312, Tú 280." In a timed game, the overtime penalties
 * (TM-02) follow, already taken from those scores: "Penalización por tiempo (ya descontada):
 * Tú -30."
 */
export function endText(view: ClientView, end: ResultInfo): string {
  const scores = end.final.map((s, i) => `${seatName(view, i)} ${s}`).join(', ');
  const late = end.timePenalty.flatMap((p, i) => (p > 0 ? [`${seatName(view, i)} ${-p}`] : []));
  const time = late.length ? ` Penalización por tiempo (ya descontada): ${late.join(', ')}.` : '';
  if (end.winners.length !== 1) return `Fin de la partida. Empate: ${scores}.${time}`;
  const w = end.winners[0]!;
  const who = w === view.seat ? 'Ganas tú' : `Gana ${view.seats[w]?.name ?? ''}`;
  return `Fin de la partida. ${who}: ${scores}.${time}`;
}

/**
 * One seat's clock (TM-01/TM-02): the time left, "12 minutos 40"; once over, the time over and
 * what it costs so far, "1 minuto 30 de más (-20 puntos)". `remainingMs` is negative when over.
 */
export function clockText(remainingMs: number, penalty: number): string {
  const minutes = (m: number): string => `${m} ${m === 1 ? 'minuto' : 'minutos'}`;
  // Seconds round up both ways, as on a clock's face: a fresh clock reads "25 minutos 0", and
  // only a clock at exactly zero reads "0 minutos 0", never one that is a moment over.
  if (remainingMs >= 0) {
    const sec = Math.ceil(remainingMs / 1000);
    return `${minutes(Math.floor(sec / 60))} ${sec % 60}`;
  }
  const sec = Math.ceil(-remainingMs / 1000);
  return `${minutes(Math.floor(sec / 60))} ${sec % 60} de más (${points(-penalty)})`;
}

/** Said when a networked client's connection changes (issue 12: it says when it reconnects). */
export const CONNECTION_TEXT = {
  connecting: 'Conectando con el servidor…',
  open: 'Conectado.',
  lost: 'Se ha perdido la conexión. Reconectando…',
  back: 'Conexión recuperada. La partida sigue.',
  closed: 'Sin conexión con el servidor. Recarga la página para volver a intentarlo.',
} as const;

/** Said once when the viewer's own clock drops under a minute (a sound goes with it). */
export const LOW_TIME_TEXT = 'Te queda menos de un minuto.';
