/**
 * How a game of the lobby reads, in the web client's lists and in the terminal's: who sits
 * where, the rules and the clock, and for the player's own games where each one stands.
 */
import type { BotLevelName, LobbyGame, MyGame } from '../protocol/messages.js';
import {
  CLAIM_AFTER_TEXT,
  claimedText,
  spokenList,
  waitingSeatName,
  winnersText,
} from './messages.js';

/** The bot levels by the names players see. */
export const LEVEL_NAMES: Record<BotLevelName, string> = {
  principiante: 'Principiante',
  aficionado: 'Aficionado',
  experto: 'Experto',
  campeon: 'Campeón',
};

/** The presets by the names the lobby gives them. */
export const PRESET_NAMES: Record<LobbyGame['preset'], string> = {
  fise: 'FISE (torneo)',
  caja: 'Caja (reglas de la caja)',
  sala: 'Sala (en línea)',
};

/**
 * One line for a listed game: each seat's holder (a free seat, a seat kept for an invited
 * player not yet arrived, a bot by its level), then the rules and the clock.
 */
export function describeGame(g: LobbyGame): string {
  const seats = g.seats.map((_, i) => seatHolder(g, i)).join(', ');
  const clock = g.clockMinutes ? `, ${g.clockMinutes} min` : '';
  const nine = g.tilesEach === 9 ? ', 9 fichas' : '';
  const target = g.targetScore !== null ? `, fin de línea a ${g.targetScore}` : '';
  return `${seats} · ${PRESET_NAMES[g.preset]}${nine}${target}${clock}`;
}

/**
 * Who holds seat `i` of a listed game: a free seat, a seat kept for an invited player not yet
 * arrived, a person or a bot by name (and level).
 */
export function seatHolder(g: LobbyGame, i: number): string {
  const s = g.seats[i]!;
  if (s.free) return 'asiento libre';
  if (s.name === '') return waitingSeatName(i);
  // A bot's seat is named after its level already: "Aficionado", not "Aficionado (Aficionado)".
  return s.bot && s.name !== LEVEL_NAMES[s.bot] ? `${s.name} (${LEVEL_NAMES[s.bot]})` : s.name;
}

/**
 * The line of one of the player's games: `describeGame`, then where it stands (`mineStatus`).
 */
export function describeMine(g: MyGame, now?: number, timeZone?: string): string {
  const status = mineStatus(g, now, timeZone);
  return status === null ? describeGame(g) : `${describeGame(g)} · ${status}`;
}

/**
 * Where one of the player's games stands: «te toca» (`yours`, for a client to set it apart),
 * «te toca aceptar o impugnar la última jugada» (E-06), «turno de Bea», «faltan jugadores»,
 * «terminada hoy a las 11:20, gana Bea: Tú 10, Bea 12»; null for none. A finished game says
 * when it ended (`endedWhen`, as of `now`, in the reader's time zone unless `timeZone` says),
 * so that two against the same people with the same scores can be told apart.
 */
export function mineStatus(g: MyGame, now = Date.now(), timeZone?: string): string | null {
  if (g.phase === 'over') {
    const when = g.end?.at !== undefined ? ` ${endedWhen(g.end.at, now, timeZone)}` : '';
    if (g.scores.length === 0) return `terminada${when}`;
    const why = g.end ? endedHow(g, g.end) : '';
    const who = g.end ? `${lowerFirst(winnersOf(g, g.end.winners))}: ` : '';
    return `terminada${when}${why}, ${who}${scoresOf(g)}`;
  }
  if (waitingForPlayers(g)) return 'faltan jugadores';
  if (g.turn === g.seat)
    return g.phase === 'final-challenge'
      ? 'te toca aceptar o impugnar la última jugada'
      : 'te toca';
  return g.turn === null ? null : `turno de ${seatHolder(g, g.turn)}`;
}

/** Whether it is the player's turn in one of their games (a game still waiting for players: no). */
export function yours(g: MyGame): boolean {
  return g.phase !== 'over' && !waitingForPlayers(g) && g.turn === g.seat;
}

/** Whether a listed game still waits for players: a free seat, or an invited one not arrived. */
export function waitingForPlayers(g: LobbyGame): boolean {
  return g.seats.some((s) => s.free || s.name === '');
}

/**
 * Said when the turn comes to the player in one of their games while they are elsewhere: away
 * from its table, where a person may claim it from them once the claim time has passed.
 */
export function yourTurnInText(g: MyGame): string {
  const others = spokenList(othersOf(g));
  // E-06: the last play of the game waits for the player's answer, not for a move.
  const turn =
    g.phase === 'final-challenge'
      ? `En tu partida con ${others}, te toca aceptar o impugnar la última jugada`
      : `Te toca en tu partida con ${others}`;
  const people = g.seats.some((s, i) => i !== g.seat && s.bot === null);
  return people
    ? `${turn}: si no vas a la mesa, a los ${CLAIM_AFTER_TEXT} pueden reclamártela.`
    : `${turn}.`;
}

/**
 * Said when one of the player's games ends while they are elsewhere: why, when a resignation
 * or a claim ended it, and who won, with the scores («Ha terminado tu partida con Bea. Bea
 * reclama la partida: la pierdes por no estar en la mesa en tu turno. Gana Bea: Tú 0, Bea 0.»).
 */
export function endedElsewhereText(g: MyGame): string {
  return [`Ha terminado tu partida con ${spokenList(othersOf(g))}.`, ...endOf(g)].join(' ') + '.';
}

// Why the game ended (a resignation or a claim), then who won: «Gana Bea: Tú 0, Bea 0».
function endOf(g: MyGame): string[] {
  const end = g.end;
  if (!end) return [scoresOf(g)];
  const why: string[] = [];
  const name = (seat: number): string | null => (seat === g.seat ? null : seatHolder(g, seat));
  if (end.resigned !== null)
    why.push(
      end.claimedBy !== null
        ? claimedText(name(end.claimedBy), name(end.resigned))
        : end.resigned === g.seat
          ? 'Has abandonado.'
          : `${seatHolder(g, end.resigned)} abandona.`,
    );
  return [...why, `${winnersOf(g, end.winners)}: ${scoresOf(g)}`];
}

// Why a finished game ended, when a resignation or a claim ended it, as a list line says it:
// « (te la reclamó Bea)», « (Bea abandonó)», « (Bea se la reclamó a Cris)».
function endedHow(g: MyGame, end: NonNullable<MyGame['end']>): string {
  if (end.resigned === null) return '';
  const r = end.resigned;
  const by = end.claimedBy;
  const name = (seat: number): string => seatHolder(g, seat);
  if (by === null) return r === g.seat ? ' (abandonaste)' : ` (${name(r)} abandonó)`;
  if (r === g.seat) return ` (te la reclamó ${name(by)})`;
  return by === g.seat
    ? ` (se la reclamaste a ${name(r)})`
    : ` (${name(by)} se la reclamó a ${name(r)})`;
}

// «Has ganado», «Gana Bea», «Empate entre tú y Bea» (E-07).
function winnersOf(g: MyGame, winners: readonly number[]): string {
  return winnersText(winners, g.seats.length, g.seat, (i) => seatHolder(g, i));
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Everyone else at the player's table, by seat. */
export function othersOf(g: MyGame): string[] {
  return g.seats.flatMap((_, i) => (i === g.seat ? [] : [seatHolder(g, i)]));
}

// "Bea 120, Tú 98": the scores by seat, the player's own as «Tú» (as the scoreboard says it).
/**
 * When something happened, as a list of games says it: «hoy a las 11:20», «ayer a la 1:05»,
 * «el 3 de diciembre a las 9:40», «el 3 de diciembre de 2025 a las 9:40» (another year); `at`
 * and `now` in milliseconds since the epoch, in `timeZone` (default: the reader's).
 */
export function endedWhen(at: number, now: number, timeZone?: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' });
  const [hour, minute] = new Intl.DateTimeFormat('es-ES', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':');
  const clock = `${hour === '1' ? 'a la' : 'a las'} ${hour}:${minute}`;
  const date = day.format(at);
  if (date === day.format(now)) return `hoy ${clock}`;
  if (date === day.format(now - 86_400_000)) return `ayer ${clock}`;
  const sameYear = date.slice(0, 4) === day.format(now).slice(0, 4);
  const dayMonth = new Intl.DateTimeFormat('es-ES', {
    timeZone,
    day: 'numeric',
    month: 'long',
    ...(!sameYear && { year: 'numeric' }),
  });
  return `el ${dayMonth.format(at)} ${clock}`;
}

function scoresOf(g: MyGame): string {
  return g.scores.map((s, i) => `${i === g.seat ? 'Tú' : seatHolder(g, i)} ${s}`).join(', ');
}

/** The terminal's list of the player's games on a server (`atril play --mis-partidas`). */
export const MY_GAMES_TEXT = {
  heading: (server: string) => `Tus partidas sin terminar en ${server}:`,
  none: (server: string) => `No tienes partidas sin terminar en ${server}.`,
  neverHere: (server: string) =>
    `Aún no has jugado en ${server} desde este usuario: no tienes partidas allí.`,
  forgotten: (server: string) =>
    `No tienes partidas allí; «atril play --servidor ${server}» empieza una como jugador nuevo.`,
  finishedHeading: 'Tus últimas partidas terminadas:',
  /** The question after the list: which games it offers, to go on with or to see. */
  pick: (unfinished: boolean, finished: boolean) =>
    `Escribe el número de la que quieras ${
      unfinished && finished ? 'seguir o ver' : unfinished ? 'seguir' : 'ver'
    }, o Intro para salir.`,
  noSuch: (text: string, count: number) =>
    count === 1
      ? `«${text}» no es el número de ninguna partida: escribe 1, o Intro para salir.`
      : `«${text}» no es el número de ninguna partida: escribe uno del 1 al ${count}, o Intro para salir.`,
};
