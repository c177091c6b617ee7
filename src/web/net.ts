/**
 * The page's one connection to the server it was loaded from, through src/client (the same
 * protocol client the terminal uses): said hello with the remembered token (or the name, the
 * first time), the token kept when the server gives one, and the link's state — lost,
 * reconnecting, back — said in the assertive live region and shown on the page.
 */
import { signal } from '@preact/signals';
import { Connection, ConnectionError } from '../client/connection.js';
import { socketUrl } from '../client/link.js';
import { type BackAt, CONNECTION_TEXT, connectionBackText } from '../play/messages.js';
import { onlineErrorText } from '../play/errorText.js';
import { saveName, saveToken, savedToken, forgetToken } from './identity.js';
import { speak } from './live.js';

/** Where the link stands, for the page. */
export type LinkState = 'connecting' | 'online' | 'lost' | 'closed';

/** The state of the link; `online` once welcomed (again). */
export const linkState = signal<LinkState>('connecting');
/** What to show about the link; empty while all is well. */
export const linkText = signal('');

/** Where the page is, for what «back» says: the lobby, a seat at a game, or watching one. */
export const place = signal<BackAt>('lobby');

let current: Promise<Connection> | undefined;
/** The newest connection: the one whose link state the page shows (see `rename`). */
let live: Connection | undefined;

/** The page's connection, opened on first use with the remembered token or the name. */
export function connection(name: string): Promise<Connection> {
  current ??= keep(open(name, false));
  return current;
}

/**
 * Says hello again with the remembered token and a new display name: the server renames the
 * player, in the lobby and at every table they sit at. The old link is closed without a word.
 */
export function rename(name: string): Promise<Connection> {
  const before = current;
  current = keep(open(name, true));
  void before?.then(
    (c) => c.close(),
    () => {},
  );
  return current;
}

// The connection being opened, forgotten if it fails so that the next use tries again.
function keep(opening: Promise<Connection>): Promise<Connection> {
  const p = opening.catch((e: unknown) => {
    if (current === p) current = undefined;
    throw e;
  });
  return p;
}

async function open(name: string, renaming: boolean): Promise<Connection> {
  const token = savedToken();
  try {
    return await start(name, token, renaming);
  } catch (e) {
    // A token this server does not know (another database): start again as a new player.
    if (token && e instanceof ConnectionError && e.code === 'UNKNOWN_PLAYER') {
      forgetToken();
      return start(name, null);
    }
    const code = e instanceof ConnectionError ? e.code : 'UNREACHABLE';
    linkState.value = 'closed';
    linkText.value = onlineErrorText(code, e instanceof ConnectionError ? (e.data ?? {}) : {});
    speak(linkText.value, 'assertive');
    throw e;
  }
}

async function start(name: string, token: string | null, renaming = false): Promise<Connection> {
  const conn = new Connection({
    url: socketUrl(location.origin),
    socket: (url) => new WebSocket(url),
    ...(token ? { token, ...(renaming && { name }) } : { name }),
  });
  live = conn;
  conn.listen((e) => {
    // A link replaced by a newer one (a new name) closes without telling the player.
    if (conn !== live) return;
    if (e.type === 'welcome') {
      if (e.token) saveToken(e.token);
      saveName(e.name);
    } else if (e.type === 'status') {
      switch (e.status) {
        case 'online':
          linkState.value = 'online';
          linkText.value = '';
          break;
        case 'back':
          linkState.value = 'online';
          linkText.value = '';
          speak(connectionBackText(place.value), 'assertive');
          break;
        case 'lost':
          linkState.value = 'lost';
          linkText.value = CONNECTION_TEXT.lost;
          speak(CONNECTION_TEXT.lost, 'assertive');
          break;
        case 'reconnecting':
          break;
        case 'closed':
          linkState.value = 'closed';
          linkText.value = e.reason ? onlineErrorText(e.reason) : CONNECTION_TEXT.lost;
          speak(linkText.value, 'assertive');
          break;
      }
    }
  });
  await conn.open();
  linkState.value = 'online';
  return conn;
}
