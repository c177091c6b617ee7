/**
 * The names a game's seats show: the player's display name, the bot's level as a name, or
 * nothing for a seat nobody holds yet. Rooms put them in views, the lobby in its list.
 */
import type { GameRecord, Store } from '../store/index.js';

/** Name shown for a seat nobody has taken yet. */
export const EMPTY_SEAT = '';

const BOT_NAMES: Readonly<Record<string, string>> = {
  principiante: 'Principiante',
  aficionado: 'Aficionado',
  experto: 'Experto',
  campeon: 'Campeón',
};

/** One name per seat of a stored game, in seat order (reads the seated players' names). */
export async function seatNames(store: Store, game: GameRecord): Promise<string[]> {
  return Promise.all(
    game.seats.map(async (s) => {
      if (s.botLevel !== null) return BOT_NAMES[s.botLevel] ?? s.botLevel;
      if (s.playerId === null) return EMPTY_SEAT;
      return (await store.getPlayer(s.playerId))?.name ?? EMPTY_SEAT;
    }),
  );
}
