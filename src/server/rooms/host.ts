/**
 * The authority over one game (issue 11 §3, §5–§7): it holds the game's state, applies each
 * action through the engine, commits the events it causes to the store before anyone hears of
 * them, moves the bots (through the worker pool), and measures each turn's time on the
 * server's clock. One host per game per process; actions on a game are handled one at a time,
 * and when another process sharing the database wrote first, the store's (game, seq) key
 * refuses the append and the host catches up instead of forking the game.
 *
 * It knows nothing of sockets or messages: a room subscribes to it and projects each change
 * for each viewer (DESIGN.md §5).
 *
 * A turn's time runs only while somebody holds the seat on turn: a seat nobody has taken yet
 * (an invited friend still to arrive) is not charged for the wait. In a timed game the time
 * used in the running turn is saved every few seconds and when the host closes, so that a
 * restarted server charges it — but not the time it was down; a crash loses at most the
 * last few seconds.
 */
import { isBotLevel, type BotLevel } from '../../ai/bots.js';
import type { GameError } from '../../engine/errors.js';
import type { GameEvent } from '../../engine/events.js';
import { type AcceptMove, type Action, type ResignMove, apply } from '../../engine/apply.js';
import type { GameSetup, GameState } from '../../engine/gameState.js';
import { newGame, replayGame } from '../../engine/newGame.js';
import { reduce } from '../../engine/reduce.js';
import type { Move } from '../../engine/move.js';
import type { Rules, WordJudge } from '../../engine/rules.js';
import { viewFor } from '../../engine/view.js';
import type { BotPool } from '../bots/pool.js';
import type { GameRecord, GameStatus, JsonValue, NewSeat, Store } from '../store/index.js';

/** What a game's `config` column holds: enough, with the events, to rebuild it. */
export interface HostedConfig {
  readonly rules: Rules;
  /** The bag's seed: secret until the game ends (never in a view). */
  readonly seed: string;
  /** The id of the lexicon that judges words (one the server has installed). */
  readonly lexicon: string;
}

/** What hosts need from the server. */
export interface HostDeps {
  readonly store: Store;
  /** The word judge for a lexicon id (the main thread's copy of the lexicon). */
  readonly judge: (lexicon: string) => WordJudge;
  /** Computes bot moves; required when a game has bot seats. */
  readonly bots?: BotPool;
  /** Milliseconds for turn times; defaults to `performance.now` (monotonic). */
  readonly now?: () => number;
  /** Told of failures the host recovered from (a bot that timed out, a store error). */
  readonly log?: (msg: string, data: Record<string, unknown>) => void;
  /** How often a timed game saves the time used in its running turn; default CLOCK_SAVE_MS. */
  readonly clockSaveMs?: number;
  /**
   * The first wait before a bot that failed thinks again, or a failed read of another
   * process's moves is made again (Games.follow), doubling each time; default RETRY_MS.
   */
  readonly retryMs?: number;
}

/** The first wait (ms) before something that failed is tried again; then doubled (see retryMs). */
export const RETRY_MS = 1_000;
const RETRY_MAX_MS = 60_000;

/** The wait before try `failures + 1` of something that failed `failures` times in a row. */
export function retryWaitMs(deps: HostDeps, failures: number): number {
  return Math.min(RETRY_MAX_MS, (deps.retryMs ?? RETRY_MS) * 2 ** failures);
}

/** How often (ms) the time used in a running turn is saved: what a crash can lose at most. */
export const CLOCK_SAVE_MS = 5_000;

/** A change committed to the game: the events, in order, and the state after them. */
export interface HostChange {
  readonly events: readonly GameEvent[];
  readonly state: GameState;
}

/**
 * The answer to an action: committed (and already announced to subscribers), or refused with
 * the engine's coded error. STALE_VERSION also answers an action that lost a race with
 * another process; the host has caught up by then.
 */
export type ActResult =
  | { readonly ok: true; readonly version: number }
  | { readonly ok: false; readonly error: GameError };

/** An action as a seat sends it: a move plus the state version it was based on. */
export type SeatAction = (Move | AcceptMove | ResignMove) & { readonly version: number };

/** The seeded stream of a bot's random choices for one move: FNV-1a of game, seed and version. */
function botSeed(id: string, seed: string, version: number): number {
  const text = `${id}:${seed}:${version}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The host of one game (see the module comment). */
export class GameHost {
  private stateNow: GameState;
  private turnStart: number;
  /** Person seats nobody has taken yet: while one is on turn, its time does not run. */
  private readonly vacant: boolean[];
  private readonly clockSaver: ReturnType<typeof setInterval> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(c: HostChange) => void>();
  private closed = false;
  /** Failed bot moves in a row, and the timer of the next try. */
  private botFailures = 0;
  private botRetry: ReturnType<typeof setTimeout> | undefined;
  private botThinking = false;

  private constructor(
    readonly id: string,
    readonly config: HostedConfig,
    /** The bot level of each seat, null for people. */
    readonly bots: readonly (BotLevel | null)[],
    state: GameState,
    private readonly deps: HostDeps,
    vacant: readonly boolean[],
    /** Time already used in the running turn (saved before a restart). */
    usedMs = 0,
  ) {
    if (bots.some((b) => b !== null) && !deps.bots)
      throw new Error(`game ${id}: a bot seat needs a bot pool`);
    this.stateNow = state;
    this.vacant = [...vacant];
    // The turn goes on from the time it had used: the time the server was down is not charged.
    this.turnStart = this.now() - usedMs;
    if (state.rules.clock && !state.result) {
      this.clockSaver = setInterval(() => void this.saveClock(), deps.clockSaveMs ?? CLOCK_SAVE_MS);
      // Saving must not keep the process alive.
      this.clockSaver.unref();
    }
  }

  /**
   * Creates a game in the store (its seats, then its `start` event, the opening draw and the
   * first racks) and hosts it. Bots start moving at once when one is to play.
   */
  static async create(
    deps: HostDeps,
    g: { id: string; config: HostedConfig; seats: readonly NewSeat[]; createdBy?: string },
  ): Promise<GameHost> {
    const setup: GameSetup = {
      rules: g.config.rules,
      seed: g.config.seed,
      players: g.seats.length,
    };
    const state = newGame(setup);
    const bots = g.seats.map(botOf);
    if (bots.some((b) => b !== null) && !deps.bots)
      throw new Error(`game ${g.id}: a bot seat needs a bot pool`);
    await deps.store.createGame({
      id: g.id,
      config: g.config as unknown as JsonValue,
      status: 'playing',
      seats: g.seats,
      ...(g.createdBy !== undefined && { createdBy: g.createdBy }),
    });
    const appended = await deps.store.appendEvents(g.id, 0, state.events as unknown as JsonValue[]);
    if (!appended.ok) throw new Error(`game ${g.id}: start event refused (${appended.code})`);
    const vacant = g.seats.map((s) => s.kind !== 'bot' && s.playerId === undefined);
    const host = new GameHost(g.id, g.config, bots, state, deps, vacant);
    host.scheduleBot();
    return host;
  }

  /**
   * Hosts a stored game again: its state is rebuilt from its events (the engine checks every
   * drawn tile against the seed), the running turn goes on from the time it had used when last
   * saved, and a bot to move thinks again. Undefined for no such game.
   */
  static async load(deps: HostDeps, id: string): Promise<GameHost | undefined> {
    const game = await deps.store.getGame(id);
    if (!game) return undefined;
    const config = game.config as unknown as HostedConfig;
    const state = await storedState(deps.store, game);
    const vacant = game.seats.map((s) => s.kind !== 'bot' && s.playerId === null);
    // A time saved for an earlier state belongs to a turn already over.
    const saved = game.turnClock?.version === state.version ? game.turnClock.usedMs : 0;
    const host = new GameHost(id, config, game.seats.map(botOf), state, deps, vacant, saved);
    host.scheduleBot();
    return host;
  }

  /** The state as last committed. */
  get state(): GameState {
    return this.stateNow;
  }

  /**
   * The running turn's time base for views (TableFacts.clock): when the turn started and now,
   * on the host's clock, and whether the turn waits for someone to take its seat. Only the
   * difference counts, so the clock need not be the wall's.
   */
  clockBase(): { since: number; at: number; waiting: boolean } {
    const at = this.now();
    // While nobody holds the seat on turn its clock stands (`since = at`, not running).
    if (this.vacant[this.stateNow.turn]) return { since: at, at, waiting: true };
    return { since: this.turnStart, at, waiting: false };
  }

  /**
   * Says that a person now holds `seat` (the rooms call it for every held seat whenever they
   * read the seats). When that seat is on turn and was free, its time starts to run now: the
   * wait for someone to take it is nobody's time.
   */
  seatTaken(seat: number): void {
    if (!this.vacant[seat]) return;
    this.vacant[seat] = false;
    if (seat === this.stateNow.turn) this.turnStart = this.now();
  }

  /** Calls `listener` after every committed change; returns the function that stops it. */
  subscribe(listener: (c: HostChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A seat's action. The time since the turn began is charged to the seat on turn (TM-02).
   * Resolves after the events are committed and announced, or with the refusal.
   */
  act(seat: number, action: SeatAction): Promise<ActResult> {
    return this.serially(() => this.actNow(seat, action));
  }

  /**
   * Stops moving bots; actions still in the queue finish, then the time used in the running
   * turn is saved (a clean shutdown loses none of it). Resolves when both are done.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.clockSaver);
    clearTimeout(this.botRetry);
    await this.queue.catch(() => {});
    await this.saveClock();
  }

  /** Milliseconds the running turn has used; none while nobody holds the seat on turn. */
  private usedMs(): number {
    return this.vacant[this.stateNow.turn] ? 0 : Math.round(this.now() - this.turnStart);
  }

  // Only a timed game's running turn has time worth keeping; a failed save is logged, and the
  // next one (or the shutdown's) tries again.
  private async saveClock(): Promise<void> {
    const state = this.stateNow;
    if (!state.rules.clock || state.result || this.vacant[state.turn]) return;
    try {
      await this.deps.store.saveTurnClock(this.id, state.version, this.usedMs());
    } catch (err) {
      this.deps.log?.('turn time not saved', { game: this.id, error: String(err) });
    }
  }

  private now(): number {
    return (this.deps.now ?? performance.now.bind(performance))();
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  private async actNow(seat: number, action: SeatAction): Promise<ActResult> {
    // A seat that acts is held, even if this process has not heard so yet (another process
    // gave it): its time started when it was taken, which here is now.
    this.seatTaken(seat);
    const before = this.stateNow;
    const elapsed = seat === before.turn ? { elapsedMs: this.usedMs() } : {};
    // Seats nobody took have played no turn: a resignation or a claim does not make them win.
    const vacant = this.vacant.flatMap((v, i) => (v ? [i] : []));
    const ending = action.kind === 'resign' && vacant.length > 0 ? { vacant } : {};
    const full = { ...action, ...ending, seat, ...elapsed } as Action;
    const applied = apply(before, full, this.deps.judge(this.config.lexicon));
    if (!applied.ok) return { ok: false, error: applied.error };
    const { state, events } = applied.value;
    const status: GameStatus | undefined = state.result ? 'finished' : undefined;
    const stored = await this.deps.store.appendEvents(
      this.id,
      before.version,
      events as unknown as JsonValue[],
      status,
    );
    if (!stored.ok) {
      // Another process committed first: take its events, and this action was stale.
      await this.catchUpNow();
      return { ok: false, error: { code: 'STALE_VERSION', version: this.stateNow.version } };
    }
    this.commit(state, events);
    return { ok: true, version: state.version };
  }

  /**
   * Reads events other processes committed and applies them (Games.follow calls this on
   * their notices). With `until`, the list's length a notice announced, nothing is read when
   * the state has reached it by the time the queue gets there: a process hears of its own
   * appends too, before its host has applied them, and a read per move was wasted.
   */
  catchUp(until?: number): Promise<void> {
    return this.serially(async () => {
      if (until !== undefined && this.stateNow.version >= until) return;
      await this.catchUpNow();
    });
  }

  private async catchUpNow(): Promise<void> {
    const fresh = await this.deps.store.events(this.id, this.stateNow.version);
    if (fresh.length === 0) return;
    let state = this.stateNow;
    const events = fresh.map((e) => e.event as unknown as GameEvent);
    for (const e of events) state = reduce(state, e);
    this.commit(state, events);
  }

  private commit(state: GameState, events: readonly GameEvent[]): void {
    if (turnEnded(this.stateNow, state, events)) this.turnStart = this.now();
    this.stateNow = state;
    if (state.result) clearInterval(this.clockSaver);
    const change = { events, state };
    for (const l of this.listeners) l(change);
    this.scheduleBot();
  }

  // A bot on turn thinks in the pool, off the event loop and outside the action queue (a
  // person's resign or challenge can still arrive meanwhile); its move then queues like any
  // action, based on the version it saw, so a move overtaken by events is simply refused.
  private scheduleBot(): void {
    const state = this.stateNow;
    const level = this.bots[state.turn];
    if (this.closed || this.botThinking || state.result || !level) return;
    const pool = this.deps.bots!;
    this.botThinking = true;
    const seat = state.turn;
    const version = state.version;
    void pool
      .move({
        level,
        lexicon: this.config.lexicon,
        view: viewFor(state, seat),
        seed: botSeed(this.id, this.config.seed, version),
      })
      .then(async (r) => {
        this.botThinking = false;
        if (this.closed) return;
        if (!r.ok)
          this.deps.log?.('bot out of time, passes', { game: this.id, seat, budgetMs: r.budgetMs });
        const move: Move = r.ok ? r.move : { kind: 'pass' };
        const done = await this.act(seat, { ...move, version });
        if (!done.ok && done.error.code !== 'STALE_VERSION') {
          // A bot's move the engine refuses is a bug in the AI; the game must go on.
          this.deps.log?.('bot move refused, passes', {
            game: this.id,
            seat,
            error: done.error.code,
          });
          await this.act(seat, { kind: 'pass', version: this.stateNow.version });
        }
        this.botFailures = 0;
        this.scheduleBot();
      })
      .catch((err: unknown) => {
        this.botThinking = false;
        // A server stopping closes its games, then ends the threads, refusing the moves they
        // were thinking: nothing failed.
        if (this.closed) return;
        // A thread that crashed or a store that failed for a moment: the bot thinks again
        // after a wait that doubles, or its game would wait for it until a restart.
        const waitMs = retryWaitMs(this.deps, this.botFailures++);
        this.deps.log?.('bot failed', { game: this.id, seat, error: String(err), waitMs });
        this.botRetry = setTimeout(() => {
          this.botRetry = undefined;
          this.scheduleBot();
        }, waitMs);
        this.botRetry.unref();
      });
  }
}

function botOf(seat: { kind: string; botLevel: string | null }): BotLevel | null {
  return seat.kind === 'bot' && seat.botLevel !== null && isBotLevel(seat.botLevel)
    ? seat.botLevel
    : null;
}

/**
 * Whether events end the running turn's time: the seat on turn acted, or the turn moved on. A
 * challenge from a player not on turn (3–4 players) does neither, and the player thinking
 * keeps their clock running (TM-02).
 */
function turnEnded(before: GameState, after: GameState, events: readonly GameEvent[]): boolean {
  return after.turn !== before.turn || events.some((e) => 'seat' in e && e.seat === before.turn);
}

/**
 * A stored game's state, rebuilt from its configuration and its events (the engine checks every
 * drawn tile against the seed), without hosting it.
 */
export async function storedState(store: Store, game: GameRecord): Promise<GameState> {
  const config = game.config as unknown as HostedConfig;
  const events = (await store.events(game.id)).map((e) => e.event as unknown as GameEvent);
  return replayGame({ rules: config.rules, seed: config.seed, players: game.seats.length }, events);
}
