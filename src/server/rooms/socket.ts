/**
 * The room's WebSocket endpoint (issue 11 §2–§4, DESIGN.md §5): `GET /ws`. A connection says
 * hello with the protocol version and its player token (or gets a new player and its token,
 * once), then creates games, joins them to play a seat or to watch, acts and chats. Every
 * frame is parsed with the protocol's schemas; each member of a room receives only its own
 * projection of the game after every committed change, and an action is acknowledged only
 * after the host has committed it. Frames are rate-limited per connection; malformed ones are
 * answered with a code, and a connection that keeps abusing is closed.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import { TOURNAMENT_CLOCK, rulesFromPreset } from '../../engine/rules.js';
import { type Viewer, viewFor } from '../../engine/view.js';
import {
  type ClientMessage,
  type ServerMessage,
  PROTOCOL_VERSION,
  clientMessageSchema,
  clientView,
} from '../../protocol/index.js';
import type { GameRecord, NewSeat, PlayerRecord, Store } from '../store/index.js';
import { hashToken, isTokenOf, newId, newToken } from '../tokens.js';
import { type ChatRate, DEFAULT_CHAT_RATE } from './chatLimit.js';
import type { Games } from './games.js';
import { gcgRoutes } from './gcgRoute.js';
import type { ActResult, GameHost, SeatAction } from './host.js';
import { Lobby } from './lobby.js';
import { Rematches } from './rematch.js';
import { type NewPlayerRate, NewPlayerLimit } from './newPlayers.js';
import {
  AwaySeats,
  PRESENCE_TIMING,
  type PresenceNotice,
  type PresenceTiming,
  RemotePresence,
} from './presence.js';
import { seatNames } from './seatNames.js';

/** Close code for a connection that broke the protocol or kept abusing it (RFC 6455 §7.4.1). */
export const POLICY_VIOLATION = 1008;
/** Close code for a connection the server failed to serve (RFC 6455 §7.4.1). */
export const INTERNAL_ERROR = 1011;

/** Frame rate allowed per connection: a bucket of `burst` frames refilled at `perSecond`. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
  /** Malformed or over-limit frames tolerated before the connection is closed. */
  readonly maxStrikes: number;
}

/** Generous for people and their clients, tight enough that a flood costs little. */
export const DEFAULT_RATE: RateLimit = { perSecond: 10, burst: 40, maxStrikes: 20 };

/** What the endpoint needs. */
export interface RoomDeps {
  readonly store: Store;
  readonly games: Games;
  /** Ids of the lexicons installed; the first is the default for new games. */
  readonly lexicons: readonly string[];
  readonly rate?: RateLimit;
  /** Chat lines allowed per player per room (default DEFAULT_CHAT_RATE). */
  readonly chatRate?: ChatRate;
  /** Unfinished games with bots one player may have (default DEFAULT_MAX_BOT_GAMES). */
  readonly maxBotGames?: number;
  /** New players one address may make (default DEFAULT_NEW_PLAYER_RATE). */
  readonly newPlayerRate?: NewPlayerRate;
  /** When a seat without a connection is shown away, and how often processes say who sits. */
  readonly presence?: Partial<PresenceTiming>;
}

/**
 * How many unfinished games with bots one player may have at once. The bots' threads are the
 * server's to share: one person opening game after game against `campeon` (seconds of thought
 * a move) would leave everyone else's bots waiting.
 */
export const DEFAULT_MAX_BOT_GAMES = 10;

/** Where a connection reports a frame it failed to handle (the app's logger). */
interface FrameLog {
  error(data: Record<string, unknown>, msg: string): void;
}

/** What every connection of the endpoint shares. */
interface Shared {
  readonly rooms: Rooms;
  readonly newPlayers: NewPlayerLimit;
  readonly lobby: Lobby;
  readonly rematches: Rematches;
  /** Tells this process's rooms and lobby, and the other processes', that a seat was taken. */
  readonly seatsChanged: (gameId: string) => void;
  /** The seats the other processes' connections hold. */
  readonly remote: RemotePresence;
}

/**
 * What one process tells the others sharing the database (Store.publish) besides the game's
 * events, which reach them as appends: a seat taken (names and lobby change), a rematch made,
 * a chat line said. Each process acts on its own news directly and on the others' here.
 */
type RoomNotice =
  | PresenceNotice
  | { readonly kind: 'seats'; readonly gameId: string }
  | (RematchMade & { readonly kind: 'rematch' })
  | {
      readonly kind: 'chat';
      readonly gameId: string;
      readonly from: string;
      readonly text: string;
      readonly at: number;
    };

/** A rematch just made: the old game, the new one, and who asked for it (id and name). */
type RematchMade = {
  readonly gameId: string;
  readonly newGameId: string;
  readonly byId: string;
  readonly by: string;
};

/** The `rematch` frame: the old game, the new one and, when it was made just now, who asked. */
function rematchFrame(gameId: string, newGameId: string, by?: string): ServerMessage {
  return { type: 'rematch', gameId, newGameId, ...(by !== undefined && { by }) };
}

/**
 * Tells the people of a game whose rematch was just made, who wait in this process's lobby,
 * that it was: the old room's members heard it there, and whoever asked knows. Without it a
 * player back in the lobby would only see «Mis partidas» change, silently.
 */
async function rematchToLobby(shared: Shared, deps: RoomDeps, r: RematchMade): Promise<void> {
  const old = await deps.store.getGame(r.gameId);
  if (!old) return;
  const people = new Set<string>();
  for (const s of old.seats)
    if (s.playerId !== null && s.playerId !== r.byId) people.add(s.playerId);
  if (people.size === 0) return;
  shared.lobby.tell(
    rematchFrame(r.gameId, r.newGameId, r.by),
    (s) => s instanceof Connection && s.playsAs(people) && !s.inGame(r.gameId),
  );
}

/** Tells the host which seats are held: a turn's time starts when its seat is taken. */
function seatsTaken(host: GameHost, game: GameRecord): void {
  for (const s of game.seats) if (s.playerId !== null) host.seatTaken(s.seat);
}

/** Sends a notice to the other processes; best effort, like the notice itself. */
function publish(store: Store, notice: RoomNotice): void {
  store.publish(notice).catch(() => {});
}

/** Acts on another process's notice in this process's rooms and lobby. */
async function heard(shared: Shared, deps: RoomDeps, n: RoomNotice): Promise<void> {
  const room = shared.rooms.ifOpen(n.gameId);
  switch (n.kind) {
    case 'seats':
      shared.lobby.seatsChanged(n.gameId);
      if (room) {
        await room.refresh();
        room.broadcastViews();
      } else if (deps.games.isHosted(n.gameId)) {
        // Hosted here with nobody in its room (for the lobby, or its bots): its host must
        // still start the turn's time when the seat is taken, as the other process did, or
        // a room opened here later would start it again and forgive the time in between.
        const [host, game] = await Promise.all([
          deps.games.get(n.gameId),
          deps.store.getGame(n.gameId),
        ]);
        if (host && game) seatsTaken(host, game);
      }
      return;
    case 'rematch':
      room?.broadcast(rematchFrame(n.gameId, n.newGameId, n.by));
      await rematchToLobby(shared, deps, n);
      return;
    case 'chat':
      room?.broadcast({ type: 'chat', gameId: n.gameId, from: n.from, text: n.text, at: n.at });
      return;
    case 'presence':
      shared.remote.heard(n);
      room?.checkPresence();
      return;
    case 'presence-ask':
      room?.tellPresence();
      return;
  }
}
// Name of a player who said hello without one.
const DEFAULT_NAME = 'Invitado';
// Chat lines sent to a member who joins, so a returning player sees the conversation.
const CHAT_HISTORY = 50;

/**
 * The Fastify plugin adding `GET /ws` and the GCG download `GET /games/:id/gcg` (pass it to
 * buildApp as `routes`).
 */
export function roomRoutes(deps: RoomDeps): FastifyPluginAsync {
  const lobby = new Lobby(deps.store, deps.games);
  const timing: PresenceTiming = { ...PRESENCE_TIMING, ...deps.presence };
  const rooms = new Rooms(deps, timing);
  const shared: Shared = {
    rooms,
    newPlayers: new NewPlayerLimit(deps.newPlayerRate),
    lobby,
    rematches: new Rematches(deps.store, deps.games),
    seatsChanged: (gameId) => {
      lobby.seatsChanged(gameId);
      publish(deps.store, { kind: 'seats', gameId });
    },
    remote: rooms.remote,
  };
  return async (app) => {
    const stopNotices = await deps.store.onNotice((n) => {
      heard(shared, deps, n as RoomNotice).catch(() => {});
    });
    const stopLobby = await lobby.follow();
    // Notices are not stored: each process repeats who sits in its rooms, and lets the
    // others' word expire when it is no longer repeated (presence.ts).
    const heartbeat = setInterval(() => rooms.heartbeat(), timing.heartbeatMs);
    heartbeat.unref();
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      stopNotices();
      stopLobby();
    });
    app.get('/ws', { websocket: true }, (socket, req) => {
      new Connection(socket, deps, shared, app.log, req.ip);
    });
    await app.register(gcgRoutes(deps.store));
  };
}

interface Member {
  readonly conn: Connection;
  readonly seat: Viewer;
}

/** What a room needs to know who is at the table across processes. */
interface RoomPresence {
  readonly timing: PresenceTiming;
  readonly remote: RemotePresence;
  /** This process's id in presence notices. */
  readonly process: string;
}

/** One game's room in this process: its host, the connections in it, the seats' names. */
class Room {
  readonly members = new Set<Member>();
  private names: string[] = [];
  private bots: boolean[] = [];
  private open: boolean[] = [];
  /** The latest `refresh`'s reading, which the next one waits for. */
  private reading: Promise<void> = Promise.resolve();
  private readonly away: AwaySeats;
  /** The seats held here as last told to the other processes (`seats.join(',')`). */
  private told = '';
  /** The next check of presence, when a seat's grace is running. */
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Stops this room's subscription to the host. */
  private readonly unsubscribe: () => void;

  /** `changed` hears every change of the game after the members were told of it. */
  constructor(
    readonly id: string,
    readonly host: GameHost,
    private readonly store: Store,
    private readonly presence: RoomPresence,
    changed: (room: Room) => void,
  ) {
    this.away = new AwaySeats(presence.timing);
    this.unsubscribe = host.subscribe(() => {
      this.broadcastViews();
      changed(this);
    });
  }

  /** Stops following the game (the room closes). */
  close(): void {
    this.unsubscribe();
    clearTimeout(this.graceTimer);
  }

  /**
   * After members came or went in this process: tells the other processes when the seats held
   * here changed, and checks who is away. True when a player has just come to the table for
   * the first time and the views are still to be sent to everyone (`checkPresence`): the
   * caller sends them, with whatever else the coming changed.
   */
  membersChanged(): boolean {
    const seats = this.localSeats();
    if (seats.join(',') !== this.told) this.tellPresence(seats);
    return this.checkPresence(seats, true);
  }

  /**
   * Tells the other processes which seats this process holds: whenever it holds some, and once
   * more when it has just stopped holding any (silence says nothing: notices may be missed).
   */
  tellPresence(seats = this.localSeats()): void {
    if (seats.length === 0 && this.told === '') return;
    this.told = seats.join(',');
    publish(this.store, {
      kind: 'presence',
      gameId: this.id,
      process: this.presence.process,
      seats,
    });
  }

  /**
   * Reads which seats have a connection here or through another process, and sends new views
   * when a seat turns away (its grace over) or comes back, or its player comes for the first
   * time (that seat's `arriving` ends) — unless `holdArrival`: then only the last is left to
   * the caller, and the answer says whether the views are owed for it.
   */
  checkPresence(local = this.localSeats(), holdArrival = false): boolean {
    const present = new Set(local);
    this.presence.remote.seatsOf(this.id, present);
    const held = this.names.map((name, i) => name !== '' && !this.bots[i]);
    const { changed, next } = this.away.check(held, present);
    // A player's first coming ends their seat's `arriving`: the others hear them arrive even
    // before their seat was ever shown away.
    const arrived = this.away.seen(held, present);
    clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
    if (next < Infinity) {
      this.graceTimer = setTimeout(() => this.checkPresence(), Math.ceil(next));
      this.graceTimer.unref();
    }
    if (changed || (arrived && !holdArrival)) this.broadcastViews();
    return arrived && !changed && holdArrival;
  }

  /**
   * The seats held by people who have not come to this table yet: not connected since the
   * room opened, and nothing played there either (a room opens again after a restart, and
   * whoever has played had come before). A rematch's seats start so, held before anyone hears
   * of the game: their player's coming is an arrival, not a return.
   */
  private arrivingFlags(): boolean[] {
    const acted = new Set<number>();
    for (const e of this.host.state.events)
      if ('seat' in e && !(e.kind === 'resign' && e.claimedBy !== undefined)) acted.add(e.seat);
    return this.names.map(
      (name, i) => name !== '' && !this.bots[i] && !this.away.hasBeen(i) && !acted.has(i),
    );
  }

  // The seats this process's members hold, ascending.
  private localSeats(): number[] {
    const seats = new Set<number>();
    for (const m of this.members) if (typeof m.seat === 'number') seats.add(m.seat);
    return [...seats].sort((a, b) => a - b);
  }

  /**
   * Reads the seats' names again (after a seat was claimed), and tells the host who sits.
   * Each reading starts when the one before has finished, so that an older reading that comes
   * back late (two seats taken at once) cannot undo a newer one.
   */
  refresh(): Promise<void> {
    const next = this.reading.then(() => this.load());
    this.reading = next.catch(() => {});
    return next;
  }

  private async load(): Promise<void> {
    const game = await this.store.getGame(this.id);
    if (!game) return;
    seatsTaken(this.host, game);
    this.names = await seatNames(this.store, game);
    this.bots = game.seats.map((s) => s.kind === 'bot');
    this.open = game.seats.map((s) => s.kind === 'open' && s.playerId === null);
    this.checkPresence();
  }

  /** The game as one viewer may see it: its own rack only, the bag's order never. */
  viewFor(seat: Viewer): ServerMessage {
    const view = clientView(viewFor(this.host.state, seat), {
      names: this.names,
      bots: this.bots,
      open: this.open,
      away: this.away.flags(this.names.length),
      claimable: this.away.claimableFlags(this.names.length),
      arriving: this.arrivingFlags(),
      clock: this.host.clockBase(),
    });
    return { type: 'view', gameId: this.id, view };
  }

  /**
   * Sends every member its view of the game as it stands. Each distinct viewer's view is
   * built and serialized once, however many connections share it (observers, a player on
   * two devices).
   */
  broadcastViews(): void {
    const texts = new Map<Viewer, string>();
    for (const m of this.members) {
      let text = texts.get(m.seat);
      if (text === undefined) {
        text = JSON.stringify(this.viewFor(m.seat));
        texts.set(m.seat, text);
      }
      m.conn.sendText(text);
    }
  }

  /**
   * Whether `seat` may claim the game now: it is running, another person's seat is on turn,
   * and that seat has been away long enough (CLAIM_AFTER_MS; the view marks it `claimable`).
   */
  mayClaim(seat: number): boolean {
    const state = this.host.state;
    const turn = state.turn;
    return !state.result && turn !== seat && this.away.isClaimable(turn);
  }

  /** Sends the same frame to every member, serialized once. */
  broadcast(msg: ServerMessage): void {
    const text = JSON.stringify(msg);
    for (const m of this.members) m.conn.sendText(text);
  }
}

/** The rooms of this process, created on first use from the Games registry. */
class Rooms {
  private readonly rooms = new Map<string, Promise<Room | undefined>>();
  private readonly opened = new Map<string, Room>();
  readonly remote: RemotePresence;
  private readonly presence: RoomPresence;

  constructor(
    private readonly deps: RoomDeps,
    timing: PresenceTiming,
  ) {
    this.remote = new RemotePresence(timing);
    this.presence = { timing, remote: this.remote, process: newId() };
  }

  /** Repeats to the other processes who sits here, and lets their silent word expire. */
  heartbeat(): void {
    this.remote.sweep();
    for (const room of this.opened.values()) {
      room.tellPresence();
      room.checkPresence();
    }
  }

  /**
   * Takes a member out of its room. The last one out of a finished game's room closes it and
   * lets the game's host go (Games.release); coming back loads it from the store again.
   */
  leave(room: Room, member: Member): void {
    room.members.delete(member);
    room.membersChanged();
    this.closeIfIdle(room);
  }

  // A finished game's room with nobody in it closes: when its last member leaves, or when the
  // game ends with nobody here (bots alone, or its players on another process).
  private closeIfIdle(room: Room): void {
    if (room.members.size > 0 || !room.host.state.result) return;
    if (this.opened.get(room.id) !== room) return;
    this.opened.delete(room.id);
    this.rooms.delete(room.id);
    room.close();
    this.deps.games.release(room.id);
  }

  /** The game's room if it is open in this process (nobody here to tell otherwise). */
  ifOpen(id: string): Room | undefined {
    return this.opened.get(id);
  }

  get(id: string): Promise<Room | undefined> {
    let room = this.rooms.get(id);
    if (!room) {
      room = this.open(id);
      this.rooms.set(id, room);
      room.then(
        (r) => r ?? this.rooms.delete(id),
        () => this.rooms.delete(id),
      );
    }
    return room;
  }

  private async open(id: string): Promise<Room | undefined> {
    const host = await this.deps.games.get(id);
    if (!host) return undefined;
    const room = new Room(id, host, this.deps.store, this.presence, (r) => this.closeIfIdle(r));
    // The other processes say which seats they hold here, before any grace can run out.
    publish(this.deps.store, { kind: 'presence-ask', gameId: id });
    await room.refresh();
    this.opened.set(id, room);
    return room;
  }
}

/** A refusal: a ServerErrorCode or an engine GameErrorCode, with its data. */
type Refusal = { readonly code: string; readonly data?: Record<string, unknown> };

/** One client's WebSocket: its player once welcomed, and the rooms it has joined. */
class Connection {
  private player: PlayerRecord | undefined;
  private readonly joined = new Map<string, { room: Room; member: Member }>();
  private tokens: number;
  private lastRefill = performance.now();
  private strikes = 0;
  private closed = false;
  private corked = false;
  private work: Promise<void> = Promise.resolve();
  private readonly rate: RateLimit;

  private readonly rooms: Rooms;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: RoomDeps,
    private readonly shared: Shared,
    private readonly log: FrameLog,
    /** The client's network address, as Fastify gives it (`req.ip`). */
    private readonly address: string,
  ) {
    this.rooms = shared.rooms;
    this.rate = deps.rate ?? DEFAULT_RATE;
    this.tokens = this.rate.burst;
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    // Marked closed too, so that a join still in flight does not add a dead member.
    const gone = () => {
      this.closed = true;
      this.leaveAll();
    };
    socket.on('close', gone);
    socket.on('error', gone);
  }

  send(msg: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.sendText(JSON.stringify(msg));
  }

  /** Sends a frame already serialized (a view built once for several members). */
  sendText(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.cork();
    this.socket.send(text);
  }

  // Every frame this connection sends during one turn of the event loop (a view and the
  // acknowledgement of the move that caused it, say) leaves in one write: the TCP socket is
  // corked until the loop's check phase. Each write is a system call that also wakes the
  // peer, and under load those calls were the server's largest cost (npm run bench:server).
  // ws offers no cork of its own; its frames go to the net.Socket it keeps as `_socket`,
  // and without one (another WebSocket implementation) frames simply go out one by one.
  private cork(): void {
    if (this.corked) return;
    const raw = (this.socket as unknown as { _socket?: Duplex | null })._socket;
    if (!raw || typeof raw.cork !== 'function') return;
    raw.cork();
    this.corked = true;
    setImmediate(() => {
      this.corked = false;
      raw.uncork();
    });
  }

  private refuse(r: Refusal, gameId?: string): void {
    this.send({
      type: 'error',
      code: r.code,
      ...(gameId !== undefined && { gameId }),
      ...(r.data && { data: r.data }),
    });
  }

  private close(code = POLICY_VIOLATION): void {
    this.closed = true;
    this.socket.close(code);
    this.leaveAll();
  }

  private strike(r: Refusal): void {
    this.refuse(r);
    if (++this.strikes >= this.rate.maxStrikes) this.close();
  }

  private allowed(): boolean {
    const now = performance.now();
    this.tokens = Math.min(
      this.rate.burst,
      this.tokens + ((now - this.lastRefill) / 1000) * this.rate.perSecond,
    );
    this.lastRefill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    if (!this.allowed()) return this.dropped(data, isBinary);
    if (isBinary) return this.strike({ code: 'BAD_MESSAGE', data: { binary: true } });
    let json: unknown;
    try {
      json = JSON.parse(rawText(data));
    } catch {
      if (!this.player) return this.refuseAndClose({ code: 'HELLO_FIRST' });
      return this.strike({ code: 'BAD_JSON' });
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      if (!this.player) return this.refuseAndClose({ code: 'HELLO_FIRST' });
      const issues = parsed.error.issues.slice(0, 5).map((i) => i.path.join('.'));
      return this.strike({ code: 'BAD_MESSAGE', data: { issues } });
    }
    const msg = parsed.data;
    // One frame at a time, so that a join sent right before an act is in place when it runs.
    this.work = this.work.then(() =>
      this.handle(msg).catch((err: unknown) => {
        // The player hears that nothing changed; the operator needs to know why.
        this.log.error({ err, frame: msg.type }, 'a frame failed');
        // Named by its frame and game, the refusal answers the request that waits for it (an
        // act, a join, a create) instead of leaving it waiting for good.
        const gameId = 'gameId' in msg ? msg.gameId : undefined;
        this.refuse({ code: 'SERVER_ERROR', data: { frame: msg.type } }, gameId);
        // A failed hello welcomed nobody, and no frame but another hello would be served: the
        // connection closes, so that the client tries again after its wait instead of waiting
        // for a welcome that will never come.
        if (msg.type === 'hello') this.close(INTERNAL_ERROR);
      }),
    );
  }

  /**
   * Refuses a frame over the rate limit, unhandled. The refusal names the frame's type and game
   * when the frame says them, so that the client can answer the request that waits for it (a
   * create, a join, an act); it comes after the answers to the frames before it, which the
   * client matches in order, unless the connection closes for it.
   */
  private dropped(data: RawData, isBinary: boolean): void {
    const { frame, gameId } = isBinary ? {} : frameHead(data);
    const r: Refusal = { code: 'RATE_LIMITED', ...(frame !== undefined && { data: { frame } }) };
    if (++this.strikes >= this.rate.maxStrikes) {
      this.refuse(r, gameId);
      this.close();
      return;
    }
    this.work = this.work.then(() => this.refuse(r, gameId));
  }

  private refuseAndClose(r: Refusal): void {
    this.refuse(r);
    this.close();
  }

  private async handle(msg: ClientMessage): Promise<void> {
    if (this.closed) return;
    if (msg.type === 'hello') return this.hello(msg);
    if (!this.player) return this.refuseAndClose({ code: 'HELLO_FIRST' });
    const player = this.player;
    switch (msg.type) {
      case 'create':
        return this.create(player, msg);
      case 'join':
        return this.join(player, msg);
      case 'act':
        return this.act(msg);
      case 'chat':
        return this.chat(player, msg);
      case 'leave':
        return this.leave(msg.gameId);
      case 'rematch':
        return this.rematch(player, msg.gameId);
      case 'subscribeLobby':
        return this.shared.lobby.subscribe(this);
      case 'unsubscribeLobby':
        return this.shared.lobby.unsubscribe(this);
      case 'listMyGames': {
        const [games, finished] = await Promise.all([
          this.shared.lobby.gamesOf(player.id),
          this.shared.lobby.finishedOf(player.id),
        ]);
        return this.send({ type: 'myGames', games, finished });
      }
    }
  }

  private async hello(msg: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
    if (this.player) return this.refuse({ code: 'ALREADY_WELCOMED' });
    if (msg.protocol !== PROTOCOL_VERSION)
      return this.refuseAndClose({
        code: 'PROTOCOL_MISMATCH',
        data: { expected: PROTOCOL_VERSION, got: msg.protocol },
      });
    const { store } = this.deps;
    const name = msg.name?.trim();
    if (msg.token !== undefined) {
      const found = isTokenOf('player', msg.token)
        ? await store.playerByTokenHash(hashToken(msg.token))
        : undefined;
      if (!found) return this.refuseAndClose({ code: 'UNKNOWN_PLAYER' });
      this.player = { ...found, name: name || found.name };
      if (name && name !== found.name) {
        await store.renamePlayer(found.id, name);
        await this.renamed(found.id);
      }
      this.send({ type: 'welcome', playerId: found.id, name: this.player.name });
      return;
    }
    const waitMs = this.shared.newPlayers.take(this.address);
    if (waitMs > 0)
      return this.refuseAndClose({
        code: 'TOO_MANY_NEW_PLAYERS',
        data: { retryMinutes: Math.ceil(waitMs / 60_000) },
      });
    const token = newToken('player');
    this.player = await store.createPlayer({
      id: newId(),
      name: name || DEFAULT_NAME,
      tokenHash: hashToken(token),
    });
    this.send({ type: 'welcome', playerId: this.player.id, name: this.player.name, token });
  }

  /**
   * A player came back under another name: every table they sit at shows it, this process's
   * open rooms now, the lobby and the other processes by the seats notice.
   */
  private async renamed(playerId: string): Promise<void> {
    for (const g of await this.deps.store.gamesOfPlayer(playerId, ['open', 'playing'])) {
      this.shared.seatsChanged(g.id);
      const room = this.shared.rooms.ifOpen(g.id);
      if (room) {
        await room.refresh();
        room.broadcastViews();
      }
    }
  }

  private async create(
    player: PlayerRecord,
    msg: Extract<ClientMessage, { type: 'create' }>,
  ): Promise<void> {
    const lexicon = msg.lexicon ?? this.deps.lexicons[0]!;
    if (!this.deps.lexicons.includes(lexicon))
      return this.refuse({ code: 'UNKNOWN_LEXICON', data: { allowed: [...this.deps.lexicons] } });
    const rules = rulesFromPreset(msg.preset, {
      ...msg.variants,
      ...(msg.challengeMode !== undefined && { challengeMode: msg.challengeMode }),
      ...(msg.clockMinutes !== undefined && {
        clock: { ...TOURNAMENT_CLOCK, minutesPerPlayer: msg.clockMinutes },
      }),
    });
    if (!rules.ok) return this.refuse({ code: 'INVALID_RULES', data: { ...rules.error } });
    if (msg.seats.some((s) => typeof s !== 'string')) {
      // The games they made count too: a game of bots alone seats nobody.
      const limit = this.deps.maxBotGames ?? DEFAULT_MAX_BOT_GAMES;
      if ((await this.deps.store.countBotGames(player.id, ['open', 'playing'])) >= limit)
        return this.refuse({ code: 'TOO_MANY_GAMES', data: { limit } });
    }
    // The creator sits at the first seat that is not a bot's (none: the creator watches).
    const creatorSeat = msg.seats.findIndex((s) => typeof s === 'string');
    const inviteTokens: { seat: number; token: string }[] = [];
    const seats: NewSeat[] = msg.seats.map((s, i) => {
      if (typeof s !== 'string') return { kind: 'bot', botLevel: s.bot, inviteHash: null };
      if (s === 'open' || i === creatorSeat)
        return { kind: s === 'open' ? 'open' : 'invited', botLevel: null, inviteHash: null };
      const token = newToken('seat');
      inviteTokens.push({ seat: i, token });
      return { kind: 'invited', botLevel: null, inviteHash: hashToken(token) };
    });
    const id = newId();
    await this.deps.games.create({
      id,
      config: { rules: rules.value, seed: this.deps.games.newSeed(), lexicon },
      seats,
      createdBy: player.id,
    });
    if (creatorSeat >= 0) {
      const claimed = await this.deps.store.claimSeat(id, creatorSeat, player.id);
      if (!claimed.ok) throw new Error(`new game ${id}: creator's seat refused (${claimed.code})`);
    }
    this.send({ type: 'created', gameId: id, inviteTokens });
    if (creatorSeat >= 0) this.shared.seatsChanged(id);
    await this.enter(id, creatorSeat >= 0 ? creatorSeat : 'observer', true);
  }

  private async join(
    player: PlayerRecord,
    msg: Extract<ClientMessage, { type: 'join' }>,
  ): Promise<void> {
    const { store } = this.deps;
    const game = await store.getGame(msg.gameId);
    if (!game) return this.refuse({ code: 'NO_SUCH_GAME' }, msg.gameId);
    let seat: Viewer;
    let claimed = false;
    if (msg.seatToken !== undefined) {
      const at = isTokenOf('seat', msg.seatToken)
        ? await store.seatByInviteHash(hashToken(msg.seatToken))
        : undefined;
      if (!at || at.gameId !== msg.gameId)
        return this.refuse({ code: 'BAD_SEAT_TOKEN' }, msg.gameId);
      seat = at.seat;
      claimed = true;
    } else if (msg.seat !== undefined) {
      const s = game.seats[msg.seat];
      if (!s) return this.refuse({ code: 'SEAT_NOT_OPEN', data: { seat: msg.seat } }, msg.gameId);
      if (s.kind !== 'open' && s.playerId !== player.id)
        return this.refuse({ code: 'SEAT_NOT_OPEN', data: { seat: msg.seat } }, msg.gameId);
      seat = msg.seat;
      claimed = true;
    } else {
      // Coming back: a player who holds a seat gets it again; anyone else watches.
      seat = game.seats.find((s) => s.playerId === player.id)?.seat ?? 'observer';
    }
    // A finished game gives no seat away: a late invitee watches the result of a game they
    // never played (who held the seat gets it back).
    if (
      claimed &&
      game.status === 'finished' &&
      game.seats[seat as number]?.playerId !== player.id
    ) {
      seat = 'observer';
      claimed = false;
    }
    if (claimed && typeof seat === 'number') {
      // One person, one seat (the store checks it with the claim, so two tabs cannot race
      // past it): a creator who opens the link meant for a friend would otherwise take the
      // friend's seat too, and the friend would then be refused it.
      const r = await store.claimSeat(msg.gameId, seat, player.id);
      if (!r.ok)
        return this.refuse(
          r.code === 'ALREADY_SEATED'
            ? { code: 'ALREADY_SEATED', data: { seat: r.seat } }
            : { code: r.code === 'SEAT_TAKEN' ? 'SEAT_TAKEN' : 'SEAT_NOT_OPEN', data: { seat } },
          msg.gameId,
        );
      this.shared.seatsChanged(msg.gameId);
    }
    await this.enter(msg.gameId, seat, claimed);
    if (game.rematchId !== null && this.joined.has(msg.gameId))
      this.send({ type: 'rematch', gameId: msg.gameId, newGameId: game.rematchId });
  }

  /** Makes this connection a member of a room and sends it the view and recent chat. */
  private async enter(gameId: string, seat: Viewer, seatsChanged: boolean): Promise<void> {
    const room = await this.rooms.get(gameId);
    if (!room) return this.refuse({ code: 'NO_SUCH_GAME' }, gameId);
    const before = this.joined.get(gameId);
    if (before) room.members.delete(before.member);
    const member: Member = { conn: this, seat };
    // Gone while the room opened: a room left empty must still be let go.
    if (this.closed) return this.rooms.leave(room, member);
    room.members.add(member);
    this.joined.set(gameId, { room, member });
    const arrived = room.membersChanged();
    if (seatsChanged) {
      await room.refresh();
      room.broadcastViews();
    } else if (arrived) {
      // The others see this player's seat no longer waiting for them.
      room.broadcastViews();
    } else {
      this.send(room.viewFor(seat));
    }
    const names = new Map<string, string>();
    for (const line of await this.deps.store.chat(gameId, CHAT_HISTORY)) {
      this.send({
        type: 'chat',
        gameId,
        from: await this.nameOf(line.playerId, names),
        text: line.text,
        at: line.createdAt,
      });
    }
  }

  private async nameOf(playerId: string | null, cache: Map<string, string>): Promise<string> {
    if (playerId === null) return '';
    let name = cache.get(playerId);
    if (name === undefined) {
      name = (await this.deps.store.getPlayer(playerId))?.name ?? '';
      cache.set(playerId, name);
    }
    return name;
  }

  private async act(msg: Extract<ClientMessage, { type: 'act' }>): Promise<void> {
    const at = this.joined.get(msg.gameId);
    if (!at) return this.refuse({ code: 'NOT_IN_GAME' }, msg.gameId);
    const seat = at.member.seat;
    if (seat === 'observer') return this.refuse({ code: 'NOT_SEATED' }, msg.gameId);
    const done =
      msg.action.kind === 'claim'
        ? await this.claim(at.room, seat, msg.action.version)
        : await at.room.host.act(seat, msg.action as SeatAction);
    if (done.ok) return this.send({ type: 'ack', gameId: msg.gameId, version: done.version });
    const { code, ...data } = done.error;
    this.refuse({ code, ...(Object.keys(data).length > 0 && { data }) }, msg.gameId);
  }

  // A claim is the resignation of the absent seat on turn, made for it by the claimer.
  private claim(room: Room, seat: number, version: number): Promise<ActResult> {
    if (!room.mayClaim(seat))
      return Promise.resolve({ ok: false, error: { code: 'NOT_CLAIMABLE' } });
    const turn = room.host.state.turn;
    return room.host.act(turn, { kind: 'resign', claimedBy: seat, version });
  }

  private async chat(
    player: PlayerRecord,
    msg: Extract<ClientMessage, { type: 'chat' }>,
  ): Promise<void> {
    const at = this.joined.get(msg.gameId);
    if (!at) return this.refuse({ code: 'NOT_IN_GAME', data: { frame: 'chat' } }, msg.gameId);
    // Counted in the database, so that two connections through two processes share it.
    const added = await this.deps.store.addChatWithin(
      { gameId: msg.gameId, playerId: player.id, text: msg.text },
      this.deps.chatRate ?? DEFAULT_CHAT_RATE,
    );
    if (!added.ok)
      return this.refuse(
        { code: 'CHAT_TOO_FAST', data: { retryMs: added.retryMs, frame: 'chat' } },
        msg.gameId,
      );
    const line = {
      gameId: msg.gameId,
      from: player.name,
      text: added.line.text,
      at: added.line.createdAt,
    };
    at.room.broadcast({ type: 'chat', ...line });
    publish(this.deps.store, { kind: 'chat', ...line });
  }

  /** Stops this connection's frames of a game; a seat held stays the player's. */
  private leave(gameId: string): void {
    const at = this.joined.get(gameId);
    if (!at) return this.refuse({ code: 'NOT_IN_GAME', data: { frame: 'leave' } }, gameId);
    this.joined.delete(gameId);
    this.rooms.leave(at.room, at.member);
    this.send({ type: 'left', gameId });
  }

  /**
   * Asks for the game's rematch; everyone in the old room hears of the new game, and, when it
   * is made now, who asked and the game's other people in the lobby too.
   */
  private async rematch(player: PlayerRecord, gameId: string): Promise<void> {
    const r = await this.shared.rematches.ask(gameId, player.id);
    if (!r.ok) return this.refuse({ code: r.code, data: { frame: 'rematch' } }, gameId);
    const made = { gameId, newGameId: r.gameId, byId: player.id, by: player.name };
    const msg = rematchFrame(gameId, r.gameId, r.created ? player.name : undefined);
    const at = this.joined.get(gameId);
    if (at) at.room.broadcast(msg);
    else this.send(msg);
    if (!r.created) return;
    await rematchToLobby(this.shared, this.deps, made);
    // The process that made the rematch tells the old room's members on the others.
    publish(this.deps.store, { kind: 'rematch', ...made });
  }

  /** Whether this connection's player is one of `players` (ids). */
  playsAs(players: ReadonlySet<string>): boolean {
    return this.player !== undefined && players.has(this.player.id);
  }

  /** Whether this connection is in the game's room (it hears the room's frames). */
  inGame(gameId: string): boolean {
    return this.joined.has(gameId);
  }

  private leaveAll(): void {
    this.shared.lobby.unsubscribe(this);
    for (const { room, member } of this.joined.values()) this.rooms.leave(room, member);
    this.joined.clear();
  }
}

/** A frame's `type` and `gameId` when it is JSON that has them as short strings. */
function frameHead(data: RawData): { frame?: string; gameId?: string } {
  let json: unknown;
  try {
    json = JSON.parse(rawText(data));
  } catch {
    return {};
  }
  if (typeof json !== 'object' || json === null) return {};
  const { type, gameId } = json as Record<string, unknown>;
  const short = (v: unknown): v is string => typeof v === 'string' && v.length <= 64;
  return { ...(short(type) && { frame: type }), ...(short(gameId) && { gameId }) };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
