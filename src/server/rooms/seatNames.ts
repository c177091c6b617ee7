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

/**
 * One name per seat of a stored game, in seat order (reads the seated players' names). Names
 * are not unique among players: a name met again at the table gets its count, «Ana (2)», so
 * that every sentence about a seat says which one.
 */
export async function seatNames(store: Store, game: GameRecord): Promise<string[]> {
  const names = await Promise.all(
    game.seats.map(async (s) => {
      if (s.botLevel !== null) return BOT_NAMES[s.botLevel] ?? s.botLevel;
      if (s.playerId === null) return EMPTY_SEAT;
      return (await store.getPlayer(s.playerId))?.name ?? EMPTY_SEAT;
    }),
  );
  const seen = new Map<string, number>();
  return names.map((n) => {
    if (n === EMPTY_SEAT) return n;
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n} (${k})`;
  });
}
