/**
 * The chat's own rate limit (issue 11 §3), besides the connection's frame limit: a person may
 * say a few lines in a while in each room, whatever the number of connections or clients, so
 * nobody floods a table's conversation.
 */

/** At most `lines` chat lines per `perMs` milliseconds, per player per room. */
export interface ChatRate {
  readonly lines: number;
  readonly perMs: number;
}

/** Five lines per ten seconds: a quick exchange passes, a flood does not. */
export const DEFAULT_CHAT_RATE: ChatRate = { lines: 5, perMs: 10_000 };

/** One room's chat counts, by player (a sliding window of the times of their last lines). */
export class ChatLimiter {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly rate: ChatRate = DEFAULT_CHAT_RATE,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Counts a line by `player` if the window allows it and answers 0; otherwise counts
   * nothing and answers the milliseconds until the next line is allowed.
   */
  take(player: string): number {
    const now = this.now();
    const recent = (this.sent.get(player) ?? []).filter((t) => now - t < this.rate.perMs);
    if (recent.length >= this.rate.lines) {
      this.sent.set(player, recent);
      return Math.max(1, Math.ceil(recent[0]! + this.rate.perMs - now));
    }
    recent.push(now);
    this.sent.set(player, recent);
    return 0;
  }
}
