/**
 * The games this process hosts, by id: loaded on demand, resumed on start (issue 11 §6: every
 * unfinished game continues, its bots thinking again), and closed on shutdown after the
 * actions already accepted have been committed.
 */
import { GameHost, type HostDeps } from './host.js';

/** A process's game hosts. */
export class Games {
  private readonly hosts = new Map<string, Promise<GameHost | undefined>>();
  private closing = false;

  private stopListening: (() => void) | undefined;

  constructor(private readonly deps: HostDeps) {}

  /**
   * Follows appends committed by other processes sharing the database (issue 11 §8), so that
   * the hosts here catch up and their subscribers hear of every change. Resolves once
   * listening.
   */
  async follow(): Promise<void> {
    this.stopListening ??= await this.deps.store.onAppend((append) => {
      const ids = append.gameId === null ? [...this.hosts.keys()] : [append.gameId];
      for (const id of ids) {
        const host = this.hosts.get(id);
        if (!host) continue;
        host
          .then(async (h) => {
            // Our own appends are announced too; a host that has them reads nothing.
            if (h && (append.gameId === null || h.state.version < append.nextSeq))
              await h.catchUp();
          })
          .catch((err: unknown) =>
            this.deps.log?.('catch-up failed', { game: id, error: String(err) }),
          );
      }
    });
  }

  /** The host of a stored game, loading it the first time; undefined for no such game. */
  get(id: string): Promise<GameHost | undefined> {
    if (this.closing) return Promise.resolve(undefined);
    let host = this.hosts.get(id);
    if (!host) {
      host = GameHost.load(this.deps, id);
      this.hosts.set(id, host);
      // A failed load is not cached: the next request tries again.
      host.catch(() => this.hosts.delete(id));
    }
    return host;
  }

  /** Hosts a new game (see GameHost.create). */
  async create(g: Parameters<typeof GameHost.create>[1]): Promise<GameHost> {
    if (this.closing) throw new Error('shutting down');
    const host = GameHost.create(this.deps, g);
    this.hosts.set(g.id, host);
    return host;
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
    const hosts = await Promise.all([...this.hosts.values()].map((h) => h.catch(() => undefined)));
    await Promise.all(hosts.map((h) => h?.close()));
    this.hosts.clear();
  }
}
