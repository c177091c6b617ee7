/**
 * The live lobby (issue 11 §3): the games of this server not yet over — open tables with free
 * seats and games one may watch — as the protocol's `LobbyGame`: seats by name, bot level and
 * freedom, whose turn, scores and phase; never a rack, a token or the seed. A subscriber gets
 * the whole list once, then one `lobbyGame` per game that changed (a move, a seat taken, the
 * end). Changes arriving together are sent once per game, in order.
 *
 * The list comes from the store, so it includes games hosted by other processes sharing it.
 * Live updates follow the games hosted here (every game this process resumed, created or
 * loaded) and, through `follow`, the appends other processes commit to games not hosted here
 * — a room opened elsewhere starts with one — while seats taken elsewhere arrive as room
 * notices (socket.ts) calling `seatsChanged`. Announcing a game hosts it here from then on,
 * so its later changes come through the host like any other.
 */
import type { GameState } from '../../engine/gameState.js';
import { inFinalChallengeWindow } from '../../engine/endOfGame.js';
import type { LobbyGame, MyGame, ServerMessage } from '../../protocol/index.js';
import { lobbySeatSchema } from '../../protocol/messages.js';
import type { GameRecord, Store } from '../store/index.js';
import type { Games } from './games.js';
import { type GameHost, type HostedConfig, storedState } from './host.js';
import { seatNames } from './seatNames.js';

/** Most games a lobby list holds: the ones changed most recently. */
export const LOBBY_SIZE = 200;

/** How many of a player's finished games `myGames` lists: the ones that ended last. */
export const FINISHED_LISTED = 10;

/** Who receives lobby frames (a connection). */
export interface LobbySubscriber {
  send(msg: ServerMessage): void;
}

// What the lobby shows of a game that changes only when a seat is taken.
type Table = Omit<LobbyGame, 'turn' | 'scores' | 'phase' | 'version'>;

/** The lobby of one process (see the module comment). */
export class Lobby {
  private readonly subscribers = new Set<LobbySubscriber>();
  /** The changes held for subscribers whose whole list is still being read. */
  private readonly waiting = new Map<LobbySubscriber, LobbyGame[]>();
  private readonly tables = new Map<string, Promise<Table>>();
  // Games changed since the last batch, with their host when the change came from it (a game
  // just let go is then announced without loading it again).
  private readonly changed = new Map<string, GameHost | undefined>();
  private scheduled = false;
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly games: Games,
  ) {
    games.observe((id, host) => this.touch(id, host));
  }

  /**
   * Announces games other processes sharing the database create or change while this one
   * does not host them (see the module comment). Resolves, once listening, to its stop.
   */
  follow(): Promise<() => void> {
    return this.store.onAppend((append) => {
      if (append.gameId !== null && !this.games.isHosted(append.gameId)) this.touch(append.gameId);
    });
  }

  /**
   * Sends the whole list to `s`, then every change until `unsubscribe`. A change made while
   * the list is read waits for it and follows it: sent before, it would be undone by a list
   * read earlier (a client replaces its list with the whole one).
   */
  async subscribe(s: LobbySubscriber): Promise<void> {
    this.subscribers.add(s);
    const waiting: LobbyGame[] = [];
    this.waiting.set(s, waiting);
    const records = await this.store.listGames(['open', 'playing'], LOBBY_SIZE);
    // A game whose record cannot be read (broken, or half written by a failed create) is
    // left out, rather than leaving everyone without a lobby.
    const games = await Promise.all(records.map((g) => this.entryOf(g).catch(() => undefined)));
    // Unsubscribed (or gone) while the list was read: nothing to send.
    if (!this.subscribers.has(s) || this.waiting.get(s) !== waiting) return;
    this.waiting.delete(s);
    s.send({ type: 'lobby', games: games.filter((g) => g !== undefined) });
    for (const game of waiting) s.send({ type: 'lobbyGame', game });
  }

  /** Stops sending lobby frames to `s`. */
  unsubscribe(s: LobbySubscriber): void {
    this.subscribers.delete(s);
    this.waiting.delete(s);
  }

  /** Sends `msg` to the subscribers `to` picks (news for some players, not a game's change). */
  tell(msg: ServerMessage, to: (s: LobbySubscriber) => boolean): void {
    for (const s of this.subscribers) if (to(s)) s.send(msg);
  }

  /** A seat of the game was taken: its names are read again and subscribers told. */
  seatsChanged(id: string): void {
    this.tables.delete(id);
    this.touch(id);
  }

  /** The games not over in which a player holds a seat, with that seat. */
  async gamesOf(playerId: string): Promise<MyGame[]> {
    const records = await this.store.gamesOfPlayer(playerId, ['open', 'playing']);
    const mine = await Promise.all(
      records.map(async (g) => {
        const entry = await this.entryOf(g);
        const seat = g.seats.find((s) => s.playerId === playerId)?.seat;
        return entry && seat !== undefined && entry.phase !== 'over'
          ? { ...entry, seat }
          : undefined;
      }),
    );
    return mine.filter((g) => g !== undefined);
  }

  /**
   * The player's most recently finished games, with their seat, ended last first. Rebuilt from
   * the store, not hosted: listing them must not keep them in memory, nor announce them again.
   */
  async finishedOf(playerId: string): Promise<MyGame[]> {
    const records = await this.store.gamesOfPlayer(playerId, ['finished'], FINISHED_LISTED);
    const ended = async (g: GameRecord): Promise<MyGame | undefined> => {
      const seat = g.seats.find((s) => s.playerId === playerId)?.seat;
      const state = await storedState(this.store, g);
      if (seat === undefined || !state.result) return undefined;
      return { ...lobbyEntry(await this.tableOf(g.id, g), state, g.updatedAt), seat };
    };
    // A game whose record cannot be read is left out, as in the lobby's list.
    const mine = await Promise.all(records.map((g) => ended(g).catch(() => undefined)));
    return mine.filter((g) => g !== undefined);
  }

  // A game changed: its entry goes out with the next batch (once, however often it changed).
  private touch(id: string, host?: GameHost): void {
    if (this.subscribers.size === 0) return;
    this.changed.set(id, host ?? this.changed.get(id));
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const ids = [...this.changed];
      this.changed.clear();
      // One batch after the other, so a later state never overtakes an earlier one.
      this.work = this.work.then(() => this.announce(ids)).catch(() => {});
    });
  }

  private async announce(ids: readonly (readonly [string, GameHost | undefined])[]): Promise<void> {
    for (const [id, known] of ids) {
      const host = known ?? (await this.games.get(id));
      if (!host) continue;
      const game = await this.entry(id, host.state);
      if (!game) continue;
      for (const s of this.subscribers) {
        const waiting = this.waiting.get(s);
        if (waiting) waiting.push(game);
        else s.send({ type: 'lobbyGame', game });
      }
      // A game over has left the lobby: its table need not be remembered.
      if (game.phase === 'over') this.tables.delete(id);
    }
  }

  private async entryOf(g: GameRecord): Promise<LobbyGame | undefined> {
    const host = await this.games.get(g.id);
    return host && this.entry(g.id, host.state, g);
  }

  private async entry(
    id: string,
    state: GameState,
    record?: GameRecord,
  ): Promise<LobbyGame | undefined> {
    let table = this.tables.get(id);
    if (!table) {
      table = this.tableOf(id, record);
      this.tables.set(id, table);
      table.catch(() => this.tables.delete(id));
    }
    const t = await table.catch(() => undefined);
    if (!t) return undefined;
    // A game's record is last written with its end (the status then): that is when it ended.
    const ended = state.result ? (record ?? (await this.store.getGame(id)))?.updatedAt : undefined;
    return lobbyEntry(t, state, ended);
  }

  private async tableOf(id: string, record?: GameRecord): Promise<Table> {
    const game = record ?? (await this.store.getGame(id));
    if (!game) throw new Error(`game ${id} is not stored`);
    const config = game.config as unknown as HostedConfig;
    const names = await seatNames(this.store, game);
    return {
      gameId: id,
      preset: config.rules.preset,
      challengeMode: config.rules.challengeMode,
      clockMinutes: config.rules.clock?.minutesPerPlayer ?? null,
      tilesEach: config.rules.rackSize,
      targetScore: config.rules.targetScore,
      lexicon: config.lexicon,
      seats: game.seats.map((s, i) => ({
        name: names[i]!,
        bot: s.kind === 'bot' ? botLevel(s.botLevel) : null,
        free: s.kind === 'open' && s.playerId === null,
      })),
    };
  }
}

// A game's lobby entry: its table and where its state stands (and once over, when it ended).
function lobbyEntry(t: Table, state: GameState, endedAt?: number): LobbyGame {
  const result = state.result;
  const over = result !== null;
  const resign = over ? state.events.filter((e) => e.kind === 'resign').at(-1) : undefined;
  return {
    ...t,
    turn: over ? null : state.turn,
    scores: [...(result?.final ?? state.scores)],
    phase: over ? 'over' : inFinalChallengeWindow(state) ? 'final-challenge' : 'playing',
    version: state.version,
    ...(over && {
      end: {
        winners: [...result.winners],
        resigned: result.resigned,
        claimedBy: resign?.kind === 'resign' ? (resign.claimedBy ?? null) : null,
        ...(endedAt !== undefined && { at: endedAt }),
      },
    }),
  };
}

// The seat's bot level as the protocol names it (the levels `create` offers).
function botLevel(level: string | null): LobbyGame['seats'][number]['bot'] {
  const parsed = lobbySeatSchema.shape.bot.safeParse(level);
  return parsed.success ? parsed.data : null;
}
