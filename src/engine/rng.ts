/**
 * A small seeded PRNG (sfc32, Chris Doty-Humphrey's "small fast counting" generator), seeded from
 * a string or a 32-bit number through a 128-bit string hash (cyrb128). It passes PractRand to
 * large sizes, needs only 32-bit integer ops, and its whole state is four numbers, so a game can
 * carry it as plain data and the same seed always yields the same bag.
 */

/** The generator's state: four unsigned 32-bit integers. Treat it as immutable. */
export type RngState = readonly [number, number, number, number];

/**
 * A seed nobody can work out: 128 bits from the system's cryptographic source, as 32 hex
 * digits. A bag's seed fixes every rack, so one taken from the clock would let a player find
 * it by trying the few thousand milliseconds around the game's start against their own rack.
 */
export function secretSeed(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Whether `text` is a seed as `secretSeed` draws it, 32 hexadecimal digits in lower case: the
 * form a game says its seed in at the end, for playing the same deal again.
 */
export function isSecretSeed(text: string): boolean {
  return /^[0-9a-f]{32}$/.test(text);
}

/** Hashes a seed (string, or a number written in decimal) into a starting state. */
export function seedRng(seed: string | number): RngState {
  const text = typeof seed === 'number' ? `#${seed >>> 0}` : seed;
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  let s: [number, number, number, number] = [
    (h1 ^ h2 ^ h3 ^ h4) >>> 0,
    (h2 ^ h1) >>> 0,
    (h3 ^ h1) >>> 0,
    (h4 ^ h1) >>> 0,
  ];
  // Discard the first outputs: sfc32 mixes poorly for a dozen steps after seeding.
  const rng = new Rng(s);
  for (let i = 0; i < 15; i++) rng.next();
  s = rng.state() as [number, number, number, number];
  return s;
}

/** A mutable sfc32 generator for a short stretch of work; read `state()` back when done. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  /** The next unsigned 32-bit output. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** An integer in [0, n), without modulo bias (rejection sampling). */
  below(n: number): number {
    if (n <= 1) return 0;
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }

  /** Shuffles an array in place (Fisher–Yates). */
  shuffle(items: { [i: number]: number; length: number }): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    }
  }

  /** The current state, to store back into a game. */
  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}
