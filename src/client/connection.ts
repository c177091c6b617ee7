/**
 * A player's connection to an Atril server (DESIGN.md §5), the same in the terminal and in the
 * browser: it says hello with the protocol version and the player's token (or a name, for a
 * new player), creates and joins games, acts on the latest view's version and chats. Every
 * frame that arrives is checked with the protocol's schemas; the latest view of each game is
 * kept and handed to the listener. When the link drops it reconnects by itself — waiting longer
 * after each failure, with jitter, up to a cap — says hello again with the token and enters its
 * games again, telling the listener so the player hears that the connection was lost and is
 * back. Where the token is kept is the caller's business: it arrives in a `welcome` event.
 *
 * Usage: `const c = new Connection({ url, socket: (u) => new WebSocket(u), token, name,
 * listener }); await c.open(); const { gameId } = await c.create({...}); await c.act(gameId,
 * { kind: 'pass' });` and `c.close()` at the end.
 */
import {
  AWAY_GRACE_MS,
  type ClientAction,
  type ClientMessage,
  type ClientView,
  type LobbyGame,
  type MyGame,
  PROTOCOL_VERSION,
  RECONNECT_MAX_MS,
  REOPEN_GRACE_MS,
  type ServerMessage,
  serverMessageSchema,
} from '../protocol/index.js';
import {
  OPEN,
  type SocketFactory,
  type SocketLike,
  type Timers,
  platformTimers,
} from './socket.js';

/** A `create` request: the message without its type. */
export type CreateRequest = Omit<Extract<ClientMessage, { type: 'create' }>, 'type'>;

/** How to enter a game: an invitation's seat token, an open seat, or neither (watch or return). */
export interface JoinOptions {
  readonly seatToken?: string;
  readonly seat?: number;
}

/** An action without its version: `act` adds the version of the latest view. */
export type Act = ClientAction extends infer A
  ? A extends unknown
    ? Omit<A, 'version'>
    : never
  : never;

/** A refusal from the server, or from the client when there is no connection to send on. */
export interface Refusal {
  /** A ServerErrorCode, an engine GameErrorCode, OFFLINE or CONNECTION_LOST (see `act`). */
  readonly code: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** The answer to `act`: committed at `version`, or refused. */
export type ActOutcome =
  { readonly ok: true; readonly version: number } | { readonly ok: false; readonly error: Refusal };

/** Thrown by `open`, `create` and `join` when the server refuses or cannot be reached. */
export class ConnectionError extends Error {
  constructor(
    readonly code: string,
    readonly data?: Readonly<Record<string, unknown>>,
  ) {
    super(code);
    this.name = 'ConnectionError';
  }
}

/**
 * Where the link stands: `online` once welcomed; `lost` when it dropped (a reconnection
 * follows); `reconnecting` before each attempt, with its number and the wait before it; `back`
 * once welcomed again and the games re-entered; `closed` for good — by `close()`, or because
 * the server refused the player (`reason`: UNKNOWN_PLAYER, PROTOCOL_MISMATCH,
 * TOO_MANY_NEW_PLAYERS), which retrying would not change.
 */
export type ConnectionStatus =
  | { readonly status: 'online' }
  | { readonly status: 'lost'; readonly code: number }
  | { readonly status: 'reconnecting'; readonly attempt: number; readonly delayMs: number }
  | { readonly status: 'back' }
  | { readonly status: 'closed'; readonly reason?: string };

/** What the listener hears. */
export type ConnectionEvent =
  | ({ readonly type: 'status' } & ConnectionStatus)
  /** Welcomed: `token` only when the server just created this player (keep it). */
  | {
      readonly type: 'welcome';
      readonly playerId: string;
      readonly name: string;
      readonly token?: string;
    }
  /** A game's newest view (also after every reconnection). */
  | { readonly type: 'view'; readonly gameId: string; readonly view: ClientView }
  /** A chat line, once: the lines a rejoin sends again are not repeated. */
  | {
      readonly type: 'chat';
      readonly gameId: string;
      readonly from: string;
      readonly text: string;
      readonly at: number;
    }
  /**
   * A frame of a kind this client does not interpret (any kind added to the protocol later):
   * checked by the schema, passed on as it came.
   */
  | { readonly type: 'message'; readonly message: ServerMessage }
  /** An error frame no request of this client was waiting for (a refused chat line …). */
  | { readonly type: 'error'; readonly error: Refusal; readonly gameId?: string }
  /** The lobby in full (after `subscribeLobby`, and again after a reconnection). */
  | { readonly type: 'lobby'; readonly games: readonly LobbyGame[] }
  /** One game of the lobby appeared or changed; phase `over` means it left the lobby. */
  | { readonly type: 'lobbyGame'; readonly game: LobbyGame }
  /** The player's unfinished games and last finished ones (answer to `listMyGames`). */
  | {
      readonly type: 'myGames';
      readonly games: readonly MyGame[];
      readonly finished: readonly MyGame[];
    }
  /**
   * The finished game `gameId` goes on as `newGameId` (someone asked for a rematch: `by`, their
   * name, when it was made just now).
   */
  | {
      readonly type: 'rematch';
      readonly gameId: string;
      readonly newGameId: string;
      readonly by?: string;
    };

/** Waits between reconnection attempts: `initialMs`, doubling, capped at `maxMs`. */
export interface Backoff {
  readonly initialMs: number;
  readonly maxMs: number;
}

/** Half a second at first, never more than 15 s between attempts. */
export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: RECONNECT_MAX_MS };

/**
 * After the link comes back, how long the views may still show a restarted server's wait for
 * its players (REOPEN_GRACE_MS) rather than who is at the table, with one away grace more for
 * the views on their way. The clients give it to `Session.reconnected`.
 */
export const PRESENCE_UNSURE_MS = REOPEN_GRACE_MS + AWAY_GRACE_MS;

/** Everything a connection needs. */
export interface ConnectionOptions {
  /** The WebSocket address, `ws(s)://host[:port]/ws` (see `socketUrl` in link.ts). */
  readonly url: string;
  /** Opens a WebSocket: `(url) => new WebSocket(url)` with the platform's or `ws`'s class. */
  readonly socket: SocketFactory;
  /** The player's token from an earlier welcome; absent for a new player. */
  readonly token?: string;
  /** The display name: a new player's, or a new one for a returning player. */
  readonly name?: string;
  readonly listener?: (event: ConnectionEvent) => void;
  readonly backoff?: Backoff;
  /** A number in [0, 1) for the jitter; Math.random by default. */
  readonly random?: () => number;
  readonly timers?: Timers;
}

// Close codes after which retrying cannot help: the server refused this client's protocol or
// player (1008 policy violation, sent with UNKNOWN_PLAYER or PROTOCOL_MISMATCH), or will not
// make a new one from this address for a while (TOO_MANY_NEW_PLAYERS: minutes, not seconds).
const FATAL_CODES = new Set(['UNKNOWN_PLAYER', 'PROTOCOL_MISMATCH', 'TOO_MANY_NEW_PLAYERS']);
// A create's refusals come without a game id; these are the ones that can answer a create.
const CREATE_REFUSALS = new Set([
  'INVALID_RULES',
  'UNKNOWN_LEXICON',
  'TOO_MANY_GAMES',
  'BAD_MESSAGE',
]);

/**
 * Whether a refusal without a game id answers a create: RATE_LIMITED and SERVER_ERROR name the
 * frame they answer (a SERVER_ERROR without one comes from a server before that did).
 */
function answersCreate(code: string, frame: unknown): boolean {
  if (code === 'RATE_LIMITED') return frame === 'create';
  if (code === 'SERVER_ERROR') return frame === undefined || frame === 'create';
  return CREATE_REFUSALS.has(code);
}

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: ConnectionError): void;
}

/** One player's connection to one server. */
export class Connection {
  private socket: SocketLike | undefined;
  private currentToken: string | undefined;
  private welcomed = false;
  private everWelcomed = false;
  private closedForGood = false;
  private attempt = 0;
  private retryTimer: unknown;
  private readonly views = new Map<string, ClientView>();
  /** The chat lines handed over, by game, time, sender and text. */
  private readonly chatSeen = new Set<string>();
  /** Games entered, re-entered after a reconnection. */
  private readonly games = new Set<string>();
  /** The lobby was asked for (and is asked for again after a reconnection). */
  private lobby = false;
  private opening: Waiter<void> | undefined;
  private readonly creates: Waiter<{
    gameId: string;
    inviteTokens: { seat: number; token: string }[];
  }>[] = [];
  private readonly joins = new Map<string, Waiter<ClientView>>();
  private readonly acts = new Map<string, ((o: ActOutcome) => void)[]>();
  private readonly listeners = new Set<(event: ConnectionEvent) => void>();
  private readonly backoff: Backoff;
  private readonly random: () => number;
  private readonly timers: Timers;

  constructor(private readonly opts: ConnectionOptions) {
    this.currentToken = opts.token;
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.random = opts.random ?? Math.random;
    this.timers = opts.timers ?? platformTimers();
    if (opts.listener) this.listeners.add(opts.listener);
  }

  /** The player's token once known (given, or sent by the server on the first welcome). */
  get token(): string | undefined {
    return this.currentToken;
  }

  /** True while welcomed on a live socket. */
  get online(): boolean {
    return this.welcomed;
  }

  /** Adds a listener; returns the function that removes it. */
  listen(listener: (event: ConnectionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The latest view received of a game. */
  view(gameId: string): ClientView | undefined {
    return this.views.get(gameId);
  }

  /**
   * Connects and says hello; resolves once welcomed. A first connection that fails is not
   * retried (the address may be wrong): it rejects with ConnectionError — `UNREACHABLE`, or the
   * server's code (UNKNOWN_PLAYER for a token this server does not know). From then on a drop
   * is followed by reconnection.
   */
  open(): Promise<void> {
    if (this.everWelcomed || this.opening) throw new Error('Connection.open called twice');
    return new Promise((resolve, reject) => {
      this.opening = { resolve, reject };
      this.connect();
    });
  }

  /** Creates a game; the creator then receives its view (listener, or `join`'s promise). */
  create(
    request: CreateRequest,
  ): Promise<{ gameId: string; inviteTokens: { seat: number; token: string }[] }> {
    return new Promise((resolve, reject) => {
      if (!this.sendFrame({ type: 'create', ...request }))
        return reject(new ConnectionError('OFFLINE'));
      this.creates.push({
        resolve: (created) => {
          this.games.add(created.gameId);
          resolve(created);
        },
        reject,
      });
    });
  }

  /**
   * Enters a game's room; resolves to its first view. With a seat token or seat number it takes
   * that seat; with neither the server seats a player who already holds a seat there, and lets
   * anyone else watch. After a reconnection the game is entered again by itself.
   */
  join(gameId: string, how: JoinOptions = {}): Promise<ClientView> {
    return new Promise((resolve, reject) => {
      const msg: ClientMessage = {
        type: 'join',
        gameId,
        ...(how.seatToken !== undefined && { seatToken: how.seatToken }),
        ...(how.seat !== undefined && { seat: how.seat }),
      };
      if (!this.sendFrame(msg)) return reject(new ConnectionError('OFFLINE'));
      this.joins.get(gameId)?.reject(new ConnectionError('SUPERSEDED'));
      this.joins.set(gameId, {
        resolve: (view) => {
          this.games.add(gameId);
          resolve(view);
        },
        reject,
      });
    });
  }

  /**
   * Sends an action for this player's seat, on the version of the latest view of the game (a
   * stale one is refused by the server with STALE_VERSION). Resolves to the server's answer;
   * to OFFLINE when there is no connection (nothing was sent); to CONNECTION_LOST when the
   * link drops before the answer — the action may or may not have been applied, and the view
   * sent after reconnecting tells.
   */
  act(gameId: string, action: Act): Promise<ActOutcome> {
    const view = this.views.get(gameId);
    if (!view) return Promise.resolve({ ok: false, error: { code: 'NOT_IN_GAME' } });
    const frame = { type: 'act', gameId, action: { ...action, version: view.version } };
    if (!this.sendFrame(frame as ClientMessage))
      return Promise.resolve({ ok: false, error: { code: 'OFFLINE' } });
    return new Promise((resolve) => {
      const queue = this.acts.get(gameId) ?? [];
      queue.push(resolve);
      this.acts.set(gameId, queue);
    });
  }

  /** Sends a chat line to a game's room; false when there is no connection to send it on. */
  chat(gameId: string, text: string): boolean {
    return this.sendFrame({ type: 'chat', gameId, text });
  }

  /**
   * Sends any other frame of the protocol (`leave`, `rematch`, `subscribeLobby`, `listMyGames`
   * …); the answers arrive as `message` events. False when there is no connection to send on.
   */
  send(msg: ClientMessage): boolean {
    return this.sendFrame(msg);
  }

  /**
   * Leaves a game's room: no more of its frames, and no re-entering it after a reconnection.
   * A seat held stays the player's. False when there is no connection.
   */
  leave(gameId: string): boolean {
    this.games.delete(gameId);
    this.views.delete(gameId);
    return this.sendFrame({ type: 'leave', gameId });
  }

  /** Asks for another game with the same seats after `gameId` is over (a `rematch` event). */
  rematch(gameId: string): boolean {
    return this.sendFrame({ type: 'rematch', gameId });
  }

  /** Receives the lobby (`lobby`, then `lobbyGame` events), again after each reconnection. */
  subscribeLobby(): boolean {
    this.lobby = true;
    return this.sendFrame({ type: 'subscribeLobby' });
  }

  /** Stops the lobby events. */
  unsubscribeLobby(): boolean {
    this.lobby = false;
    return this.sendFrame({ type: 'unsubscribeLobby' });
  }

  /** Asks for the player's unfinished games (a `myGames` event). */
  listMyGames(): boolean {
    return this.sendFrame({ type: 'listMyGames' });
  }

  /** Closes for good: no reconnection; pending requests are refused with CONNECTION_LOST. */
  close(): void {
    if (this.closedForGood) return;
    this.closedForGood = true;
    if (this.retryTimer !== undefined) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const s = this.socket;
    this.socket = undefined;
    this.welcomed = false;
    if (s) {
      detach(s);
      s.close(1000);
    }
    this.failPending('CONNECTION_LOST');
    this.emit({ type: 'status', status: 'closed' });
  }

  private emit(event: ConnectionEvent): void {
    for (const l of [...this.listeners]) l(event);
  }

  private sendFrame(msg: ClientMessage): boolean {
    const s = this.socket;
    if (!s || !this.welcomed || s.readyState !== OPEN) return false;
    s.send(JSON.stringify(msg));
    return true;
  }

  private connect(): void {
    let s: SocketLike;
    try {
      s = this.opts.socket(this.opts.url);
    } catch {
      // A malformed address: the platform's constructor throws synchronously.
      return this.dropped(1006);
    }
    this.socket = s;
    s.onopen = () => {
      const hello: ClientMessage = {
        type: 'hello',
        protocol: PROTOCOL_VERSION,
        ...(this.currentToken !== undefined && { token: this.currentToken }),
        ...(this.opts.name !== undefined && { name: this.opts.name }),
      };
      s.send(JSON.stringify(hello));
    };
    s.onmessage = (ev) => this.receive(ev.data);
    s.onclose = (ev) => {
      if (this.socket === s) this.dropped(ev.code);
    };
    // An error is followed by a close event on both platforms; the close decides.
    s.onerror = () => {};
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    // A frame that is not the protocol is dropped: nothing of it reaches the game.
    if (!parsed.success) return;
    this.handle(parsed.data);
  }

  private handle(msg: ServerMessage): void {
    switch (msg.type) {
      case 'welcome':
        return this.welcome(msg);
      case 'created': {
        this.creates.shift()?.resolve({
          gameId: msg.gameId,
          inviteTokens: msg.inviteTokens.map((t) => ({ seat: t.seat, token: t.token })),
        });
        return;
      }
      case 'view': {
        const before = this.views.get(msg.gameId);
        // After a reconnection the same version comes again; an older one never replaces.
        if (before && before.version > msg.view.version) return;
        this.views.set(msg.gameId, msg.view);
        const join = this.joins.get(msg.gameId);
        if (join) {
          this.joins.delete(msg.gameId);
          join.resolve(msg.view);
        }
        this.emit({ type: 'view', gameId: msg.gameId, view: msg.view });
        return;
      }
      case 'ack':
        return this.answerAct(msg.gameId, { ok: true, version: msg.version });
      case 'chat': {
        // The server sends a room's recent chat again on every (re)join: each line is handed
        // over once, or a screen reader would read the old lines again after a reconnection.
        const key = `${msg.gameId}\u0000${msg.at}\u0000${msg.from}\u0000${msg.text}`;
        if (this.chatSeen.has(key)) return;
        this.chatSeen.add(key);
        return this.emit({ ...msg });
      }
      case 'error':
        return this.refused(msg);
      case 'lobby':
      case 'lobbyGame':
      case 'myGames':
      case 'rematch':
        return this.emit({ ...msg });
      case 'left':
        return;
      default:
        return this.emit({ type: 'message', message: msg });
    }
  }

  private welcome(msg: Extract<ServerMessage, { type: 'welcome' }>): void {
    if (msg.token !== undefined) this.currentToken = msg.token;
    this.welcomed = true;
    this.attempt = 0;
    const again = this.everWelcomed;
    this.everWelcomed = true;
    this.emit({
      type: 'welcome',
      playerId: msg.playerId,
      name: msg.name,
      ...(msg.token !== undefined && { token: msg.token }),
    });
    if (!again) {
      this.emit({ type: 'status', status: 'online' });
      const opening = this.opening;
      this.opening = undefined;
      opening?.resolve();
      return;
    }
    // Back: enter every game again; the server sends each one's view as it stands now.
    for (const gameId of this.games) this.sendFrame({ type: 'join', gameId });
    if (this.lobby) this.sendFrame({ type: 'subscribeLobby' });
    this.emit({ type: 'status', status: 'back' });
  }

  private refused(msg: Extract<ServerMessage, { type: 'error' }>): void {
    const error: Refusal = { code: msg.code, ...(msg.data && { data: msg.data }) };
    if (FATAL_CODES.has(msg.code)) {
      const opening = this.opening;
      this.opening = undefined;
      this.closedForGood = true;
      opening?.reject(new ConnectionError(msg.code, msg.data));
      this.failPending('CONNECTION_LOST');
      if (!opening) this.emit({ type: 'status', status: 'closed', reason: msg.code });
      return;
    }
    const gameId = msg.gameId;
    if (gameId !== undefined) {
      // A refusal of a chat line, a leave or a rematch names its frame: it is not the answer
      // to a join or an act waiting on the same game (their own answers come after it). A page
      // that leaves a game and joins it again at once (another invitation for it) would
      // otherwise take the leave's NOT_IN_GAME for the join's answer.
      const frame = msg.data?.['frame'];
      const join = this.joins.get(gameId);
      if (join && (frame === undefined || frame === 'join')) {
        this.joins.delete(gameId);
        return join.reject(new ConnectionError(msg.code, msg.data));
      }
      if (this.acts.get(gameId)?.length && (frame === undefined || frame === 'act'))
        return this.answerAct(gameId, { ok: false, error });
    } else if (this.creates.length > 0 && answersCreate(msg.code, msg.data?.frame)) {
      return this.creates.shift()!.reject(new ConnectionError(msg.code, msg.data));
    }
    this.emit({ type: 'error', error, ...(gameId !== undefined && { gameId }) });
  }

  private answerAct(gameId: string, outcome: ActOutcome): void {
    this.acts.get(gameId)?.shift()?.(outcome);
  }

  /** The socket closed: retry later, unless closed for good or never welcomed. */
  private dropped(code: number): void {
    const s = this.socket;
    if (s) detach(s);
    this.socket = undefined;
    const wasWelcomed = this.welcomed;
    this.welcomed = false;
    this.failPending('CONNECTION_LOST');
    if (this.closedForGood) return;
    if (!this.everWelcomed) {
      const opening = this.opening;
      this.opening = undefined;
      this.closedForGood = true;
      opening?.reject(new ConnectionError('UNREACHABLE', { code }));
      return;
    }
    if (wasWelcomed) this.emit({ type: 'status', status: 'lost', code });
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.attempt++;
    // Exponential growth capped, then "equal jitter": between half the wait and all of it, so
    // that the clients of a restarted server do not all come back in the same instant.
    const ceiling = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** (this.attempt - 1));
    const delayMs = Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
    this.emit({ type: 'status', status: 'reconnecting', attempt: this.attempt, delayMs });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.closedForGood) this.connect();
    }, delayMs);
  }

  /** Requests waiting for an answer that will never come on this socket. */
  private failPending(code: string): void {
    for (const c of this.creates.splice(0)) c.reject(new ConnectionError(code));
    const joins = [...this.joins.values()];
    this.joins.clear();
    for (const j of joins) j.reject(new ConnectionError(code));
    const acts = [...this.acts.values()].flat();
    this.acts.clear();
    for (const a of acts) a({ ok: false, error: { code } });
  }
}

function detach(s: SocketLike): void {
  s.onopen = null;
  s.onmessage = null;
  s.onclose = null;
  s.onerror = null;
}
