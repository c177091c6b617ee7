/**
 * The games this process hosts, by id: loaded on demand, resumed on start (issue 11 §6: every
 * unfinished game continues, its bots thinking again), and closed on shutdown after the
 * actions already accepted have been committed. A finished game no longer changes, so its host
 * is let go (its memory freed) when the last room watching it empties or some minutes after it
 * ended, whichever comes first; asking for it again loads it from the store.
 */
import { secretSeed } from '../../engine/rng.js';
import { GameHost, type HostDeps, retryWaitMs } from './host.js';

/** How long a finished game stays hosted when nobody releases it earlier. */
export const FINISHED_TTL_MS = 5 * 60_000;

/** Reads of another process's appends tried before giving up (waits of 1, 2, 4 … s, `retryWaitMs`). */
const CATCH_UP_TRIES = 8;

/** Told when a game starts being hosted here and after each change committed to it. */
export type GamesObserver = (id: string, host: GameHost) => void;

interface Entry {
  readonly host: Promise<GameHost | undefined>;
  /** The host once loaded. */
  loaded?: GameHost;
  /** Stops this registry's subscription to the host, once it is loaded. */
  unsubscribe?: () => void;
  evictTimer?: ReturnType<typeof setTimeout>;
}

/** A process's game hosts. */
export class Games {
  private readonly hosts = new Map<string, Entry>();
  private readonly observers = new Set<GamesObserver>();
  private closing = false;
  private readonly finishedTtlMs: number;
  private readonly seeds: () => string;

  private stopListening: (() => void) | undefined;

  /**
   * `seeds` gives each new game's bag seed: 16 random bytes in hex by default; a test passes a
   * fixed sequence so that its games deal the same racks on every run.
   */
  constructor(
    private readonly deps: HostDeps,
    opts: { readonly finishedTtlMs?: number; readonly seeds?: () => string } = {},
  ) {
    this.finishedTtlMs = opts.finishedTtlMs ?? FINISHED_TTL_MS;
    this.seeds = opts.seeds ?? secretSeed;
  }

  /** The bag seed for a game about to be created (secret until it ends). */
  newSeed(): string {
    return this.seeds();
  }

  /**
   * Follows appends committed by other processes sharing the database (issue 11 §8), so that
   * the hosts here catch up and their subscribers hear of every change. Resolves once
   * listening.
   */
  async follow(): Promise<void> {
    this.stopListening ??= await this.deps.store.onAppend((append) => {
      const ids = append.gameId === null ? [...this.hosts.keys()] : [append.gameId];
      for (const id of ids) this.catchUp(id, append.gameId === null ? undefined : append.nextSeq);
    });
  }

  // A hosted game reads what another process appended (up to `until`, when the notice said).
  // A read that fails is tried again after a wait that doubles: without it this process
  // would show the old turn until the next move, and that move may be waiting for it.
  private catchUp(id: string, until: number | undefined, attempt = 0): void {
    const entry = this.hosts.get(id);
    if (!entry || this.closing) return;
    entry.host
      .then(async (h) => {
        // Our own appends are announced too; a host that has them reads nothing.
        if (!h) return;
        if (until === undefined) await h.catchUp();
        else if (h.state.version < until) await h.catchUp(until);
      })
      .catch((err: unknown) => {
        this.deps.log?.('catch-up failed', { game: id, error: String(err), attempt });
        if (attempt + 1 >= CATCH_UP_TRIES) return;
        const retry = setTimeout(
          () => this.catchUp(id, until, attempt + 1),
          retryWaitMs(this.deps, attempt),
        );
        retry.unref();
      });
  }

  /**
   * Calls `observer` whenever a game starts being hosted here and after every change to a
   * hosted game (the lobby's source). Returns the function that stops it.
   */
  observe(observer: GamesObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** The host of a stored game, loading it the first time; undefined for no such game. */
  get(id: string): Promise<GameHost | undefined> {
    if (this.closing) return Promise.resolve(undefined);
    const entry = this.hosts.get(id);
    if (entry) return entry.host;
    return this.track(id, GameHost.load(this.deps, id));
  }

  /** Hosts a new game (see GameHost.create). */
  async create(g: Parameters<typeof GameHost.create>[1]): Promise<GameHost> {
    if (this.closing) throw new Error('shutting down');
    const host = await this.track(g.id, GameHost.create(this.deps, g));
    return host!;
  }

  /** Whether the game is hosted (or being loaded) now. */
  isHosted(id: string): boolean {
    return this.hosts.has(id);
  }

  /**
   * Says that nobody in this process watches the game any more: a finished game is let go
   * at once (an unfinished one stays, its bots and clocks still running).
   */
  release(id: string): void {
    if (this.hosts.get(id)?.loaded?.state.result) this.evict(id);
  }

  /**
   * Loads every game the store lists as being played, so that bots to move think again.
   * Resolves to the number of games resumed; a game that cannot be rebuilt is logged and
   * skipped, not fatal to the others.
   */
  async resumeAll(): Promise<number> {
    let resumed = 0;
    for (const g of await this.deps.store.listGames(['playing'], Number.MAX_SAFE_INTEGER)) {
      try {
        if (await this.get(g.id)) resumed++;
      } catch (err) {
        this.deps.log?.('game not resumed', { game: g.id, error: String(err) });
      }
    }
    return resumed;
  }

  /** Number of games hosted now. */
  get size(): number {
    return this.hosts.size;
  }

  /** Stops bots and waits for every accepted action to be committed. */
  async closeAll(): Promise<void> {
    this.closing = true;
    this.stopListening?.();
    const entries = [...this.hosts.values()];
    for (const e of entries) clearTimeout(e.evictTimer);
    const hosts = await Promise.all(entries.map((e) => e.host.catch(() => undefined)));
    await Promise.all(hosts.map((h) => h?.close()));
    this.hosts.clear();
  }

  // Registers a host being loaded or created: observers hear of it and of its changes, and a
  // finished game is let go after the TTL. A failed or empty load is not cached.
  private track(id: string, loading: Promise<GameHost | undefined>): Promise<GameHost | undefined> {
    const entry: Entry = { host: loading };
    this.hosts.set(id, entry);
    loading.then(
      (host) => {
        if (this.hosts.get(id) !== entry) return;
        if (!host) return void this.hosts.delete(id);
        entry.loaded = host;
        entry.unsubscribe = host.subscribe((c) => {
          this.tell(id, host);
          if (c.state.result) this.evictLater(id, entry);
        });
        this.tell(id, host);
        if (host.state.result) this.evictLater(id, entry);
      },
      () => {
        if (this.hosts.get(id) === entry) this.hosts.delete(id);
      },
    );
    return loading;
  }

  private tell(id: string, host: GameHost): void {
    for (const o of this.observers) o(id, host);
  }

  private evictLater(id: string, entry: Entry): void {
    if (entry.evictTimer) return;
    entry.evictTimer = setTimeout(() => {
      if (this.hosts.get(id) === entry) this.evict(id);
    }, this.finishedTtlMs);
    // A pending eviction must not keep the process alive.
    entry.evictTimer.unref();
  }

  private evict(id: string): void {
    const entry = this.hosts.get(id);
    if (!entry) return;
    this.hosts.delete(id);
    clearTimeout(entry.evictTimer);
    entry.unsubscribe?.();
    void entry.host.then((h) => h?.close());
  }
}
