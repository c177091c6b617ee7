/**
 * How many new players one network address may make. A hello without a token writes a player
 * to the database; without a limit a script saying hello in a loop would fill the server's disk
 * with players nobody will ever be. A bucket per address: `burst` at once (a club or a school
 * behind one router, everyone arriving together), then `perHour`. Players who come back with
 * their token are never counted.
 *
 * This machine's own addresses are not counted: the operator, the tests, and a reverse proxy
 * on this machine, behind which every player comes from here (the app trusts a proxy's
 * X-Forwarded-For only on this machine or the local network: see buildApp).
 *
 * The buckets live in this process: with several server processes on one PostgreSQL database
 * each counts its own, so an address may make that many more. Nothing about an address is
 * stored.
 */

/** New players per address: a bucket of `burst` refilled at `perHour`. */
export interface NewPlayerRate {
  readonly burst: number;
  readonly perHour: number;
}

/** Thirty at once, then one a minute. */
export const DEFAULT_NEW_PLAYER_RATE: NewPlayerRate = { burst: 30, perHour: 60 };

/**
 * Buckets kept before the full ones are forgotten (each is an address and two numbers); past
 * it even after that, the oldest go down to half of it, so that a flood from many addresses
 * costs bounded memory and time.
 */
const SWEEP_AT = 10_000;

const HOUR_MS = 3_600_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** The buckets of one server process. */
export class NewPlayerLimit {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rate: NewPlayerRate = DEFAULT_NEW_PLAYER_RATE,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a new player from `address`: 0 when it may be made, else the milliseconds until
   * the address may make one (nothing is counted then).
   */
  take(address: string): number {
    const key = addressKey(address);
    if (key === null) return 0;
    const now = this.now();
    const b = this.refilled(key, now);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - b.tokens) * HOUR_MS) / this.rate.perHour);
  }

  /** How many addresses are being counted (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private refilled(address: string, now: number): Bucket {
    let b = this.buckets.get(address);
    if (!b) {
      if (this.buckets.size >= SWEEP_AT) this.sweep(now);
      b = { tokens: this.rate.burst, at: now };
      this.buckets.set(address, b);
      return b;
    }
    b.tokens = Math.min(this.rate.burst, b.tokens + ((now - b.at) * this.rate.perHour) / HOUR_MS);
    b.at = now;
    return b;
  }

  // A bucket that has filled up again says nothing a new one would not: forget it.
  private sweep(now: number): void {
    for (const [address, b] of this.buckets) {
      const full = b.tokens + ((now - b.at) * this.rate.perHour) / HOUR_MS >= this.rate.burst;
      if (full) this.buckets.delete(address);
    }
    // Down to half, so that the next sweep is thousands of new addresses away.
    for (const address of this.buckets.keys()) {
      if (this.buckets.size <= SWEEP_AT / 2) break;
      this.buckets.delete(address);
    }
  }
}

/**
 * What an address is counted as: an IPv4 address itself (also when written IPv6-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address by its first 64 bits, the part a provider gives one
 * household: every address in it is the same user's to take. Null for this machine's own
 * (loopback) addresses, which are not counted.
 */
export function addressKey(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (!v4.includes(':')) return v4.startsWith('127.') ? null : v4;
  if (address === '::1') return null;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [
    ...left,
    ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  return (
    groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}
