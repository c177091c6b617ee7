/**
 * The addresses a person handles: a server's address (`http://casa:8080`), and a game's link,
 * which is that address plus a route the web client reads — `#/partida/ID` to come back to a
 * game or watch it, `#/partida/ID?invitacion=TOKEN` for an invited seat. The route lives after
 * the `#` so that a seat token never travels to the server in a request line (nor into its
 * logs); the WebSocket address is the server's `/ws`. Written without the platform's URL
 * class, which the client's tsconfig (no DOM, no Node) does not know.
 */

/** Where a link points: the server, and optionally a game and an invitation's seat token. */
export interface GameLink {
  /** The server's web address, `http(s)://host[:port]`, no trailing slash. */
  readonly server: string;
  readonly gameId?: string;
  readonly seatToken?: string;
}

const ORIGIN = /^(https?|wss?):\/\/([^/?#\s]+)/i;
const ROUTE = /\/partida\/([A-Za-z0-9_-]{1,32})(?:\?(.*))?$/;

/**
 * Reads a server address or a game link (`http://host:8080`, `host:8080`, `ws://host:8080/ws`,
 * `http://host:8080/#/partida/ID?invitacion=TOKEN`, or the same route as a path); undefined
 * when the text is neither.
 */
export function parseLink(text: string): GameLink | undefined {
  const t = text.trim();
  const withScheme = /^[a-z]+:\/\//i.test(t) ? t : `http://${t}`;
  const m = ORIGIN.exec(withScheme);
  if (!m) return undefined;
  const secure = /^(https|wss)$/i.test(m[1]!);
  const host = m[2]!;
  if (!/^[A-Za-z0-9.\-[\]:]+$/.test(host)) return undefined;
  const server = `${secure ? 'https' : 'http'}://${host.toLowerCase()}`;
  const rest = withScheme.slice(m[0].length);
  const route = ROUTE.exec(rest.replace(/^\/?#/, ''));
  if (!route) return rest === '' || rest === '/' || /^\/ws\/?$/.test(rest) ? { server } : undefined;
  const token = (route[2] ?? '')
    .split('&')
    .map((kv) => kv.split('='))
    .find(([k]) => k === 'invitacion')?.[1];
  let seatToken: string | undefined;
  try {
    seatToken = token ? decodeURIComponent(token) : undefined;
  } catch {
    return undefined; // a malformed %-escape: not a link Atril wrote
  }
  return { server, gameId: route[1]!, ...(seatToken ? { seatToken } : {}) };
}

/** The link to a game, with an invitation's seat token when given. */
export function gameLink(server: string, gameId: string, seatToken?: string): string {
  const base = server.replace(/\/+$/, '');
  const query = seatToken === undefined ? '' : `?invitacion=${encodeURIComponent(seatToken)}`;
  return `${base}/#/partida/${encodeURIComponent(gameId)}${query}`;
}

/** The WebSocket address of a server's rooms: `ws(s)://host[:port]/ws`. */
export function socketUrl(server: string): string {
  return server.replace(/^http/i, 'ws').replace(/\/+$/, '') + '/ws';
}
