/**
 * Who is at the table: which seated players have a connection in their game's room, so that
 * the others hear when one drops out and when they are back (the seat's `away` in the view).
 *
 * A player may be connected through any process sharing the database. Each process knows its
 * own rooms' members and tells the others which seats it holds in a game (a `presence`
 * notice) whenever that changes, when a room opens elsewhere and asks (`presence-ask`), and
 * every `heartbeatMs`, since notices are not stored: a process that dies without a word stops
 * counting once its last notice is `3 × heartbeatMs` old.
 *
 * A seat is shown away only after it has had no connection anywhere for `graceMs`: a page
 * reloading or a connection coming back on its own would otherwise make everyone hear
 * «ya no está en la mesa» and «ha vuelto» within a second. A room that has just opened (the
 * server started again, say) waits `reopenMs` for the seats nobody holds yet: after an
 * outage each client comes back after its own wait between attempts, up to RECONNECT_MAX_MS.
 *
 * A seat away for `claimMs` is claimable: on its turn the others may end the game as abandoned
 * by it, instead of waiting at the table for good.
 */
import { CLAIM_AFTER_MS } from '../../engine/rules.js';
import { AWAY_GRACE_MS, REOPEN_GRACE_MS } from '../../protocol/index.js';
/** How often a process repeats which seats it holds (ms). */
export const PRESENCE_HEARTBEAT_MS = 15_000;

/** The notices of presence between processes (carried by Store.publish). */
export type PresenceNotice =
  | {
      readonly kind: 'presence';
      readonly gameId: string;
      /** The process that holds these seats (its random id). */
      readonly process: string;
      /** The seats with at least one connection through that process, ascending. */
      readonly seats: readonly number[];
    }
  | { readonly kind: 'presence-ask'; readonly gameId: string };

/** Timing of presence; tests shorten it. */
export interface PresenceTiming {
  readonly graceMs: number;
  /** The grace of a seat nobody held since its room opened in this process. */
  readonly reopenMs: number;
  readonly heartbeatMs: number;
  /** How long a seat is shown away before it is claimable (CLAIM_AFTER_MS). */
  readonly claimMs: number;
  /** Milliseconds on a monotonic clock (default `performance.now`). */
  readonly now: () => number;
}

/** The default timing. */
export const PRESENCE_TIMING: PresenceTiming = {
  graceMs: AWAY_GRACE_MS,
  reopenMs: REOPEN_GRACE_MS,
  heartbeatMs: PRESENCE_HEARTBEAT_MS,
  claimMs: CLAIM_AFTER_MS,
  now: () => performance.now(),
};

/** The seats other processes hold, by game, as their latest notices said. */
export class RemotePresence {
  private readonly games = new Map<string, Map<string, { seats: readonly number[]; at: number }>>();

  constructor(private readonly timing: PresenceTiming) {}

  /** Records another process's notice of the seats it holds in a game. */
  heard(n: Extract<PresenceNotice, { kind: 'presence' }>): void {
    let byProcess = this.games.get(n.gameId);
    if (!byProcess) this.games.set(n.gameId, (byProcess = new Map()));
    if (n.seats.length === 0) byProcess.delete(n.process);
    else byProcess.set(n.process, { seats: n.seats, at: this.timing.now() });
    if (byProcess.size === 0) this.games.delete(n.gameId);
  }

  /** Forgets what processes silent for too long said, in every game (rooms open or not). */
  sweep(): void {
    for (const gameId of [...this.games.keys()]) this.seatsOf(gameId, new Set());
  }

  /** Adds to `into` the seats of the game that some other process still holds. */
  seatsOf(gameId: string, into: Set<number>): void {
    const byProcess = this.games.get(gameId);
    if (!byProcess) return;
    const oldest = this.timing.now() - 3 * this.timing.heartbeatMs;
    for (const [process, held] of byProcess) {
      if (held.at < oldest) byProcess.delete(process);
      else for (const s of held.seats) into.add(s);
    }
    if (byProcess.size === 0) this.games.delete(gameId);
  }
}

/**
 * One room's reading of presence: which of its seats the views show away. `check` is given
 * the seats that have a connection somewhere and the seats that a person holds; it answers
 * whether what the views show changed, and when it must be asked again (a seat's grace ends).
 */
export class AwaySeats {
  /** When each seat without a connection is shown away; undefined while it has one. */
  private readonly due: (number | undefined)[] = [];
  private readonly shown: boolean[] = [];
  private readonly claimable: boolean[] = [];
  /** The seats that have had a connection since the room opened. */
  private readonly been: boolean[] = [];
  /** The first check's time: absences that began then began when the room opened. */
  private opened: number | undefined;

  constructor(private readonly timing: PresenceTiming) {}

  /**
   * Notes the seats held by people (`held[i]`) that have a connection (`present`) as having
   * been at the table; true when one of them is there for the first time since the room opened.
   */
  seen(held: readonly boolean[], present: ReadonlySet<number>): boolean {
    let first = false;
    for (let i = 0; i < held.length; i++) {
      if (!held[i] || !present.has(i) || this.been[i]) continue;
      this.been[i] = true;
      first = true;
    }
    return first;
  }

  /** Whether seat i has had a connection, here or through another process, since the room opened. */
  hasBeen(i: number): boolean {
    return this.been[i] === true;
  }

  /** Whether the views show seat i away. */
  isAway(i: number): boolean {
    return this.shown[i] === true;
  }

  /** Whether seat i has been shown away for `claimMs` (its game may be claimed on its turn). */
  isClaimable(i: number): boolean {
    return this.claimable[i] === true;
  }

  /** The away flags for a view of `seats` seats. */
  flags(seats: number): boolean[] {
    return Array.from({ length: seats }, (_, i) => this.isAway(i));
  }

  /** The claimable flags for a view of `seats` seats. */
  claimableFlags(seats: number): boolean[] {
    return Array.from({ length: seats }, (_, i) => this.isClaimable(i));
  }

  /**
   * Takes the seats held by people (`held[i]`) and those with a connection (`present`);
   * returns whether any seat's shown state (away, claimable) changed, and the delay until the
   * next one may change (Infinity when none will by itself).
   */
  check(
    held: readonly boolean[],
    present: ReadonlySet<number>,
  ): { changed: boolean; next: number } {
    const now = this.timing.now();
    this.opened ??= now;
    const grace = now === this.opened ? this.timing.reopenMs : this.timing.graceMs;
    let changed = false;
    let next = Infinity;
    for (let i = 0; i < held.length; i++) {
      let away = false;
      let claimable = false;
      if (!held[i] || present.has(i)) this.due[i] = undefined;
      else {
        const due = (this.due[i] ??= now + grace);
        const claimAt = due + this.timing.claimMs;
        if (now >= due) away = true;
        if (now >= claimAt) claimable = true;
        else next = Math.min(next, (away ? claimAt : due) - now);
      }
      if (away !== this.isAway(i) || claimable !== this.isClaimable(i)) {
        this.shown[i] = away;
        this.claimable[i] = claimable;
        changed = true;
      }
    }
    return { changed, next };
  }
}
