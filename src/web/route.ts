/**
 * The page's addresses, after the `#` so a seat token never reaches the server in a request
 * line: `#/` the lobby, `#/partida/ID` a game (your seat, or watching), the invitation link
 * `#/partida/ID?invitacion=TOKEN`, which opens one seat of that game, and
 * `#/partida/ID?asiento=N` to take open seat N (1–4) from the lobby.
 */

export type Route =
  | {
      readonly page: 'lobby';
      /** The address asked for when it named no page: the lobby says it went there instead. */
      readonly unknown?: string;
    }
  | {
      readonly page: 'game';
      readonly gameId: string;
      readonly invite?: string;
      /** Zero-based open seat to take. */
      readonly seat?: number;
    };

/** The route of a location's hash (`#/partida/ID?invitacion=T`). */
export function routeOf(hash: string): Route {
  const m = /^#?\/partida\/([A-Za-z0-9_-]{1,32})\/?(?:\?(.*))?$/.exec(hash);
  if (!m) return /^#?\/?$/.test(hash) ? { page: 'lobby' } : { page: 'lobby', unknown: hash };
  const q = new URLSearchParams(m[2] ?? '');
  const invite = q.get('invitacion');
  const n = q.get('asiento') ?? '';
  const seat = /^[1-4]$/.test(n) ? Number(n) - 1 : undefined;
  return {
    page: 'game',
    gameId: m[1]!,
    ...(invite ? { invite } : {}),
    ...(seat !== undefined ? { seat } : {}),
  };
}

/**
 * What tells one address of the page from another: the page, the game, and the invitation or
 * seat asked for. Two invitation links for the same game are two requests.
 */
export function routeKey(r: Route): string {
  if (r.page === 'lobby') return 'lobby';
  return `${r.gameId}?${r.invite ?? ''}&${r.seat ?? ''}`;
}

/** The hash of a game's page (`#/partida/ID`), optionally to take open seat `seat` (0-based). */
export function gameHash(gameId: string, seat?: number): string {
  const base = `#/partida/${encodeURIComponent(gameId)}`;
  return seat === undefined ? base : `${base}?asiento=${seat + 1}`;
}

/** The invitation link for one seat, to share. */
export function inviteUrl(origin: string, gameId: string, seatToken: string): string {
  return `${origin}/${gameHash(gameId)}?invitacion=${encodeURIComponent(seatToken)}`;
}
