/**
 * The page's addresses: `/` the lobby, `/partida/ID` a game (your seat, or watching), and the
 * invitation link `/partida/ID?invitacion=TOKEN`, which opens one seat of that game.
 */

export type Route =
  | { readonly page: 'lobby' }
  | { readonly page: 'game'; readonly gameId: string; readonly invite?: string };

/** The route of a location's path and query. */
export function routeOf(pathname: string, search: string): Route {
  const m = /^\/partida\/([A-Za-z0-9_-]{1,32})\/?$/.exec(pathname);
  if (!m) return { page: 'lobby' };
  const invite = new URLSearchParams(search).get('invitacion');
  return invite ? { page: 'game', gameId: m[1]!, invite } : { page: 'game', gameId: m[1]! };
}

/** The path of a game's page. */
export function gamePath(gameId: string): string {
  return `/partida/${encodeURIComponent(gameId)}`;
}

/** The invitation link for one seat, to share. */
export function inviteUrl(origin: string, gameId: string, seatToken: string): string {
  return `${origin}${gamePath(gameId)}?invitacion=${encodeURIComponent(seatToken)}`;
}

/** The GCG download of a game (served by `atril serve`). */
export function gcgPath(gameId: string): string {
  return `/games/${encodeURIComponent(gameId)}/gcg`;
}
