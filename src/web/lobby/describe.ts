/** How the lobby's list reads a game: who sits where, the rules and the clock. */
import type { LobbyGame } from '../../protocol/messages.js';
import { waitingSeatName } from '../../play/messages.js';
import { L } from '../labels.js';

/**
 * One line for a listed game: each seat's holder (a free seat, a seat kept for an invited
 * player not yet arrived, a bot by its level), then the rules and the clock.
 */
export function describeGame(g: LobbyGame): string {
  const seats = g.seats.map((_, i) => seatHolder(g, i)).join(', ');
  const clock = g.clockMinutes ? `, ${g.clockMinutes} min` : '';
  const nine = g.tilesEach === 9 ? `, ${L.nineTiles}` : '';
  const target = g.targetScore !== null ? `, ${L.targetOf(g.targetScore)}` : '';
  return `${seats} · ${L.presets[g.preset]}${nine}${target}${clock}`;
}

/**
 * Who holds seat `i` of a listed game: a free seat, a seat kept for an invited player not yet
 * arrived, a person or a bot by name (and level).
 */
export function seatHolder(g: LobbyGame, i: number): string {
  const s = g.seats[i]!;
  if (s.free) return L.freeSeat;
  if (s.name === '') return waitingSeatName(i);
  // A bot's seat is named after its level already: "Aficionado", not "Aficionado (Aficionado)".
  return s.bot && s.name !== L.levels[s.bot] ? `${s.name} (${L.levels[s.bot]})` : s.name;
}

/**
 * The players who sat down in a listed game since `before` (its previous listing), by name:
 * people only, the viewer's own seat left out.
 */
export function newlySeated(before: LobbyGame, game: LobbyGame, ownSeat: number): string[] {
  return game.seats.flatMap((s, i) =>
    i !== ownSeat && s.bot === null && s.name !== '' && before.seats[i]?.name === ''
      ? [s.name]
      : [],
  );
}
