/**
 * The SQLite store (better-sqlite3): one connection per process in WAL mode, so readers never
 * wait for the writer, with `synchronous = NORMAL`: a committed event survives a crash or a
 * kill of the process (the WAL is written before the commit returns) and the database is
 * never corrupted; only a power cut or an operating-system crash can lose the last commits
 * before a checkpoint. FULL would wait for the disk on every commit, and better-sqlite3 waits
 * on the event loop: on this machine that held the server to ~150 moves/s with seconds of
 * latency (npm run bench:server). Writes that must see a consistent list (appends, migrations) run in
 * `BEGIN IMMEDIATE` transactions, which serialise writers even across processes.
 */
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration, pendingMigrations } from './migrations.js';
import {
  type AppendListener,
  type AppendResult,
  type ChatAddResult,
  type ChatRate,
  type ChatRecord,
  type ClaimResult,
  type GameRecord,
  type GameStatus,
  type JsonValue,
  type NewSeat,
  type NoticeListener,
  type PlayerRecord,
  type SeatRecord,
  type Store,
  type StoredEvent,
  assertStorableText,
  toJsonText,
} from './types.js';

interface PlayerRow {
  id: string;
  name: string;
  created_at: number;
}
interface GameRow {
  id: string;
  config: string;
  status: GameStatus;
  rematch_id: string | null;
  turn_version: number | null;
  turn_used_ms: number | null;
  created_at: number;
  updated_at: number;
}
interface SeatRow {
  seat: number;
  kind: SeatRecord['kind'];
  bot_level: string | null;
  player_id: string | null;
}
interface ChatRow {
  id: number;
  game_id: string;
  player_id: string | null;
  text: string;
  created_at: number;
}

const player = (r: PlayerRow): PlayerRecord => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at,
});
const seat = (r: SeatRow): SeatRecord => ({
  seat: r.seat,
  kind: r.kind,
  botLevel: r.bot_level,
  playerId: r.player_id,
});
const chat = (r: ChatRow): ChatRecord => ({
  id: r.id,
  gameId: r.game_id,
  playerId: r.player_id,
  text: r.text,
  createdAt: r.created_at,
});

/** Options for tests: another migration list. */
export interface SqliteStoreOptions {
  readonly migrations?: readonly Migration[];
}

/**
 * Opens (creating if needed) the SQLite database at `path` (`:memory:` for a private one)
 * and applies pending migrations.
 */
export function openSqliteStore(path: string, opts: SqliteStoreOptions = {}): Store {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Another process holding the write lock makes us wait, not fail.
    db.pragma('busy_timeout = 5000');
    migrate(db, opts.migrations ?? MIGRATIONS);
  } catch (err) {
    db.close();
    throw err;
  }
  return new SqliteStore(db);
}

function migrate(db: Database.Database, all: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const step = db.transaction((m: Migration) => {
    // Re-read inside the write lock: another process may have applied it meanwhile.
    const done = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version);
    if (done) return;
    db.exec(m.sqlite);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
      m.version,
      m.name,
      Date.now(),
    );
  });
  for (const m of pendingMigrations(appliedVersion(db), all)) step.immediate(m);
}

function appliedVersion(db: Database.Database): number {
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as {
    v: number | null;
  };
  return row.v ?? 0;
}

/** An append waiting for the next group commit (SqliteStore.flush). */
interface PendingAppend {
  readonly gameId: string;
  readonly firstSeq: number;
  readonly texts: string[];
  readonly status: GameStatus | undefined;
  readonly resolve: (r: AppendResult) => void;
  readonly reject: (err: unknown) => void;
}

class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  private closed = false;
  private readonly q;
  private readonly appendListeners = new Set<AppendListener>();
  // The append's transaction, wrapped once (better-sqlite3 builds a wrapper per call of
  // db.transaction, which showed in the server's profile at one append per move).
  private readonly append;
  private readonly appendBatch;
  private pending: PendingAppend[] = [];
  private readonly chatWithin;

  constructor(private readonly db: Database.Database) {
    this.q = {
      insertPlayer: db.prepare(
        'INSERT INTO players (id, name, token_hash, created_at) VALUES (?, ?, ?, ?)',
      ),
      player: db.prepare<[string], PlayerRow>(
        'SELECT id, name, created_at FROM players WHERE id = ?',
      ),
      playerByHash: db.prepare<[string], PlayerRow>(
        'SELECT id, name, created_at FROM players WHERE token_hash = ?',
      ),
      rename: db.prepare('UPDATE players SET name = ? WHERE id = ?'),
      insertGame: db.prepare(
        `INSERT INTO games (id, config, status, created_at, updated_at, created_by)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      insertSeat: db.prepare(
        `INSERT INTO game_seats (game_id, seat, kind, bot_level, invite_hash, player_id)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      game: db.prepare<[string], GameRow>('SELECT * FROM games WHERE id = ?'),
      seats: db.prepare<[string], SeatRow>(
        'SELECT seat, kind, bot_level, player_id FROM game_seats WHERE game_id = ? ORDER BY seat',
      ),
      setStatus: db.prepare('UPDATE games SET status = ?, updated_at = ? WHERE id = ?'),
      touch: db.prepare('UPDATE games SET updated_at = ? WHERE id = ?'),
      linkRematch: db.prepare(
        'UPDATE games SET rematch_id = ? WHERE id = ? AND rematch_id IS NULL',
      ),
      unlinkRematch: db.prepare(
        'UPDATE games SET rematch_id = NULL WHERE id = ? AND rematch_id = ?',
      ),
      saveTurnClock: db.prepare(
        `UPDATE games SET turn_version = ?, turn_used_ms = ? WHERE id = ?
         AND (turn_version IS NULL OR turn_version <= ?)`,
      ),
      seatByInvite: db.prepare<[string], { game_id: string; seat: number }>(
        'SELECT game_id, seat FROM game_seats WHERE invite_hash = ?',
      ),
      claim: db.prepare(
        `UPDATE game_seats SET player_id = ? WHERE game_id = ? AND seat = ? AND kind <> 'bot'
         AND (player_id IS NULL OR player_id = ?)`,
      ),
      heldSeat: db.prepare<[string, string, number], { seat: number }>(
        'SELECT seat FROM game_seats WHERE game_id = ? AND player_id = ? AND seat <> ? LIMIT 1',
      ),
      seatRow: db.prepare<[string, number], SeatRow>(
        'SELECT seat, kind, bot_level, player_id FROM game_seats WHERE game_id = ? AND seat = ?',
      ),
      nextSeq: db.prepare<[string], { n: number | null }>(
        'SELECT MAX(seq) + 1 AS n FROM game_events WHERE game_id = ?',
      ),
      insertEvent: db.prepare(
        'INSERT INTO game_events (game_id, seq, event, created_at) VALUES (?, ?, ?, ?)',
      ),
      events: db.prepare<[string, number], { seq: number; event: string; created_at: number }>(
        'SELECT seq, event, created_at FROM game_events WHERE game_id = ? AND seq >= ? ORDER BY seq',
      ),
      insertChat: db.prepare<[string, string | null, string, number], ChatRow>(
        `INSERT INTO chat_messages (game_id, player_id, text, created_at) VALUES (?, ?, ?, ?)
         RETURNING *`,
      ),
      chat: db.prepare<[string, number], ChatRow>(
        `SELECT * FROM (SELECT * FROM chat_messages WHERE game_id = ? ORDER BY id DESC LIMIT ?)
         ORDER BY id`,
      ),
      // The player's lines in the window: how many, and when the one that leaves it first was said.
      recentChat: db.prepare<[string, string, number], { count: number; oldest: number | null }>(
        `SELECT count(*) AS count, min(created_at) AS oldest FROM (
           SELECT created_at FROM chat_messages WHERE game_id = ? AND player_id = ?
           AND created_at > ? ORDER BY id DESC LIMIT 1000)`,
      ),
      appendCheck: db.prepare<[string], { n: number | null }>(
        `SELECT (SELECT MAX(seq) + 1 FROM game_events WHERE game_id = g.id) AS n
         FROM games g WHERE g.id = ?`,
      ),
    };
    this.chatWithin = db.transaction(
      (
        c: { gameId: string; playerId: string; text: string },
        rate: ChatRate,
        now: number,
      ): ChatAddResult => {
        const recent = this.q.recentChat.get(c.gameId, c.playerId, now - rate.perMs);
        if (recent && recent.count >= rate.lines)
          return { ok: false, retryMs: Math.max(1, recent.oldest! + rate.perMs - now) };
        return { ok: true, line: chat(this.q.insertChat.get(c.gameId, c.playerId, c.text, now)!) };
      },
    );
    this.append = db.transaction(
      (gameId: string, firstSeq: number, texts: string[], status?: GameStatus): AppendResult => {
        // One query both tells a missing game and reads the list's length.
        const row = this.q.appendCheck.get(gameId);
        if (!row) return { ok: false, code: 'NO_SUCH_GAME' };
        const next = row.n ?? 0;
        if (next !== firstSeq) return { ok: false, code: 'SEQ_CONFLICT', nextSeq: next };
        const now = Date.now();
        texts.forEach((t, i) => this.q.insertEvent.run(gameId, firstSeq + i, t, now));
        if (status) this.q.setStatus.run(status, now, gameId);
        else this.q.touch.run(now, gameId);
        return { ok: true, nextSeq: firstSeq + texts.length };
      },
    );
    this.appendBatch = db.transaction((batch: readonly PendingAppend[]) =>
      batch.map((a): AppendResult | { error: unknown } => {
        try {
          // A transaction function called inside another runs as a savepoint.
          return this.append(a.gameId, a.firstSeq, a.texts, a.status);
        } catch (error) {
          return { error };
        }
      }),
    );
  }

  async schemaVersion(): Promise<number> {
    return appliedVersion(this.db);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async createPlayer(p: { id: string; name: string; tokenHash: string }): Promise<PlayerRecord> {
    assertStorableText('player name', p.name);
    const now = Date.now();
    this.q.insertPlayer.run(p.id, p.name, p.tokenHash, now);
    return { id: p.id, name: p.name, createdAt: now };
  }

  async getPlayer(id: string): Promise<PlayerRecord | undefined> {
    const r = this.q.player.get(id);
    return r && player(r);
  }

  async playerByTokenHash(tokenHash: string): Promise<PlayerRecord | undefined> {
    const r = this.q.playerByHash.get(tokenHash);
    return r && player(r);
  }

  async renamePlayer(id: string, name: string): Promise<boolean> {
    assertStorableText('player name', name);
    return this.q.rename.run(name, id).changes === 1;
  }

  async createGame(g: {
    id: string;
    config: JsonValue;
    status: GameStatus;
    seats: readonly NewSeat[];
    createdBy?: string;
  }): Promise<GameRecord> {
    const config = toJsonText(g.config);
    const now = Date.now();
    this.db.transaction(() => {
      this.q.insertGame.run(g.id, config, g.status, now, now, g.createdBy ?? null);
      g.seats.forEach((s, i) =>
        this.q.insertSeat.run(g.id, i, s.kind, s.botLevel, s.inviteHash, s.playerId ?? null),
      );
    })();
    return (await this.getGame(g.id))!;
  }

  private record(r: GameRow): GameRecord {
    return {
      id: r.id,
      config: JSON.parse(r.config) as JsonValue,
      status: r.status,
      seats: this.q.seats.all(r.id).map(seat),
      rematchId: r.rematch_id,
      turnClock:
        r.turn_version === null || r.turn_used_ms === null
          ? null
          : { version: r.turn_version, usedMs: r.turn_used_ms },
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  }

  async getGame(id: string): Promise<GameRecord | undefined> {
    const r = this.q.game.get(id);
    return r && this.record(r);
  }

  async listGames(statuses: readonly GameStatus[], limit = 1000): Promise<GameRecord[]> {
    if (statuses.length === 0) return [];
    const rows = this.db
      .prepare<unknown[], GameRow>(
        `SELECT * FROM games WHERE status IN (${statuses.map(() => '?').join(', ')})
         ORDER BY updated_at DESC, id LIMIT ?`,
      )
      .all(...statuses, limit);
    return rows.map((r) => this.record(r));
  }

  async gamesOfPlayer(
    playerId: string,
    statuses: readonly GameStatus[],
    limit = 1000,
  ): Promise<GameRecord[]> {
    if (statuses.length === 0) return [];
    const rows = this.db
      .prepare<unknown[], GameRow>(
        `SELECT * FROM games WHERE status IN (${statuses.map(() => '?').join(', ')})
         AND id IN (SELECT game_id FROM game_seats WHERE player_id = ?)
         ORDER BY updated_at DESC, id LIMIT ?`,
      )
      .all(...statuses, playerId, limit);
    return rows.map((r) => this.record(r));
  }

  async countBotGames(playerId: string, statuses: readonly GameStatus[]): Promise<number> {
    if (statuses.length === 0) return 0;
    const row = this.db
      .prepare<unknown[], { n: number }>(
        `SELECT COUNT(*) AS n FROM games g WHERE g.status IN (${statuses.map(() => '?').join(', ')})
         AND EXISTS (SELECT 1 FROM game_seats b WHERE b.game_id = g.id AND b.kind = 'bot')
         AND (g.created_by = ?
           OR EXISTS (SELECT 1 FROM game_seats p WHERE p.game_id = g.id AND p.player_id = ?))`,
      )
      .get(...statuses, playerId, playerId);
    return row?.n ?? 0;
  }

  async setGameStatus(id: string, status: GameStatus): Promise<boolean> {
    return this.q.setStatus.run(status, Date.now(), id).changes === 1;
  }

  async linkRematch(gameId: string, rematchId: string): Promise<string | undefined> {
    this.q.linkRematch.run(rematchId, gameId);
    return this.q.game.get(gameId)?.rematch_id ?? undefined;
  }

  async unlinkRematch(gameId: string, rematchId: string): Promise<void> {
    this.q.unlinkRematch.run(gameId, rematchId);
  }

  async saveTurnClock(gameId: string, version: number, usedMs: number): Promise<void> {
    this.q.saveTurnClock.run(version, usedMs, gameId, version);
  }

  async seatByInviteHash(
    inviteHash: string,
  ): Promise<{ gameId: string; seat: number } | undefined> {
    const r = this.q.seatByInvite.get(inviteHash);
    return r && { gameId: r.game_id, seat: r.seat };
  }

  async claimSeat(gameId: string, seatNo: number, playerId: string): Promise<ClaimResult> {
    return this.db
      .transaction((): ClaimResult => {
        // Inside the immediate transaction no other claim can come between this and the update.
        const held = this.q.heldSeat.get(gameId, playerId, seatNo);
        if (held) return { ok: false, code: 'ALREADY_SEATED', seat: held.seat };
        if (this.q.claim.run(playerId, gameId, seatNo, playerId).changes === 1) {
          this.q.touch.run(Date.now(), gameId);
          return { ok: true };
        }
        const r = this.q.seatRow.get(gameId, seatNo);
        if (!r) return { ok: false, code: 'NO_SUCH_SEAT' };
        return { ok: false, code: r.kind === 'bot' ? 'BOT_SEAT' : 'SEAT_TAKEN' };
      })
      .immediate();
  }

  async appendEvents(
    gameId: string,
    firstSeq: number,
    events: readonly JsonValue[],
    status?: GameStatus,
  ): Promise<AppendResult> {
    const texts = events.map(toJsonText);
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ gameId, firstSeq, texts, status, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  // Group commit: the appends asked for during one turn of the event loop (moves in many
  // games, read from many sockets in one poll) are committed in one transaction, each in
  // its own savepoint, so one append that fails takes back only its own writes. A commit
  // writes the WAL once for all of them; at one commit per move the commits were the
  // server's largest cost after the socket writes (npm run bench:server). Each append is still
  // committed before its promise resolves, and answered exactly as alone: a second append
  // to the same game in the batch sees the first one's events.
  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let results: (AppendResult | { error: unknown })[];
    try {
      results = this.appendBatch.immediate(batch);
    } catch (err) {
      for (const a of batch) a.reject(err);
      return;
    }
    batch.forEach((a, i) => {
      const r = results[i]!;
      if ('error' in r) return a.reject(r.error);
      if (r.ok) for (const l of this.appendListeners) l({ gameId: a.gameId, nextSeq: r.nextSeq });
      a.resolve(r);
    });
  }

  async onAppend(listener: AppendListener): Promise<() => void> {
    this.appendListeners.add(listener);
    return () => void this.appendListeners.delete(listener);
  }

  async events(gameId: string, fromSeq = 0): Promise<StoredEvent[]> {
    return this.q.events.all(gameId, fromSeq).map((r) => ({
      seq: r.seq,
      event: JSON.parse(r.event) as JsonValue,
      createdAt: r.created_at,
    }));
  }

  async addChat(c: { gameId: string; playerId: string | null; text: string }): Promise<ChatRecord> {
    assertStorableText('chat text', c.text);
    return chat(this.q.insertChat.get(c.gameId, c.playerId, c.text, Date.now())!);
  }

  async addChatWithin(
    c: { gameId: string; playerId: string; text: string },
    rate: ChatRate,
  ): Promise<ChatAddResult> {
    assertStorableText('chat text', c.text);
    // Synchronous: nothing else runs between the count and the insert in this process, and
    // other processes on the file wait for BEGIN IMMEDIATE's lock.
    return this.chatWithin.immediate(c, rate, Date.now());
  }

  async chat(gameId: string, limit = 50): Promise<ChatRecord[]> {
    return this.q.chat.all(gameId, limit).map(chat);
  }

  async publish(): Promise<void> {}

  async onNotice(_listener: NoticeListener): Promise<() => void> {
    return () => {};
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Appends already asked for are committed first.
    this.flush();
    this.db.close();
  }
}
