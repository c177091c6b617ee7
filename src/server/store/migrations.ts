/**
 * The versioned database schema: each migration has a number, a name and its SQL for both
 * backends. A store applies on start, in order and each in its own transaction, the ones its
 * `schema_migrations` table does not list yet. Migrations are never edited once released:
 * a change is a new migration at the end.
 */

/** One schema step, written for each backend. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sqlite: string;
  readonly postgres: string;
}

// Timestamps are milliseconds since the epoch; chat text is plain text; seats reference
// players only once claimed. Configurations are jsonb in PostgreSQL (queryable, e.g. for lobby
// filters). Events are json, which keeps the text exactly as written, like SQLite's TEXT:
// jsonb would reorder object keys, and the event list is the game's record, read back by
// code (the engine's replay among it) that may compare events as text.
const INITIAL_SQLITE = `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  config TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX games_status ON games (status, updated_at);
CREATE TABLE game_seats (
  game_id TEXT NOT NULL REFERENCES games (id),
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('open', 'invited', 'bot')),
  bot_level TEXT,
  player_id TEXT REFERENCES players (id),
  invite_hash TEXT UNIQUE,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_player ON game_seats (player_id);
CREATE TABLE game_events (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
);
CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id TEXT NOT NULL REFERENCES games (id),
  player_id TEXT REFERENCES players (id),
  text TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX chat_messages_game ON chat_messages (game_id, id);
`;

const INITIAL_POSTGRES = `
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL
);
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  config JSONB NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX games_status ON games (status, updated_at);
CREATE TABLE game_seats (
  game_id TEXT NOT NULL REFERENCES games (id),
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('open', 'invited', 'bot')),
  bot_level TEXT,
  player_id TEXT REFERENCES players (id),
  invite_hash TEXT UNIQUE,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_player ON game_seats (player_id);
CREATE TABLE game_events (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  event JSON NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, seq)
);
CREATE TABLE chat_messages (
  id BIGSERIAL PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games (id),
  player_id TEXT REFERENCES players (id),
  text TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX chat_messages_game ON chat_messages (game_id, id);
`;

/** Every migration, oldest first; versions are 1, 2, 3… without gaps. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'players, games, seats, events, chat',
    sqlite: INITIAL_SQLITE,
    postgres: INITIAL_POSTGRES,
  },
  {
    // A finished game points to its rematch, once: the first request sets it, later ones
    // (from any process) read it, so two players asking at once get one new game.
    version: 2,
    name: 'rematch link',
    sqlite: 'ALTER TABLE games ADD COLUMN rematch_id TEXT',
    postgres: 'ALTER TABLE games ADD COLUMN rematch_id TEXT',
  },
  {
    // The time used so far in the turn being played, saved every few seconds and on shutdown
    // with the version it belongs to: a restart charges it, and not the time the server was
    // down. Milliseconds, like every time in the schema (BIGINT in PostgreSQL).
    version: 3,
    name: 'time used in the running turn',
    sqlite: `ALTER TABLE games ADD COLUMN turn_version INTEGER;
ALTER TABLE games ADD COLUMN turn_used_ms INTEGER`,
    postgres: `ALTER TABLE games ADD COLUMN turn_version INTEGER;
ALTER TABLE games ADD COLUMN turn_used_ms BIGINT`,
  },
  {
    // Who made the game: a game of bots alone has nobody seated, and its creator's games with
    // bots are still counted against the limit (RoomDeps.maxBotGames). Null before this.
    version: 4,
    name: 'game creator',
    sqlite: 'ALTER TABLE games ADD COLUMN created_by TEXT',
    postgres: 'ALTER TABLE games ADD COLUMN created_by TEXT',
  },
];

/** Why a store refused to open a database. */
export class SchemaTooNewError extends Error {
  readonly code = 'SCHEMA_TOO_NEW';
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`database schema version ${found} is newer than this server's ${known}`);
  }
}

/** The migrations to apply to a database whose highest applied version is `applied`. */
export function pendingMigrations(
  applied: number,
  all: readonly Migration[] = MIGRATIONS,
): Migration[] {
  const known = all.at(-1)?.version ?? 0;
  if (applied > known) throw new SchemaTooNewError(applied, known);
  return all.filter((m) => m.version > applied);
}
