/**
 * «Mis partidas» and «Partidas terminadas» kept live from the lobby's updates while the player
 * waits there: each unfinished game says whose turn it is, the player hears when one becomes
 * theirs, and a game that ends meanwhile (a resignation, a claim, the last tile) is said and
 * moves to the finished ones, to be opened and read.
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

/** The player's games: those not over, and those finished, the last to end first. */
export interface MyLists {
  readonly mine: readonly MyGame[];
  readonly finished: readonly MyGame[];
}

/** The player's games after a lobby update, and what to say about it (null: nothing). */
export interface MineChange extends MyLists {
  readonly news: MineNews | null;
}

/**
 * Applies lobby updates to the player's games: one game that changed, or the whole lobby again
 * after a reconnection (what changed meanwhile is said in one message). A game not among the
 * player's, or an update older than the one listed (the list was read after it), leaves the
 * lists as they were.
 */
export function mineChanged(lists: MyLists, games: readonly LobbyGame[]): MineChange {
  let now: MyLists = lists;
  const parts: string[] = [];
  let assertive = false;
  for (const game of games) {
    const one = changedBy(now, game);
    now = one;
    parts.push(...(one.news?.parts ?? []));
    assertive ||= one.news?.assertive ?? false;
  }
  return { ...now, news: parts.length > 0 ? { parts, assertive } : null };
}

/**
 * The player's games after a list of them from the server that the player did not ask for
 * (after a reconnection, or a room made in another tab). A game listed here as unfinished that
 * the server no longer lists as such ended where this page could not hear it (the connection
 * was down): it is said, how it ended when the server lists it among the finished, and moves
 * there; one the server does not list at all stays, ended, how not known here.
 */
export function mineRelisted(lists: MyLists, listed: MyLists): MineChange {
  const gone = lists.mine.filter((g) => !listed.mine.some((l) => l.gameId === g.gameId));
  const parts: string[] = [];
  const unknown: MyGame[] = [];
  for (const g of gone) {
    const ended = listed.finished.find((f) => f.gameId === g.gameId);
    if (ended) parts.push(endedElsewhereText(ended));
    else {
      unknown.push({ ...g, phase: 'over', turn: null, scores: [] });
      parts.push(L.endedUnheard(g));
    }
  }
  const finished = [...unknown, ...listed.finished];
  return {
    mine: listed.mine,
    finished,
    news: parts.length === 0 ? null : { parts: [...parts, L.inFinished], assertive: true },
  };
}

// One game's update (see mineChanged).
function changedBy(lists: MyLists, game: LobbyGame): MineChange {
  const { mine, finished } = lists;
  const i = mine.findIndex((g) => g.gameId === game.gameId);
  if (i < 0 || game.version < mine[i]!.version) return { ...lists, news: null };
  const before = mine[i]!;
  const now: MyGame = { ...game, seat: before.seat };
  if (now.phase === 'over')
    return {
      mine: mine.filter((_, j) => j !== i),
      finished: [now, ...finished.filter((g) => g.gameId !== now.gameId)],
      news: { parts: [endedElsewhereText(now), L.inFinished], assertive: true },
    };
  const list = mine.map((g, j) => (j === i ? now : g));
  // The turn comes to the player: from another seat, or as the room fills on their own seat
  // (waiting for players it was listed as theirs already).
  const comes = before.turn !== now.seat || (waitingForPlayers(before) && !waitingForPlayers(now));
  if (now.turn === now.seat && comes)
    return { mine: list, finished, news: { parts: [yourTurnInText(now)], assertive: false } };
  return { mine: list, finished, news: null };
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
