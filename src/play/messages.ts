/**
 * The Spanish sentences of the core: plays, turns and the end described (error codes are
 * turned into sentences by errorText.ts). Every client shows or speaks these same strings.
 */
import type { Word } from '../engine/events.js';
import type { PlayResult } from '../engine/move.js';
import { formatCoord, squareName } from '../engine/notation/coords.js';
import { CLAIM_AFTER_MS, type Rules, describeRules } from '../engine/rules.js';
import { BLANK, type TileSet, parseNotation } from '../engine/tiles.js';
import {
  agree,
  boardTileName,
  points,
  spelled,
  spokenList,
  tileName,
  tilesCount,
  wordSaid,
} from './speech.js';
import type { HistoryRecord, ResultInfo } from '../protocol/view.js';
import { type ClientView, seatClock, setOf } from './view.js';
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

/**
 * A place of the rack whose tile is on the board this turn (C, the rendered racks): it keeps
 * its number, and the others theirs, until the turn ends.
 */
export const EMPTY_PLACE_TEXT = 'vacío';

/** C when every tile of the rack is on the board this turn. */
export const ALL_PLACED_TEXT = 'Atril vacío: todas tus fichas están puestas en el tablero.';

/**
 * Rack place n while its tile is on the board this turn (key n, Shift+n):
 * «2: vacío, E puesta en H8.», «5: vacío, comodín (como A) puesto en I8.»
 */
export function emptyPlaceText(set: TileSet, n: number, tile: number, square: number): string {
  const name = boardTileName(set, tile);
  return `${n}: ${EMPTY_PLACE_TEXT}, ${name} ${agree(tile, 'puesta')} en ${squareName(square)}.`;
}

/**
 * What marks a rack tile chosen for the exchange wherever the rack is read or shown (1–9, the
 * page's rack items): «elegida para cambiar», «elegido para cambiar» for a blank. The choice
 * made in navigation (Shift+n) lasts until G, so it must be heard outside Cambio mode too.
 */
export function chosenNote(tile: number): string {
  return `${agree(tile, 'elegida')} para cambiar`;
}

/**
 * Said on leaving Cambio mode with tiles chosen, which stay chosen for a later G (UX.md §2.2):
 * «Siguen elegidas para cambiar: a, erre.», «Sigue elegido para cambiar: comodín.»
 */
export function stillChosenText(set: TileSet, tiles: readonly number[]): string {
  const names = tiles.map((t) => tileName(set, t)).join(', ');
  if (tiles.length === 1) return `Sigue ${agree(tiles[0]!, 'elegida')} para cambiar: ${names}.`;
  return `Siguen elegidas para cambiar: ${names}.`;
}

/**
 * An arrow (or Home, End) in Cambio mode, where the cursor stays (UX.md §2.2: arrows do nothing
 * there): the mode, and how to choose, confirm and leave.
 */
export const EXCHANGE_ARROW_TEXT =
  'Modo cambio: el cursor no se mueve. Elige fichas con Mayúsculas y la letra o el número; G o Intro para confirmar, Escape para salir.';

/**
 * The seat the sentences speak to in the second person ("Tú", "tu turno"): the viewer's, or
 * none when `byName` is set. Several people sharing one screen (hot-seat) are each called by
 * name, since "Tú" would mean whoever happens to read (issue 10, item 2).
 */
function addressee(view: ClientView, byName: boolean): number | null {
  return byName ? null : view.seat;
}

/**
 * The name a seat goes by: "Tú" for the seat spoken to, else its name; a seat kept for an
 * invited player who has not come yet has no name, and goes by its number.
 */
function seatName(view: ClientView, seat: number, me: number | null): string {
  if (seat === me) return 'Tú';
  return view.seats[seat]?.name || waitingSeatName(seat, view.seats[seat]?.open);
}

/**
 * A seat nobody holds yet: «Invitado (asiento 3)» when it is kept for an invited player,
 * «Libre (asiento 3)» when anyone may take it from the lobby (an open room).
 */
export function waitingSeatName(seat: number, open = false): string {
  return `${open ? 'Libre' : 'Invitado'} (asiento ${seat + 1})`;
}

/** "Tú 212, Ana 187"; by name, "Luis 212, Ana 187". */
export function scoresText(view: ClientView, byName = false): string {
  const me = addressee(view, byName);
  return view.seats.map((s, i) => `${seatName(view, i, me)} ${s.score}${awaySuffix(s)}`).join(', ');
}

/** Text that opens a sentence, its first letter a capital: "comodín elegido" → "Comodín elegido". */
export function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The rules as one sentence: "Reglas FISE (torneo), atril de 9, impugnación libre." */
export function rulesText(rules: Rules): string {
  return `${capitalized(describeRules(rules))}.`;
}

/** V-02 (Fin de línea): the target, said with the scores; undefined in a game without one. */
export function targetText(view: ClientView): string | undefined {
  const t = view.rules.targetScore;
  return t === null ? undefined : `Gana quien llegue antes a ${points(t)}.`;
}

/**
 * E-06: what the player on turn may do while the game's last play waits for an answer, for a
 * client with keys (the commands and their keys).
 */
export const FINAL_WINDOW_TEXT =
  'La partida acaba: solo puedes impugnar la última jugada («impugnar», tecla D) o aceptarla («pasar», tecla P).';

/** FINAL_WINDOW_TEXT for a client of lines only (a terminal's line mode): no keys to press. */
export const FINAL_WINDOW_LINE_TEXT =
  'La partida acaba: solo puedes impugnar la última jugada («impugnar») o aceptarla («pasar»).';

/** E-06 for whoever is not the player on turn: the game may end with the last play. */
const FINAL_PLAY_TEXT = 'La última jugada cierra la partida si nadie la impugna.';

/**
 * How `turnText` says the final window (E-06) when it speaks to the player on turn: with the
 * keys (`keys`) or the commands only (`lines`). At a screen several people share, while the
 * player on turn does not have the keyboard yet (a hot-seat handover), whatever names keys
 * waits for them: `table` says to whoever asks that the last play closes the game, with no
 * keys, and `none` says nothing of it (the turn as the handover comes; the rest once the
 * player has the keyboard).
 */
export type FinalWindowWords = 'keys' | 'lines' | 'table' | 'none';

/**
 * "Tu turno" / "Turno de Ana" / "La partida ha terminado"; while the last play waits to be
 * challenged or accepted (E-06), the player on turn is told so, as `window` says.
 */
export function turnText(
  view: ClientView,
  byName = false,
  window: FinalWindowWords = 'keys',
): string {
  if (view.phase === 'over') {
    // A game someone gave up, or claimed from an absent player: who and why, for whoever
    // opens it later and heard none of it.
    const why = resignationText(view, byName);
    return why ? `La partida ha terminado. ${why}` : 'La partida ha terminado.';
  }
  const mine = view.turn === addressee(view, byName);
  // A player on turn who dropped out: the table knows why nothing happens.
  const away = awaySuffix(view.seats[view.turn]);
  const turn = mine ? 'Tu turno.' : `Turno de ${seatName(view, view.turn, null)}${away}.`;
  // Away long enough to be claimed: said on arrival and by T too, not only when it happens.
  if (!byName && mayClaim(view)) return `${turn.slice(0, -1)}: puedes reclamar la partida.`;
  if (view.phase !== 'final-challenge') return turn;
  // By name (several people at one screen) the sentence is for whoever has the keyboard next.
  if (mine || byName) {
    if (window === 'none') return turn;
    if (window === 'table') return `${turn} ${FINAL_PLAY_TEXT}`;
    return `${turn} ${window === 'lines' ? FINAL_WINDOW_LINE_TEXT : FINAL_WINDOW_TEXT}`;
  }
  // The play that waits is the history's last one.
  const last = [...view.history].reverse().find((r) => r.kind === 'play')?.seat;
  if (last !== undefined && last === view.seat)
    return `${turn} Tu jugada cierra la partida si nadie la impugna.`;
  return `${turn} ${FINAL_PLAY_TEXT}`;
}

/**
 * D, the key to challenge, asks first, as P does before a pass: a stray D may cost the turn
 * (the `double` rule) or points (`penalty`).
 */
export const CHALLENGE_QUESTION_TEXT = '¿Impugnar la última jugada? Pulsa D otra vez.';

/** Any key but D (or X, which repeats the question) after CHALLENGE_QUESTION_TEXT. */
export const CHALLENGE_CANCELLED_TEXT = 'Impugnación cancelada.';

/** Tile codes follow the set's order (T-04): code 1 is its first letter, the A. */
const FIRST_LETTER = 1;

/**
 * G-02, who starts and why, as said at the start of a game: «Sorteo de salida: tú sacas la E;
 * Aficionado, la B. Empieza Aficionado: su ficha es la más cercana a la A.» A blank wins
 * («Empieza Ana: el comodín gana a cualquier letra.»); a tie names who tied and their redraw
 * («Empate entre Ana y tú. Desempate: tú sacas la L; Ana, la P.»); seats that start in order
 * are said so («Empieza Ana por orden de asientos.»). Undefined when the view has no opening
 * (one from a server that does not send it).
 */
export function openingDrawText(view: ClientView, byName = false): string | undefined {
  const opening = view.opening;
  if (!opening) return undefined;
  const me = addressee(view, byName);
  const name = (seat: number): string => seatName(view, seat, me);
  const starts = opening.first === me ? 'Empiezas tú' : `Empieza ${name(opening.first)}`;
  if (opening.draws.length === 0) return `${starts} por orden de asientos.`;
  const set = setOf(view);
  // Letters are feminine («la E», «la che»), the blank is not.
  const drawn = (tile: number): string =>
    tile === BLANK ? 'el comodín' : `la ${boardTileName(set, tile)}`;
  // The viewer is «tú» inside the sentence, after a colon as elsewhere («Tú» heads only the
  // scoreboard, a list of names).
  const who = (seat: number): string => (seat === me ? 'tú' : name(seat));
  const rounds = opening.draws.map((round, k) => {
    const list = round
      .map(({ seat, tile }, i) => {
        if (i > 0) return `${who(seat)}, ${drawn(tile)}`;
        return `${who(seat)} ${seat === me ? 'sacas' : 'saca'} ${drawn(tile)}`;
      })
      .join('; ');
    if (k === 0) return `Sorteo de salida: ${list}.`;
    // Only the seats that tied draw again: named unless every one of the last round did.
    const everyone = round.length === opening.draws[k - 1]!.length;
    const tied = round.map(({ seat }) => who(seat));
    const tie = `${k > 1 ? 'Otro empate' : 'Empate'}${everyone ? '' : ` entre ${spokenList(tied)}`}`;
    return `${tie}. Desempate: ${list}.`;
  });
  const won = opening.draws.at(-1)!.find((d) => d.seat === opening.first)?.tile;
  // An A needs no comparison: nothing but a blank comes before it.
  const why =
    won === undefined
      ? ''
      : won === BLANK
        ? ': el comodín gana a cualquier letra'
        : won === FIRST_LETTER
          ? `: ${opening.first === me ? 'has' : 'ha'} sacado ${drawn(won)}`
          : `: ${opening.first === me ? 'tu' : 'su'} ficha es la más cercana a la A`;
  return `${rounds.join(' ')} ${starts}${why}.`;
}

/** `sorteo` for a game whose view has no opening draw to tell (G-02). */
export const NO_OPENING_DRAW_TEXT = 'No consta el sorteo de salida de esta partida.';

/**
 * Hot-seat: the next person's rack stays hidden until they have the keyboard, so the one who
 * just played does not see it (issue 10, item 2).
 */
export function handoverText(name: string): string {
  return `Pasa el teclado a ${name}; pulsa Intro.`;
}

/** Hot-seat: a key other than Intro while the rack is hidden. */
export function handoverWaitText(name: string): string {
  return `El atril de ${name} está oculto. Pulsa Intro cuando ${name} tenga el teclado.`;
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

/** A placement as U and the history say it: «C7 vertical, FERO», «8H horizontal, ZETA (a como comodín)». */
export function placementText(set: TileSet, coord: string, tiles: readonly number[]): string {
  return `${coord} ${coordDir(coord)}, ${wordSaid(set, tiles)}`;
}

/** An exchange as said, the tiles by their rack names: «Cambiar 3 fichas: a, erre doble, comodín». */
export function exchangeText(set: TileSet, tiles: readonly number[]): string {
  return `Cambiar ${tilesCount(tiles.length)}: ${tiles.map((t) => tileName(set, t)).join(', ')}`;
}

/**
 * A move of the post-game review (src/protocol/review.ts: GCG letters, `.` for a tile already
 * on the board) as it is said, not spelt: a screen reader reads «F.RO» as «efe punto erre o»,
 * and says nothing of the case that marks a blank. A placement is said from its whole word
 * (`main`), as U says a play: «C7 vertical, FERO»; a pass is «Pasar», an exchange names its
 * tiles. Undefined when the notation cannot be read in this tile set.
 */
export function reviewMoveText(
  set: TileSet,
  move: { readonly coord: string | null; readonly word: string; readonly main?: string },
): string | undefined {
  if (move.coord === null) {
    if (move.word === '-') return 'Pasar';
    const tiles = parseNotation(set, move.word.slice(1), { allowUndesignatedBlank: true });
    return tiles.ok ? exchangeText(set, tiles.value) : undefined;
  }
  if (move.main === undefined) return undefined;
  const tiles = parseNotation(set, move.main);
  return tiles.ok ? placementText(set, move.coord, tiles.value) : undefined;
}

/**
 * One turn of the history for the viewer: "Ana: 9C vertical, CHAL, 16" (detailed: the word
 * spelled out and the other words formed). With `ownPlayPrefix`, the viewer's own play reads
 * "Jugada CASA, 8H horizontal, 14 puntos". By name, every seat's turn reads as another's.
 */
export function turnRecordText(
  view: ClientView,
  rec: HistoryRecord,
  detailed: boolean,
  ownPlayPrefix = false,
  byName = false,
): string {
  const me = addressee(view, byName);
  const who = seatName(view, rec.seat, me);
  const mine = rec.seat === me;
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
          : `${who}: ${placementText(set, coord, main)}, ${rec.score}`;
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
    case 'resign': {
      if (rec.claimedBy === undefined) return mine ? 'Has abandonado.' : `${who} abandona.`;
      if (mine) return claimedText(seatName(view, rec.claimedBy, me), null);
      return claimedText(rec.claimedBy === me ? null : seatName(view, rec.claimedBy, me), who);
    }
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
        rec.target === me ? 'tu jugada' : `la jugada de ${seatName(view, rec.target, me)}`;
      const pen = rec.penalty > 0 ? `, ${points(-rec.penalty)} para ${mine ? 'ti' : who}` : '';
      const lost = rec.loseTurn ? (mine ? '; pierdes el turno' : `; ${who} pierde el turno`) : '';
      if (rec.valid) return `${subject} ${play}: es válida y se mantiene${pen}${lost}.`;
      const n = rec.invalidWords.length;
      const bad = n
        ? `: ${words(rec.invalidWords).join(', ')} ${n === 1 ? 'no vale' : 'no valen'}`
        : '';
      const right = mine ? 'aciertas' : 'acierta';
      return `${subject} ${play} y ${right}${bad}. La jugada se retira, 0 puntos.`;
    }
  }
}

/**
 * The tiles the viewer just drew, by their rack names: "Robas: a, erre y comodín." (the colon
 * keeps «Robas a» from sounding like the preposition). When they emptied the bag (`emptied`),
 * fewer than were played perhaps: "Robas: a y e, las últimas de la bolsa."; none at all, the
 * bag being empty already: "No robas: la bolsa está vacía."
 */
export function drawnText(set: TileSet, tiles: readonly number[], emptied = false): string {
  if (tiles.length === 0) return 'No robas: la bolsa está vacía.';
  const list = spokenList(tiles.map((t) => tileName(set, t)));
  if (!emptied) return `Robas: ${list}.`;
  return `Robas: ${list}, ${tiles.length === 1 ? 'la última' : 'las últimas'} de la bolsa.`;
}

/** "Ñ y B", "A, E y comodín": tiles listed as a sentence reads them. */
function tileList(set: TileSet, tiles: readonly number[]): string {
  return spokenList(tiles.map((t) => boardTileName(set, t)));
}

export { spokenList };

/** A signed score change as a scoreboard shows it: "+11", "-11", "0". */
function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * The rack adjustments of the end (E-05), one clause per seat that gained or lost points:
 * "Experto se queda con Ñ y B: -11; Tú +11." Empty when nobody's score moved (a player went
 * out and every other rack was empty, or no racks were left).
 */
export function rackAdjustText(view: ClientView, end: ResultInfo, byName = false): string {
  const set = setOf(view);
  const me = addressee(view, byName);
  const parts: string[] = [];
  end.rackAdjust.forEach((adj, seat) => {
    if (adj === 0) return;
    const rack = end.racks[seat] ?? [];
    const who = seatName(view, seat, me);
    if (adj < 0 && rack.length > 0) {
      // After the colon or a semicolon: lower case.
      const keeps = seat === me ? 'te quedas con' : `${who} se queda con`;
      parts.push(`${keeps} ${tileList(set, rack)}: ${signed(adj)}`);
    } else parts.push(`${who} ${signed(adj)}`);
  });
  // The seat that went out gains last, after the racks that pay for it.
  parts.sort((a, b) => Number(/ \+\d+$/.test(a)) - Number(/ \+\d+$/.test(b)));
  return parts.length ? `Fichas que quedan: ${parts.join('; ')}.` : '';
}

/**
 * "Fin de la partida. Gana Ana: Ana 312, Tú 280." or "Has ganado: Tú 312, Ana 280." (by name: "Ana 312, Luis 280"). In a timed game, the overtime penalties
 * (TM-02) follow, already taken from those scores: "Penalización por tiempo (ya descontada):
 * Tú -30."
 */
export function endText(view: ClientView, end: ResultInfo, byName = false): string {
  const me = addressee(view, byName);
  const scores = end.final.map((s, i) => `${seatName(view, i, me)} ${s}`).join(', ');
  const late = end.timePenalty.flatMap((p, i) => (p > 0 ? [`${seatName(view, i, me)} ${-p}`] : []));
  const time = late.length ? ` Penalización por tiempo (ya descontada): ${late.join(', ')}.` : '';
  const who = winnersText(end.winners, view.seats.length, me, (i) => seatName(view, i, null));
  return `Fin de la partida. ${who}: ${scores}.${time}`;
}

/**
 * Who won (E-07), addressed to seat `me` (null: to no one): «Has ganado», «Gana Ana», «Empate
 * entre Ana y tú», or «Empate» when every seat shares the win.
 */
export function winnersText(
  winners: readonly number[],
  seats: number,
  me: number | null,
  name: (seat: number) => string,
): string {
  if (winners.length === 1) return winners[0] === me ? 'Has ganado' : `Gana ${name(winners[0]!)}`;
  if (winners.length === seats) return 'Empate';
  return `Empate entre ${spokenList(winners.map((w) => (w === me ? 'tú' : name(w))))}`;
}

/**
 * A game ended by a resignation, or claimed from an absent player: its line of the history
 * («Ana reclama la partida: la pierdes por no estar en la mesa en tu turno.»); else ''.
 */
export function resignationText(view: ClientView, byName = false): string {
  if (view.result?.reason !== 'resign') return '';
  const rec = view.history.filter((r) => r.kind === 'resign').at(-1);
  return rec ? turnRecordText(view, rec, false, false, byName) : '';
}

/**
 * How a claim is said («Ana reclama la partida: Bruno la pierde por no estar en la mesa en su
 * turno.»): `claimer` null to the one who claimed, `absent` null to the one who lost it.
 */
export function claimedText(claimer: string | null, absent: string | null): string {
  const who = claimer === null ? 'Reclamas' : `${claimer} reclama`;
  return absent === null
    ? `${who} la partida: la pierdes por no estar en la mesa en tu turno.`
    : `${who} la partida: ${absent} la pierde por no estar en la mesa en su turno.`;
}

/**
 * Whether the viewer may claim the game: a player, the game running, and the seat on turn
 * away long enough (`claimable` in the view).
 */
export function mayClaim(view: ClientView): boolean {
  return claimRefusal(view) === undefined;
}

/**
 * Why the viewer may not claim the game now, as the server's code would say it (a client
 * answers at once, in the same words); undefined when it may.
 */
export function claimRefusal(
  view: ClientView,
): 'GAME_OVER' | 'NOT_SEATED' | 'NOT_CLAIMABLE' | undefined {
  if (view.result !== null) return 'GAME_OVER';
  if (view.seat === null) return 'NOT_SEATED';
  const claimable = view.turn !== view.seat && view.seats[view.turn]?.claimable === true;
  return claimable ? undefined : 'NOT_CLAIMABLE';
}

/**
 * Why the game ended, when no line of the record has said it already: the passes (E-02), the
 * scoreless turns (E-03), a blocked table (V-03) or the target score (V-02). Empty after a
 * player went out or resigned, which their own play or resignation told.
 */
export function endReasonText(view: ClientView, end: ResultInfo): string {
  const r = view.rules;
  switch (end.reason) {
    case 'passes': {
      const n = r.passesToEnd ?? 2;
      const times = ['una vez', 'dos veces', 'tres veces'][n - 1] ?? `${n} veces`;
      return `La partida acaba: todos han pasado ${times} seguidas.`;
    }
    case 'scoreless':
      return `La partida acaba: ${r.scorelessTurnsToEnd ?? 12} turnos seguidos sin puntos.`;
    case 'blocked':
      return 'La partida acaba: la mesa está bloqueada (no se puede cambiar y el tablero no se mueve).';
    case 'target':
      return `La partida acaba: se ha llegado a ${r.targetScore ?? 0} puntos (fin de línea).`;
    default:
      return '';
  }
}

/**
 * One seat's clock (TM-01/TM-02): the time left, "12 minutos 40"; once over, the time over and
 * what it costs so far, "1 minuto 30 de más (-20 puntos)". `remainingMs` is negative when over.
 */
export function clockText(remainingMs: number, penalty: number): string {
  // Under a minute the seconds are named: "57 segundos", not "0 minutos 57". Whole minutes
  // are said as the rules and every other duration say them, "25 minutos", not "25 minutos 0".
  const time = (sec: number): string => {
    const m = Math.floor(sec / 60);
    if (m === 0) return `${sec} ${sec === 1 ? 'segundo' : 'segundos'}`;
    const minutes = `${m} ${m === 1 ? 'minuto' : 'minutos'}`;
    return sec % 60 === 0 ? minutes : `${minutes} ${sec % 60}`;
  };
  // Seconds round up both ways, as on a clock's face: a fresh clock reads "25 minutos", and
  // only a clock at exactly zero reads "0 segundos", never one that is a moment over.
  if (remainingMs >= 0) return time(Math.ceil(remainingMs / 1000));
  return `${time(Math.ceil(-remainingMs / 1000))} de más (${points(-penalty)})`;
}

/**
 * TM-02: a seat's time has run out. The game goes on (no loss on time); each minute started
 * over costs the rules' penalty at the end, as the rules' sentence says it: «Se acabó el
 * tiempo de Ana: al final pierde 10 puntos por cada minuto empezado de más.», to the seat
 * itself «Se acabó tu tiempo: al final pierdes …» (by name, `byName`, at a screen several
 * people share). A clock without a penalty: «…: sigue jugando, sin penalización.»
 */
export function timeUpText(view: ClientView, seat: number, byName = false): string {
  const mine = seat === addressee(view, byName);
  const head = mine ? 'Se acabó tu tiempo' : `Se acabó el tiempo de ${seatName(view, seat, null)}`;
  const penalty = view.rules.clock?.penaltyPerMinute ?? 0;
  if (penalty === 0) return `${head}: ${mine ? 'sigues' : 'sigue'} jugando, sin penalización.`;
  const pts = `${penalty} ${penalty === 1 ? 'punto' : 'puntos'}`;
  return `${head}: al final ${mine ? 'pierdes' : 'pierde'} ${pts} por cada minuto empezado de más.`;
}

/**
 * Every seat's clock at `at` (the view clock's time line): "Tú 12 minutos 40, Ana 9 minutos 5";
 * a seat still waiting for its invitee is named as everywhere else.
 */
export function clocksText(view: ClientView, at: number, byName = false): string {
  const me = addressee(view, byName);
  const parts = view.seats.map((_, i) => {
    const c = seatClock(view, i, at)!;
    return `${seatName(view, i, me)} ${clockText(c.remainingMs, c.penalty)}`;
  });
  return parts.join(', ');
}

// ── A game on a server (the terminal's `atril play --servidor`, the web client) ──────────────

/** Said when the link to the server drops; the client tries to come back by itself. */
export const CONNECTION_LOST_TEXT =
  'Se ha perdido la conexión con el servidor. Intentando volver a conectar…';

/** Said when the client is connected again and back at its seat. */
export const CONNECTION_BACK_TEXT = 'Conexión recuperada: sigues en la partida.';

/** Where a client is back after a reconnection: at its seat, watching a game, in the lobby. */
export type BackAt = 'seat' | 'watch' | 'lobby';

/** Said when the client is connected again, by where it is back. */
export function connectionBackText(at: BackAt): string {
  if (at === 'seat') return CONNECTION_BACK_TEXT;
  return at === 'watch'
    ? 'Conexión recuperada: sigues mirando la partida.'
    : 'Conexión recuperada.';
}

/** The terminal's question before giving the game up: it takes the same word twice. */
export const RESIGN_CONFIRM_TEXT =
  '¿Abandonar la partida? Escribe «abandonar» otra vez para confirmarlo; cualquier otra orden lo deja.';

/**
 * How to reach the help, by the mode the terminal plays in: in key mode «ayuda» typed as keys
 * would be questions and actions (D challenges), so it says the ? key.
 */
export function helpHintText(lineMode: boolean): string {
  return lineMode ? 'Escribe «ayuda» para ver las órdenes.' : 'Pulsa ? para ver la ayuda.';
}

/** «revancha» before the end. */
export const REMATCH_NOT_OVER_TEXT = 'La revancha se pide cuando la partida ha terminado.';

/**
 * Someone at the table asked for a rematch: the new game, same seats, is at `link`; someone
 * `watching` (no seat) may go and watch it.
 */
export function rematchText(link: string, watching = false): string {
  if (watching)
    return `Los jugadores juegan la revancha en ${link} (para mirarla, sal con «salir» y entra con «atril play ${link}»).`;
  return `Revancha: la nueva partida, con los mismos asientos, está en ${link} (sal con «salir» y entra con «atril play ${link}»).`;
}

/**
 * Said while seats wait for their players (a seat's name is empty until then): the people
 * invited to them, or anyone who takes an open room's free seat from the lobby. Nothing once
 * the game is over: nobody will come.
 */
export function waitingSeatsText(view: ClientView): string | undefined {
  if (view.phase === 'over') return undefined;
  const waiting = view.seats.filter((s) => s.name === '');
  const n = waiting.length;
  if (n === 0) return undefined;
  const head = n === 1 ? 'Falta un jugador por llegar' : `Faltan ${n} jugadores por llegar`;
  const open = waiting.filter((s) => s.open).length;
  if (open === 0)
    return `${head}: ${n === 1 ? 'jugará' : 'cada uno jugará'} cuando entre con su invitación.`;
  if (open === n)
    return `${head}: ${n === 1 ? 'el asiento está libre' : 'los asientos están libres'} para quien se siente desde las salas abiertas.`;
  return `${head}: con su invitación o desde las salas abiertas.`;
}

/** A chat line of the room: "Ana dice: ¡suerte!". */
export function chatLineText(from: string, text: string): string {
  return `${from || 'Alguien'} dice: ${text}`;
}

/** Said when someone takes a seat that was waiting: "Bruno ha llegado a la mesa.". */
export function seatTakenText(name: string): string {
  return `${name} ha llegado a la mesa.`;
}

/**
 * Said when a seated player has had no connection to the game for a while: "Bruno ya no está
 * en la mesa." (the server cannot tell a dropped connection from a player gone to the lobby).
 */
export function seatAwayText(name: string): string {
  return `${name} ya no está en la mesa.`;
}

/**
 * Said when the player of a seat held for them has not come yet, as long as a player who left
 * would be shown away: "Bruno aún no ha llegado a la mesa." (a rematch's seat, say).
 */
export function seatAwaitedText(name: string): string {
  return `${name} aún no ha llegado a la mesa.`;
}

/** Said when a player shown away is at the table again: "Bruno ha vuelto a la mesa.". */
export function seatBackText(name: string): string {
  return `${name} ha vuelto a la mesa.`;
}

/** How long a player must be away before a claim, as said: «2 minutos». */
export const CLAIM_AFTER_TEXT = ((m: number) => (m === 1 ? 'un minuto' : `${m} minutos`))(
  Math.round(CLAIM_AFTER_MS / 60_000),
);

/** The help line of the order «reclamar», in every client. */
export const CLAIM_HELP_TEXT = `Cuando el jugador en turno lleva más de ${CLAIM_AFTER_TEXT} fuera de la mesa, dar la partida por terminada: la pierde quien no está.`;

/**
 * Said to the other players when the absent player on turn may have the game claimed from
 * them; `how` names the way to claim in this client («escribe «reclamar»»).
 */
export function claimableText(name: string, how: string, seats = 2): string {
  const end = seats > 2 ? `termina para todos y la pierde ${name}` : `la pierde ${name}`;
  return `${name} lleva más de ${CLAIM_AFTER_TEXT} fuera de la mesa en su turno: puedes reclamar la partida (${how}): ${end}. O seguir esperando.`;
}

/** After a seat's name and score while its player is away from the table: "Ana 187 (ausente)". */
export const AWAY_MARK = 'ausente';

/** « (ausente)» after a seat whose player is away from the table; nothing otherwise. */
export function awaySuffix(seat: { readonly away?: true } | undefined): string {
  return seat?.away ? ` (${AWAY_MARK})` : '';
}

/** Said when a networked client's connection changes (issue 12: it says when it reconnects). */
export const CONNECTION_TEXT = {
  connecting: 'Conectando con el servidor…',
  open: 'Conectado.',
  lost: CONNECTION_LOST_TEXT,
  closed: 'Sin conexión con el servidor. Recarga la página para volver a intentarlo.',
} as const;

/** Said once when the viewer's own clock drops under a minute (a sound goes with it). */
export const LOW_TIME_TEXT = 'Te queda menos de un minuto.';

/**
 * LOW_TIME_TEXT for `seat`'s clock; by name (several people at one screen, where «te» would
 * be whoever is reading) it names the player: «A Ana le queda menos de un minuto.»
 */
export function lowTimeText(view: ClientView, seat: number, byName = false): string {
  return byName ? `A ${seatName(view, seat, null)} le queda menos de un minuto.` : LOW_TIME_TEXT;
}

/** Said when a search for a letter on the board starts again from A1 (before the square). */
export const WRAP_TEXT = 'Vuelta al principio.';

/**
 * Said when Intro is pressed on an empty command line of the web page: in a browser nothing
 * else shows that the key was taken (the terminal just prompts again).
 */
export const EMPTY_LINE_TEXT =
  'No has escrito ninguna orden. Escribe, por ejemplo, «8H casa» o «turno» y pulsa Intro; «ayuda» las lista todas.';

// ── A game kept on this machine (the terminal's guardar, salir and --cargar) ────────────────

/** Said once the game is over: it stays open for reading and saving until the player leaves. */
export const END_HINT =
  'La partida ha terminado. Puedes pedir «resultado», «marcador», «tablero», «palabras» o ' +
  '«guardar FICHERO»; «salir» para terminar.';

/**
 * Said at the end of the game: the seed, which fixed every rack and the bag's order and so was
 * a secret until now (issue 10, items 6 and 9), for playing the same deal again.
 */
export function seedText(seed: string | number): string {
  return `Semilla ${seed}: con los mismos jugadores y reglas, «--seed ${seed}» reparte las mismas fichas.`;
}

/** `impugnar NOMBRE` naming nobody (or a bot) at the table. */
export function noSuchPersonText(name: string): string {
  return `No hay nadie llamado «${name}» en la mesa.`;
}

/** `impugnar NOMBRE` naming the person whose play waits to be challenged (C-01). */
export function ownPlayChallengeText(name: string): string {
  return `${name} no puede impugnar su propia jugada.`;
}

/** The terminal's own commands, on top of the core's, as `ayuda` lists them. */
export const TERMINAL_HELP: readonly {
  readonly names: readonly string[];
  readonly help: string;
}[] = [
  {
    names: ['tablero'],
    help: 'Dibujar el tablero (filas 1–15, columnas A–O; minúscula = comodín).',
  },
  {
    names: ['impugnar NOMBRE'],
    help: 'Con 3 o 4 jugadores, impugna la última jugada en nombre de otra persona de la mesa.',
  },
  {
    names: ['guardar'],
    help: 'Guardar la partida en un fichero GCG: «guardar FICHERO» (nunca reemplaza un fichero que ya existe).',
  },
  {
    names: ['reemplazar'],
    help: 'Guardar la partida reemplazando un fichero: «reemplazar FICHERO».',
  },
  {
    names: ['salir'],
    help: 'Salir del programa. Si la partida no ha terminado, en el modo de teclas se pide confirmación; en el de líneas se guarda en un fichero y se dice dónde (si se ha jugado algo desde que empezó o se cargó).',
  },
];

/** `guardar FICHERO` when FICHERO exists: nothing was written. */
export function saveExistsText(path: string): string {
  return `Ya existe «${path}»; no se ha tocado. Para reemplazarlo: «reemplazar ${path}».`;
}

/** A save that failed; `problem` is writeProblemText's words. */
export function saveFailedText(path: string, problem: string): string {
  return `No se ha podido guardar en «${path}»: ${problem}.`;
}

/** A finished game saved: the file is the full record. */
export function savedText(path: string): string {
  return `Partida guardada en «${path}».`;
}

/**
 * An unfinished game saved (issue 10, item 9): the file keeps the others' racks and the bag
 * secret, and the full record went to Atril's private folder `privateDir`.
 */
export function savedMidGameText(path: string, privateDir: string): string {
  return (
    `Partida guardada en «${path}». Mientras la partida sigue, el fichero no muestra los ` +
    `atriles de los demás ni la bolsa; para seguirla, Atril los guarda aparte, en «${privateDir}».`
  );
}

/**
 * `path` as one word of a shell command, to be copied as it is: bare when it holds nothing a
 * shell reads specially, else between single quotes (a quote inside written '\'').
 */
export function shellWord(path: string): string {
  return /^[\w./+,:@%=-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/**
 * An unfinished game left by end of input or `salir`, saved in Atril's folder at `path`; the
 * command to go on ends the sentence without a full stop, so that it can be copied whole.
 */
export function autosavedText(path: string): string {
  return `La partida queda sin terminar; está guardada en «${path}». Para seguirla: atril play --cargar ${shellWord(path)}`;
}

/**
 * A game read with `--cargar path` left before anything happened in it: no new file, the game
 * is still in `path` as it was saved; the command to go on ends the sentence, as in
 * `autosavedText`.
 */
export function leftAsSavedText(path: string): string {
  return `La partida queda como estaba guardada en «${path}». Para seguirla: atril play --cargar ${shellWord(path)}`;
}

/** An unfinished game left without a way to save it (no folder, or the save failed). */
export function autosaveFailedText(dir: string, problem: string): string {
  return `La partida queda sin terminar y no se ha podido guardar en «${dir}»: ${problem}.`;
}

/** An unfinished game left, with nothing said about saving it. */
export const LEFT_UNFINISHED_TEXT = 'La partida queda sin terminar.';

/** `--cargar` of a record whose private-part pragma is not a name Atril writes. */
export function badPrivateIdText(path: string, pragma: string): string {
  return `«${path}»: el nombre de la parte privada (#${pragma}) no es válido.`;
}

/**
 * `--cargar` of a game saved mid-game whose private full record is not in this user's folder
 * `full`. Atril keeps only the latest `keep` of them, and removes a game's once it is over.
 */
export function privateMissingText(path: string, full: string, keep: number): string {
  return (
    `«${path}» es una partida a medias guardada sin los atriles ni la bolsa; lo que hace falta ` +
    `para seguirla se guardó aparte, en «${full}», y no está: o la partida ya terminó, o se ` +
    `guardó en otro ordenador, o es más antigua que las ${keep} últimas que Atril conserva.`
  );
}

/**
 * `--cargar` of a game another user of this computer saved mid-game: its racks and bag are in
 * that user's private folder, which nobody else may read, so only they can go on with it.
 */
export function privateOtherUserText(path: string): string {
  return (
    `«${path}» es una partida a medias que guardó otro usuario de este ordenador. Los atriles ` +
    `y la bolsa, que hacen falta para seguirla, están en la carpeta privada de ese usuario, y ` +
    `solo ese usuario puede seguirla: entrando con su usuario, «atril play --cargar ${path}».`
  );
}

/** `--cargar` of a record whose saved clock does not fit its events. */
export function clockMismatchText(path: string, pragma: string): string {
  return `«${path}»: el reloj guardado (#${pragma}) no encaja con la partida.`;
}

/** Key mode: Control+C, Control+D or `salir` in an unfinished game. */
export const QUIT_QUESTION_TEXT =
  'La partida no ha terminado. ¿Salir sin guardar? Pulsa S (o Control+C otra vez) para salir; ' +
  'otra tecla sigue la partida. Para guardarla: /guardar FICHERO.';

/** Leaving a finished game. */
export const GOODBYE_TEXT = 'Hasta luego.';

/** Key mode: leaving an unfinished game after saying yes. */
export const GOODBYE_UNFINISHED_TEXT = 'Hasta luego: la partida queda sin terminar.';

/** Key mode: any key but S after the question to leave. */
export const STILL_PLAYING_TEXT = 'Sigues en la partida.';

/** Key mode: any key but S after the question to replace a file. */
export const NOT_SAVED_TEXT = 'No se ha guardado.';

/** Key mode: `guardar FICHERO` when FICHERO exists. */
export function replaceQuestionText(path: string): string {
  return `Ya existe «${path}». ¿Reemplazarlo? Pulsa S para sí; otra tecla, no.`;
}

/** `guardar` or `reemplazar` (the word typed) without a file name. */
export function missingFileText(word: string): string {
  return `Falta el fichero: ${word} FICHERO.`;
}

/** Key mode: Escape on the command line. */
export const COMMAND_LINE_CLOSED_TEXT = 'Línea de órdenes cerrada.';

/** Key mode: `tablero`, which the screen always shows. */
export const BOARD_ABOVE_TEXT = 'El tablero está arriba.';

/** Line mode: the input ended (before what happened to the game). */
export const END_OF_INPUT_TEXT = 'Fin de la entrada.';

/** Line mode: Control+C, a hang-up or a kill (before what happened to the game). */
export const INTERRUPTED_TEXT = 'Partida interrumpida.';
