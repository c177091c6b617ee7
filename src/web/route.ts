/**
 * The page's addresses: `/` the lobby, `/partida/ID` a game (your seat, or watching), the
 * invitation link `/partida/ID?invitacion=TOKEN`, which opens one seat of that game, and
 * `/partida/ID?asiento=N` to take open seat N (1–4) from the lobby.
 */

export type Route =
  | { readonly page: 'lobby' }
  | {
      readonly page: 'game';
      readonly gameId: string;
      readonly invite?: string;
      /** Zero-based open seat to take. */
      readonly seat?: number;
    };

/** The route of a location's path and query. */
export function routeOf(pathname: string, search: string): Route {
  const m = /^\/partida\/([A-Za-z0-9_-]{1,32})\/?$/.exec(pathname);
  if (!m) return { page: 'lobby' };
  const q = new URLSearchParams(search);
  const invite = q.get('invitacion');
  const seat = /^[1-4]$/.test(q.get('asiento') ?? '') ? Number(q.get('asiento')) - 1 : undefined;
  return {
    page: 'game',
    gameId: m[1]!,
    ...(invite ? { invite } : {}),
    ...(seat !== undefined ? { seat } : {}),
  };
}

/** The path of a game's page. */
export function gamePath(gameId: string): string {
  return `/partida/${encodeURIComponent(gameId)}`;
}

/** The invitation link for one seat, to share. */
export function inviteUrl(origin: string, gameId: string, seatToken: string): string {
  return `${origin}${gamePath(gameId)}?invitacion=${encodeURIComponent(seatToken)}`;
}
