/**
 * «Mis partidas» kept live from the lobby's updates while the player waits there: each game says
 * whose turn it is, the player hears when one becomes theirs, and a game that ends meanwhile
 * (a resignation, a claim, the last tile) is said and stays listed, to be opened and read,
 * until the player asks for the list again with «Actualizar» (the server lists unfinished
 * games only).
 */
import type { LobbyGame, MyGame } from '../../protocol/messages.js';
import { endedElsewhereText, waitingForPlayers, yourTurnInText } from '../../play/lobbyText.js';
import { L } from '../labels.js';

/** What to say about a change to one of the player's games; `assertive` for an ending. */
export interface MineNews {
  readonly text: string;
  readonly assertive: boolean;
}

/** The player's games after a lobby update, and what to say about it (null: nothing). */
export interface MineChange {
  readonly mine: readonly MyGame[];
  readonly news: MineNews | null;
}

/**
 * Applies lobby updates to the player's games: one game that changed, or the whole lobby again
 * after a reconnection (what changed meanwhile is said in one message). A game not among the
 * player's, or an update older than the one listed (the list was read after it), leaves the
 * list as it was.
 */
export function mineChanged(mine: readonly MyGame[], games: readonly LobbyGame[]): MineChange {
  let list = mine;
  const texts: string[] = [];
  let assertive = false;
  for (const game of games) {
    const one = changedBy(list, game);
    list = one.mine;
    if (!one.news) continue;
    texts.push(one.news.text);
    assertive ||= one.news.assertive;
  }
  return { mine: list, news: texts.length > 0 ? { text: texts.join(' '), assertive } : null };
}

// One game's update (see mineChanged).
function changedBy(mine: readonly MyGame[], game: LobbyGame): MineChange {
  const i = mine.findIndex((g) => g.gameId === game.gameId);
  if (i < 0 || game.version < mine[i]!.version) return { mine, news: null };
  const before = mine[i]!;
  const now: MyGame = { ...game, seat: before.seat };
  const list = mine.map((g, j) => (j === i ? now : g));
  if (now.phase === 'over' && before.phase !== 'over')
    return {
      mine: list,
      news: { text: `${endedElsewhereText(now)} ${L.keptUntilRefresh}`, assertive: true },
    };
  // The turn comes to the player: from another seat, or as the room fills on their own seat
  // (waiting for players it was listed as theirs already).
  const comes = before.turn !== now.seat || (waitingForPlayers(before) && !waitingForPlayers(now));
  if (now.phase !== 'over' && now.turn === now.seat && comes)
    return { mine: list, news: { text: yourTurnInText(now), assertive: false } };
  return { mine: list, news: null };
}

/**
 * The player's games as the server lists them now, and after them the ones listed here that
 * ended while the player waited (the server lists unfinished games only).
 */
export function keepEnded(mine: readonly MyGame[], listed: readonly MyGame[]): MyGame[] {
  const ended = mine.filter(
    (g) => g.phase === 'over' && !listed.some((l) => l.gameId === g.gameId),
  );
  return [...listed, ...ended];
}

/** Whether a person named `name` sits in the listed game (undefined: no game). */
export function seatedAs(game: LobbyGame | undefined, name: string): boolean {
  return game?.seats.some((s) => s.bot === null && s.name === name) ?? false;
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
