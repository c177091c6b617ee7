/**
 * What the server persists, as one interface with two implementations (SQLite and
 * PostgreSQL, DESIGN.md §5): players, games with their seats, each game's event list and its
 * chat. The store does not interpret games: a game's configuration and its events are JSON
 * the rooms layer writes and reads back. Every method is asynchronous because PostgreSQL is;
 * the SQLite implementation answers synchronously inside the promise.
 */

/** A JSON value as the store keeps it (events, game configurations). */
export type JsonValue =
  null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A player: a display name and the hash of the secret token the client keeps. */
export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

/**
 * Where a game is in its life: waiting for seats to fill, being played, or over (finished,
 * resigned or abandoned — the event list says which).
 */
export type GameStatus = 'open' | 'playing' | 'finished';

/** Who sits in a seat: anyone with the link (`open`), one invited person, or a bot. */
export type SeatKind = 'open' | 'invited' | 'bot';

/** One seat of a game as created. */
export interface NewSeat {
  readonly kind: SeatKind;
  /** The bot level for a `bot` seat, else null. */
  readonly botLevel: string | null;
  /** Hash of the seat's invitation token (tokens.ts); null when the seat has none. */
  readonly inviteHash: string | null;
  /** The player holding the seat from the start (a rematch's people); absent: nobody yet. */
  readonly playerId?: string;
}

/** One seat as stored: who, if anyone, has claimed it. */
export interface SeatRecord {
  readonly seat: number;
  readonly kind: SeatKind;
  readonly botLevel: string | null;
  /** The player who holds the seat, once claimed; null for bots and free seats. */
  readonly playerId: string | null;
}

/** A game (a room's table): its configuration, seats and status. */
export interface GameRecord {
  readonly id: string;
  /** Rules, lexicon id, clock and whatever else the rooms layer needs, as it wrote them. */
  readonly config: JsonValue;
  readonly status: GameStatus;
  readonly seats: readonly SeatRecord[];
  /** The game created as this one's rematch, once someone asked for it. */
  readonly rematchId: string | null;
  /** The time used in the running turn as last saved (Store.saveTurnClock); null: never. */
  readonly turnClock: TurnClock | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/**
 * How long the turn being played had lasted when it was saved: the turn of the state at
 * `version` (the length of the event list then), `usedMs` milliseconds of it used.
 */
export interface TurnClock {
  readonly version: number;
  readonly usedMs: number;
}

/** One event of a game's list: `seq` is its index, 0 for the first. */
export interface StoredEvent {
  readonly seq: number;
  readonly event: JsonValue;
  readonly createdAt: number;
}

/** A chat line of a game's room, stored as plain text. */
export interface ChatRecord {
  /** Increases with every line of the whole store: later lines have larger ids. */
  readonly id: number;
  readonly gameId: string;
  readonly playerId: string | null;
  readonly text: string;
  readonly createdAt: number;
}

/**
 * The answer to an append: the events were committed and `nextSeq` is the length of the list
 * now, or nothing was written because another writer got there first (`SEQ_CONFLICT`, with
 * the list's length as it is) or the game does not exist.
 */
export type AppendResult =
  | { readonly ok: true; readonly nextSeq: number }
  | { readonly ok: false; readonly code: 'SEQ_CONFLICT'; readonly nextSeq: number }
  | { readonly ok: false; readonly code: 'NO_SUCH_GAME' };

/**
 * The answer to a seat claim: claimed (or already held by the same player), or refused
 * because another player holds it, it is a bot's, or there is no such seat.
 */
export type ClaimResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: 'SEAT_TAKEN' | 'BOT_SEAT' | 'NO_SUCH_SEAT' }
  /** The player already holds another seat of this game (`seat`): one person, one seat. */
  | { readonly ok: false; readonly code: 'ALREADY_SEATED'; readonly seat: number };

/** Told of committed appends (Store.onAppend). */
export type AppendListener = (
  append: { readonly gameId: string; readonly nextSeq: number } | { readonly gameId: null },
) => void;

/** Told of notices other processes published (Store.publish). */
export type NoticeListener = (notice: JsonValue) => void;

/** At most `lines` chat lines per `perMs` milliseconds, per player per game. */
export interface ChatRate {
  readonly lines: number;
  readonly perMs: number;
}

/** A chat line stored, or refused by the rate with the milliseconds until one is allowed. */
export type ChatAddResult =
  | { readonly ok: true; readonly line: ChatRecord }
  | { readonly ok: false; readonly retryMs: number };

/** What the server persists (see the module comment). */
export interface Store {
  /** `sqlite` or `postgres`, for logs. */
  readonly kind: 'sqlite' | 'postgres';
  /** The highest schema migration applied (migrations.ts). */
  schemaVersion(): Promise<number>;
  /** Resolves when the database answers a trivial query (for /healthz); rejects otherwise. */
  ping(): Promise<void>;

  createPlayer(p: { id: string; name: string; tokenHash: string }): Promise<PlayerRecord>;
  getPlayer(id: string): Promise<PlayerRecord | undefined>;
  /** The player whose token hashes to `tokenHash` (tokens.ts), if any. */
  playerByTokenHash(tokenHash: string): Promise<PlayerRecord | undefined>;
  /** Changes a player's display name; false when there is no such player. */
  renamePlayer(id: string, name: string): Promise<boolean>;

  /**
   * Creates a game with its seats (numbered from 0 in the given order) in one transaction;
   * `createdBy`, the player who asked for it (none for a rematch).
   */
  createGame(g: {
    id: string;
    config: JsonValue;
    status: GameStatus;
    seats: readonly NewSeat[];
    createdBy?: string;
  }): Promise<GameRecord>;
  getGame(id: string): Promise<GameRecord | undefined>;
  /** Games with one of these statuses, most recently changed first (lobby, resume on start). */
  listGames(statuses: readonly GameStatus[], limit?: number): Promise<GameRecord[]>;
  /** Games in which this player holds a seat, most recently changed first (1000 at most). */
  gamesOfPlayer(
    playerId: string,
    statuses: readonly GameStatus[],
    limit?: number,
  ): Promise<GameRecord[]>;
  /**
   * How many games with these statuses have a bot's seat and were made by this player or
   * have them seated (each counted once).
   */
  countBotGames(playerId: string, statuses: readonly GameStatus[]): Promise<number>;
  /** Sets a game's status; false when there is no such game. */
  setGameStatus(id: string, status: GameStatus): Promise<boolean>;
  /**
   * Records `rematchId` as the game's rematch unless it has one already. Atomic: of two
   * processes linking different ids, one wins. Resolves to the game's rematch id as it now
   * stands (`rematchId` or the earlier one), undefined when there is no such game.
   */
  linkRematch(gameId: string, rematchId: string): Promise<string | undefined>;
  /**
   * Takes back the game's link to `rematchId` (and only that one): the rematch could not be
   * made, and a later request makes another.
   */
  unlinkRematch(gameId: string, rematchId: string): Promise<void>;
  /**
   * Saves the time used so far in the turn of the state at `version`, so that a restarted
   * server charges it (the rooms layer saves it every few seconds and on shutdown). Ignored
   * when the game already holds the time of a later turn: a process that is behind cannot
   * take the record back. Does not count as a change of the game (`updatedAt` stays).
   */
  saveTurnClock(gameId: string, version: number, usedMs: number): Promise<void>;
  /** The game and seat an invitation token opens, by the token's hash. */
  seatByInviteHash(inviteHash: string): Promise<{ gameId: string; seat: number } | undefined>;
  /**
   * Gives a free human seat to a player. Atomic: of two players racing for one seat exactly
   * one gets it, and a player racing for two seats of one game (two tabs) gets one. Claiming a
   * seat one already holds succeeds.
   */
  claimSeat(gameId: string, seat: number, playerId: string): Promise<ClaimResult>;

  /**
   * Appends events to a game's list at `firstSeq` (which must be the list's current length)
   * in one transaction, optionally setting the game's status in the same transaction. When
   * it resolves `ok`, the events are committed: only then may they be acknowledged or
   * broadcast. Of two writers appending at the same `seq`, one succeeds and the other gets
   * `SEQ_CONFLICT` with nothing written.
   */
  appendEvents(
    gameId: string,
    firstSeq: number,
    events: readonly JsonValue[],
    status?: GameStatus,
  ): Promise<AppendResult>;
  /** The game's events from `fromSeq` on, in order. */
  events(gameId: string, fromSeq?: number): Promise<StoredEvent[]>;

  /** Stores a chat line (plain text, never interpreted). */
  addChat(c: { gameId: string; playerId: string | null; text: string }): Promise<ChatRecord>;
  /**
   * Stores a chat line unless its player already said `rate.lines` lines in that game in the
   * last `rate.perMs` milliseconds, counted in the database: the limit holds however many
   * processes the player's connections reach. Check and insert are atomic per player and game.
   */
  addChatWithin(
    c: { gameId: string; playerId: string; text: string },
    rate: ChatRate,
  ): Promise<ChatAddResult>;
  /** The latest `limit` chat lines of a game, oldest first. */
  chat(gameId: string, limit?: number): Promise<ChatRecord[]>;

  /**
   * Calls `listener` after events are committed to any game: by any process sharing the
   * database (PostgreSQL, through LISTEN/NOTIFY) or through this store (SQLite, which one
   * process owns). `{ gameId: null }` means notices may have been missed (the listening
   * connection was lost and is back): every game may have changed. Resolves, once listening,
   * to the function that stops it.
   */
  onAppend(listener: AppendListener): Promise<() => void>;

  /**
   * Sends a notice (JSON the rooms layer writes: a seat taken, a rematch, a chat line) to the
   * other processes sharing the database, through PostgreSQL's NOTIFY; their `onNotice`
   * listeners hear it, this process's do not (it acts on its own news directly). A no-op on
   * SQLite, which one process owns. Notices are not stored: one sent while a process's
   * listening connection is down is lost to it.
   */
  publish(notice: JsonValue): Promise<void>;
  /** Calls `listener` with every notice other processes publish; resolves to its stop. */
  onNotice(listener: NoticeListener): Promise<() => void>;

  /** Closes the database; the store is unusable afterwards. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * PostgreSQL text cannot hold U+0000, so both stores refuse it: the protocol layer must have
 * rejected such input before it reaches the store (a programming error, hence a throw).
 */
export function assertStorableText(what: string, text: string): void {
  if (text.includes('\u0000')) throw new RangeError(`${what} contains U+0000`);
}

/** JSON text of a value for storage, refusing U+0000 in any string or key (see above). */
export function toJsonText(value: JsonValue): string {
  return JSON.stringify(value, (key, v: unknown) => {
    assertStorableText('JSON key', key);
    if (typeof v === 'string') assertStorableText('JSON string', v);
    return v;
  });
}
