/**
 * The PostgreSQL store (`pg`): a connection pool; configurations as jsonb, events as json
 * (their text exactly as written, see migrations.ts). Several server processes may share one
 * database: migrations take an advisory lock so that only one process applies them, and an
 * append relies on the (game_id, seq) primary key, so that of two processes racing for the
 * same seq the second fails on the key and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
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

// A fixed key for pg_advisory_xact_lock: "atril" in ASCII.
const MIGRATION_LOCK = 0x617472696c;
const UNIQUE_VIOLATION = '23505';
// The channel on which every append is announced, with `{"g": game id, "n": next seq}`.
const CHANNEL = 'atril_events';
// The channel of the rooms' notices (Store.publish), `{"o": origin, "b": notice}`.
const NOTICES = 'atril_rooms';
// Wait before reconnecting a lost listening connection.
const RELISTEN_MS = 500;

/**
 * An append in one statement: $1 game, $2 first seq, $3 event texts, $4 now, $5 new status or
 * null, $6 channel, $7 notice. `cur` reads the list's length (no row: no such game); only when
 * it equals $2 (`ok`) are the events inserted, the game updated and the notice sent — a
 * notice PostgreSQL delivers at commit only. Answers the length read and whether it wrote.
 */
const APPEND = `
WITH cur AS (
  SELECT g.id,
    (SELECT COALESCE(MAX(e.seq) + 1, 0) FROM game_events e WHERE e.game_id = g.id)::int AS n
  FROM games g WHERE g.id = $1
), ok AS (
  SELECT id FROM cur WHERE n = $2::int
), ins AS (
  INSERT INTO game_events (game_id, seq, event, created_at)
  SELECT ok.id, $2::int + t.i::int - 1, t.e, $4::bigint
  FROM ok, unnest($3::json[]) WITH ORDINALITY AS t (e, i)
  RETURNING 1
), upd AS (
  UPDATE games SET status = COALESCE($5::text, games.status), updated_at = $4::bigint
  FROM ok WHERE games.id = ok.id
  RETURNING 1
)
SELECT cur.n,
  (SELECT count(*) FROM upd)::int AS written,
  (SELECT pg_notify($6, $7) FROM upd) AS notified
FROM cur`;

interface GameRow {
  id: string;
  config: JsonValue;
  status: GameStatus;
  rematch_id: string | null;
  turn_version: number | null;
  turn_used_ms: string | null;
  created_at: string;
  updated_at: string;
}
interface SeatRow {
  game_id: string;
  seat: number;
  kind: SeatRecord['kind'];
  bot_level: string | null;
  player_id: string | null;
}
interface ChatRow {
  id: string;
  game_id: string;
  player_id: string | null;
  text: string;
  created_at: string;
}

// BIGINT columns arrive as strings (they may exceed 2^53); ours are milliseconds and serials.
const chat = (r: ChatRow): ChatRecord => ({
  id: Number(r.id),
  gameId: r.game_id,
  playerId: r.player_id,
  text: r.text,
  createdAt: Number(r.created_at),
});

/** Options: another migration list and a pool size (for tests), the connection timeout. */
export interface PostgresStoreOptions {
  readonly migrations?: readonly Migration[];
  readonly maxConnections?: number;
  /** How long a new connection may take before it fails (10 s by default; 0 waits for ever). */
  readonly connectTimeoutMs?: number;
  /** How long one statement may run, lock waits included (30 s by default). */
  readonly statementTimeoutMs?: number;
}

/** How long a new connection to PostgreSQL may take unless told otherwise. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long one statement may run unless told otherwise. Every query of the server takes
 * milliseconds; one stuck behind a lock (another process's transaction that never ends) must
 * fail, answered SERVER_ERROR, instead of holding its game's queue, and its moves, for good.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** Connects to the PostgreSQL database at `url` and applies pending migrations. */
export async function openPostgresStore(
  url: string,
  opts: PostgresStoreOptions = {},
): Promise<Store> {
  // A server that accepts the connection and never answers must not hang start-up or a move.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.maxConnections ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    await migrate(pool, opts.migrations ?? MIGRATIONS);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return new PostgresStore(pool, url);
}

async function inTransaction<T>(pool: pg.Pool, body: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await body(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function migrate(pool: pg.Pool, all: readonly Migration[]): Promise<void> {
  await inTransaction(pool, async (c) => {
    // Serialises concurrent starts: the second process waits, then finds nothing to do.
    await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await c.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
    for (const m of pendingMigrations(await appliedVersion(c), all)) {
      await c.query(m.postgres);
      await c.query(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [m.version, m.name, Date.now()],
      );
    }
  });
}

async function appliedVersion(c: pg.Pool | pg.PoolClient): Promise<number> {
  const r = await c.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
  return r.rows[0]?.v ?? 0;
}

class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  private closed = false;
  private readonly appendListeners = new Set<AppendListener>();
  private listener: pg.Client | undefined;
  private listening: Promise<void> | undefined;
  private readonly noticeListeners = new Set<NoticeListener>();
  // Tells this store's own notices apart from other processes' (every session hears all).
  private readonly origin = randomUUID();

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
  ) {}

  schemaVersion(): Promise<number> {
    return appliedVersion(this.pool);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async createPlayer(p: { id: string; name: string; tokenHash: string }): Promise<PlayerRecord> {
    assertStorableText('player name', p.name);
    const now = Date.now();
    await this.pool.query(
      'INSERT INTO players (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)',
      [p.id, p.name, p.tokenHash, now],
    );
    return { id: p.id, name: p.name, createdAt: now };
  }

  private async onePlayer(where: string, value: string): Promise<PlayerRecord | undefined> {
    const r = await this.pool.query<{ id: string; name: string; created_at: string }>(
      `SELECT id, name, created_at FROM players WHERE ${where} = $1`,
      [value],
    );
    const row = r.rows[0];
    return row && { id: row.id, name: row.name, createdAt: Number(row.created_at) };
  }

  getPlayer(id: string): Promise<PlayerRecord | undefined> {
    return this.onePlayer('id', id);
  }

  playerByTokenHash(tokenHash: string): Promise<PlayerRecord | undefined> {
    return this.onePlayer('token_hash', tokenHash);
  }

  async renamePlayer(id: string, name: string): Promise<boolean> {
    assertStorableText('player name', name);
    const r = await this.pool.query('UPDATE players SET name = $1 WHERE id = $2', [name, id]);
    return r.rowCount === 1;
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
    await inTransaction(this.pool, async (c) => {
      await c.query(
        `INSERT INTO games (id, config, status, created_at, updated_at, created_by)
         VALUES ($1, $2, $3, $4, $4, $5)`,
        [g.id, config, g.status, now, g.createdBy ?? null],
      );
      for (const [i, s] of g.seats.entries()) {
        await c.query(
          `INSERT INTO game_seats (game_id, seat, kind, bot_level, invite_hash, player_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [g.id, i, s.kind, s.botLevel, s.inviteHash, s.playerId ?? null],
        );
      }
    });
    return (await this.getGame(g.id))!;
  }

  // One query for the games, one for all their seats.
  private async records(rows: GameRow[]): Promise<GameRecord[]> {
    if (rows.length === 0) return [];
    const seats = await this.pool.query<SeatRow>(
      `SELECT game_id, seat, kind, bot_level, player_id FROM game_seats
       WHERE game_id = ANY($1) ORDER BY game_id, seat`,
      [rows.map((r) => r.id)],
    );
    const byGame = new Map<string, SeatRecord[]>();
    for (const s of seats.rows) {
      const list = byGame.get(s.game_id) ?? [];
      list.push({ seat: s.seat, kind: s.kind, botLevel: s.bot_level, playerId: s.player_id });
      byGame.set(s.game_id, list);
    }
    return rows.map((r) => ({
      id: r.id,
      config: r.config,
      status: r.status,
      seats: byGame.get(r.id) ?? [],
      rematchId: r.rematch_id,
      turnClock:
        r.turn_version === null || r.turn_used_ms === null
          ? null
          : { version: r.turn_version, usedMs: Number(r.turn_used_ms) },
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    }));
  }

  async getGame(id: string): Promise<GameRecord | undefined> {
    const r = await this.pool.query<GameRow>('SELECT * FROM games WHERE id = $1', [id]);
    return (await this.records(r.rows))[0];
  }

  async listGames(statuses: readonly GameStatus[], limit = 1000): Promise<GameRecord[]> {
    const r = await this.pool.query<GameRow>(
      'SELECT * FROM games WHERE status = ANY($1) ORDER BY updated_at DESC, id LIMIT $2',
      [statuses, limit],
    );
    return this.records(r.rows);
  }

  async gamesOfPlayer(
    playerId: string,
    statuses: readonly GameStatus[],
    limit = 1000,
  ): Promise<GameRecord[]> {
    const r = await this.pool.query<GameRow>(
      `SELECT * FROM games WHERE status = ANY($1)
       AND id IN (SELECT game_id FROM game_seats WHERE player_id = $2)
       ORDER BY updated_at DESC, id LIMIT $3`,
      [statuses, playerId, limit],
    );
    return this.records(r.rows);
  }

  async countBotGames(playerId: string, statuses: readonly GameStatus[]): Promise<number> {
    const r = await this.pool.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM games g WHERE g.status = ANY($1)
       AND EXISTS (SELECT 1 FROM game_seats b WHERE b.game_id = g.id AND b.kind = 'bot')
       AND (g.created_by = $2
         OR EXISTS (SELECT 1 FROM game_seats p WHERE p.game_id = g.id AND p.player_id = $2))`,
      [statuses, playerId],
    );
    return r.rows[0]?.n ?? 0;
  }

  async setGameStatus(id: string, status: GameStatus): Promise<boolean> {
    const r = await this.pool.query('UPDATE games SET status = $1, updated_at = $2 WHERE id = $3', [
      status,
      Date.now(),
      id,
    ]);
    return r.rowCount === 1;
  }

  async linkRematch(gameId: string, rematchId: string): Promise<string | undefined> {
    // COALESCE keeps a link already made; the row lock orders two racing updates.
    const r = await this.pool.query<{ rematch_id: string }>(
      'UPDATE games SET rematch_id = COALESCE(rematch_id, $1) WHERE id = $2 RETURNING rematch_id',
      [rematchId, gameId],
    );
    return r.rows[0]?.rematch_id;
  }

  async unlinkRematch(gameId: string, rematchId: string): Promise<void> {
    await this.pool.query('UPDATE games SET rematch_id = NULL WHERE id = $1 AND rematch_id = $2', [
      gameId,
      rematchId,
    ]);
  }

  async saveTurnClock(gameId: string, version: number, usedMs: number): Promise<void> {
    await this.pool.query(
      `UPDATE games SET turn_version = $2, turn_used_ms = $3 WHERE id = $1
       AND (turn_version IS NULL OR turn_version <= $2)`,
      [gameId, version, usedMs],
    );
  }

  async seatByInviteHash(
    inviteHash: string,
  ): Promise<{ gameId: string; seat: number } | undefined> {
    const r = await this.pool.query<{ game_id: string; seat: number }>(
      'SELECT game_id, seat FROM game_seats WHERE invite_hash = $1',
      [inviteHash],
    );
    const row = r.rows[0];
    return row && { gameId: row.game_id, seat: row.seat };
  }

  async claimSeat(gameId: string, seat: number, playerId: string): Promise<ClaimResult> {
    return inTransaction(this.pool, async (c): Promise<ClaimResult> => {
      // The game's seat rows locked first: claims in one game take turns, so one player's two
      // claims (two tabs) cannot both see the other seat still free. Under READ COMMITTED the
      // rows read after the lock are the committed ones.
      const rows = await c.query<{ seat: number; player_id: string | null }>(
        'SELECT seat, player_id FROM game_seats WHERE game_id = $1 ORDER BY seat FOR UPDATE',
        [gameId],
      );
      const held = rows.rows.find((r) => r.player_id === playerId && r.seat !== seat);
      if (held) return { ok: false, code: 'ALREADY_SEATED', seat: held.seat };
      const u = await c.query(
        `UPDATE game_seats SET player_id = $1 WHERE game_id = $2 AND seat = $3
         AND kind <> 'bot' AND (player_id IS NULL OR player_id = $1)`,
        [playerId, gameId, seat],
      );
      if (u.rowCount === 1) {
        await c.query('UPDATE games SET updated_at = $1 WHERE id = $2', [Date.now(), gameId]);
        return { ok: true };
      }
      const r = await c.query<{ kind: string }>(
        'SELECT kind FROM game_seats WHERE game_id = $1 AND seat = $2',
        [gameId, seat],
      );
      const row = r.rows[0];
      if (!row) return { ok: false, code: 'NO_SUCH_SEAT' };
      return { ok: false, code: row.kind === 'bot' ? 'BOT_SEAT' : 'SEAT_TAKEN' };
    });
  }

  async appendEvents(
    gameId: string,
    firstSeq: number,
    events: readonly JsonValue[],
    status?: GameStatus,
  ): Promise<AppendResult> {
    const texts = events.map(toJsonText);
    const nextSeq = firstSeq + texts.length;
    try {
      // One statement, so one round trip and its own transaction: the check of the list's
      // length, the insert, the game's status and the notice all commit together or not at
      // all. A writer racing for the same seq read the same length; the (game_id, seq) key
      // then refuses the second insert (below), so a stale version never writes.
      const r = await this.pool.query<{ n: number; written: number }>(APPEND, [
        gameId,
        firstSeq,
        texts,
        Date.now(),
        status ?? null,
        CHANNEL,
        JSON.stringify({ g: gameId, n: nextSeq }),
      ]);
      const row = r.rows[0];
      if (!row) return { ok: false, code: 'NO_SUCH_GAME' };
      if (row.written === 0) return { ok: false, code: 'SEQ_CONFLICT', nextSeq: row.n };
      return { ok: true, nextSeq };
    } catch (err) {
      // A concurrent writer committed the same seq between our read and our insert.
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
        return { ok: false, code: 'SEQ_CONFLICT', nextSeq: await this.nextSeq(this.pool, gameId) };
      }
      throw err;
    }
  }

  private async nextSeq(c: pg.Pool | pg.PoolClient, gameId: string): Promise<number> {
    const r = await c.query<{ n: number | null }>(
      'SELECT MAX(seq) + 1 AS n FROM game_events WHERE game_id = $1',
      [gameId],
    );
    return r.rows[0]?.n ?? 0;
  }

  async events(gameId: string, fromSeq = 0): Promise<StoredEvent[]> {
    const r = await this.pool.query<{ seq: number; event: JsonValue; created_at: string }>(
      'SELECT seq, event, created_at FROM game_events WHERE game_id = $1 AND seq >= $2 ORDER BY seq',
      [gameId, fromSeq],
    );
    return r.rows.map((row) => ({
      seq: row.seq,
      event: row.event,
      createdAt: Number(row.created_at),
    }));
  }

  async addChat(c: { gameId: string; playerId: string | null; text: string }): Promise<ChatRecord> {
    assertStorableText('chat text', c.text);
    const r = await this.pool.query<ChatRow>(
      `INSERT INTO chat_messages (game_id, player_id, text, created_at) VALUES ($1, $2, $3, $4)
       RETURNING *`,
      [c.gameId, c.playerId, c.text, Date.now()],
    );
    return chat(r.rows[0]!);
  }

  async chat(gameId: string, limit = 50): Promise<ChatRecord[]> {
    const r = await this.pool.query<ChatRow>(
      `SELECT * FROM (SELECT * FROM chat_messages WHERE game_id = $1 ORDER BY id DESC LIMIT $2) t
       ORDER BY id`,
      [gameId, limit],
    );
    return r.rows.map(chat);
  }

  async addChatWithin(
    c: { gameId: string; playerId: string; text: string },
    rate: ChatRate,
  ): Promise<ChatAddResult> {
    assertStorableText('chat text', c.text);
    return inTransaction(this.pool, async (client): Promise<ChatAddResult> => {
      // Two lines of one player in one game, through two processes, take turns here, so the
      // second one counts the first (READ COMMITTED reads what committed before it).
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [
        c.gameId,
        c.playerId,
      ]);
      const now = Date.now();
      const recent = await client.query<{ count: number; oldest: string | null }>(
        `SELECT count(*)::int AS count, min(created_at) AS oldest FROM chat_messages
         WHERE game_id = $1 AND player_id = $2 AND created_at > $3`,
        [c.gameId, c.playerId, now - rate.perMs],
      );
      const { count, oldest } = recent.rows[0]!;
      if (count >= rate.lines)
        return { ok: false, retryMs: Math.max(1, Number(oldest) + rate.perMs - now) };
      const r = await client.query<ChatRow>(
        `INSERT INTO chat_messages (game_id, player_id, text, created_at) VALUES ($1, $2, $3, $4)
         RETURNING *`,
        [c.gameId, c.playerId, c.text, now],
      );
      return { ok: true, line: chat(r.rows[0]!) };
    });
  }

  async publish(notice: JsonValue): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [
      NOTICES,
      JSON.stringify({ o: this.origin, b: notice }),
    ]);
  }

  async onNotice(listener: NoticeListener): Promise<() => void> {
    this.noticeListeners.add(listener);
    this.listening ??= this.listen();
    await this.listening;
    return () => void this.noticeListeners.delete(listener);
  }

  async onAppend(listener: AppendListener): Promise<() => void> {
    this.appendListeners.add(listener);
    this.listening ??= this.listen();
    await this.listening;
    return () => void this.appendListeners.delete(listener);
  }

  // One connection per store holds the LISTEN. When it is lost it is replaced, and listeners
  // hear `{ gameId: null }`: notices sent meanwhile are gone, so every game must catch up.
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      if (msg.channel === CHANNEL) {
        const { g, n } = JSON.parse(msg.payload) as { g: string; n: number };
        for (const l of this.appendListeners) l({ gameId: g, nextSeq: n });
      } else if (msg.channel === NOTICES) {
        const { o, b } = JSON.parse(msg.payload) as { o: string; b: JsonValue };
        if (o === this.origin) return;
        for (const l of this.noticeListeners) l(b);
      }
    });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => {});
      this.relisten();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}; LISTEN ${NOTICES}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
  }

  private relisten(): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.listen().then(
        () => {
          for (const l of this.appendListeners) l({ gameId: null });
        },
        () => this.relisten(),
      );
    }, RELISTEN_MS).unref();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
    await this.pool.end();
  }
}
