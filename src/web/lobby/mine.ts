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

/**
 * What to say about changes to the player's games: sentences, to be said together (the page's
 * `pacedSpeech` says a repeated one once); `assertive` when a game ended.
 */
export interface MineNews {
  readonly parts: readonly string[];
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
  const parts: string[] = [];
  let assertive = false;
  for (const game of games) {
    const one = changedBy(list, game);
    list = one.mine;
    parts.push(...(one.news?.parts ?? []));
    assertive ||= one.news?.assertive ?? false;
  }
  return { mine: list, news: parts.length > 0 ? { parts, assertive } : null };
}

/**
 * The player's games after a list of them from the server that the player did not ask for
 * (after a reconnection, or a room made in another tab): the list, then the games that ended
 * here meanwhile. A game listed here as unfinished that the server no longer lists ended where
 * this page could not hear it (the connection was down): it stays, ended, how not known here,
 * and is said.
 */
export function mineRelisted(mine: readonly MyGame[], listed: readonly MyGame[]): MineChange {
  const gone = mine.filter((g) => !listed.some((l) => l.gameId === g.gameId));
  const ended = gone.map((g) =>
    g.phase === 'over' ? g : { ...g, phase: 'over' as const, turn: null, scores: [] },
  );
  const unheard = gone.filter((g) => g.phase !== 'over');
  return {
    mine: [...listed, ...ended],
    news:
      unheard.length === 0
        ? null
        : { parts: [...unheard.map(L.endedUnheard), L.keptUntilRefresh], assertive: true },
  };
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
      news: { parts: [endedElsewhereText(now), L.keptUntilRefresh], assertive: true },
    };
  // The turn comes to the player: from another seat, or as the room fills on their own seat
  // (waiting for players it was listed as theirs already).
  const comes = before.turn !== now.seat || (waitingForPlayers(before) && !waitingForPlayers(now));
  if (now.phase !== 'over' && now.turn === now.seat && comes)
    return { mine: list, news: { parts: [yourTurnInText(now)], assertive: false } };
  return { mine: list, news: null };
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
