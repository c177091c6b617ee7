/**
 * Many words in one byte array, the form the builder reads: `0 w₁ 0 w₂ 0 … wₙ 0`, each word's
 * tile codes followed by a 0. No array per word, so a 600 000-word list costs the garbage
 * collector nothing.
 */

/** Packed words: `bytes` holds `count` words, each followed by a 0, after a leading 0. */
export interface PackedWords {
  readonly bytes: Uint8Array;
  readonly count: number;
}

/** Packs words given as arrays of tile codes (each code 1…255). */
export function packWords(words: readonly ArrayLike<number>[]): PackedWords {
  let total = 1;
  for (const w of words) total += w.length + 1;
  const bytes = new Uint8Array(total);
  let at = 1;
  for (const w of words) {
    for (let k = 0; k < w.length; k++) {
      const t = w[k]!;
      if (!(t >= 1 && t <= 255)) throw new RangeError(`tile code ${t}`);
      bytes[at++] = t;
    }
    at++;
  }
  return { bytes, count: words.length };
}

/** The words of a packed list as arrays, in order. */
export function unpackWords(packed: PackedWords): number[][] {
  const out: number[][] = [];
  const { bytes } = packed;
  let word: number[] = [];
  for (let p = 1; p < bytes.length; p++) {
    if (bytes[p] === 0) {
      out.push(word);
      word = [];
    } else word.push(bytes[p]!);
  }
  return out;
}

/** A growable packed list, for normalisers. */
export class PackedWordsBuilder {
  private bytes = new Uint8Array(1 << 16);
  /** Index where the next word starts (the leading 0 is at 0). */
  size = 1;
  count = 0;

  /** Makes room for `n` more bytes and returns the array to write into. */
  room(n: number): Uint8Array {
    if (this.size + n + 1 > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.size + n + 1));
      bigger.set(this.bytes.subarray(0, this.size));
      this.bytes = bigger;
    }
    return this.bytes;
  }

  /** Appends a word given as codes. */
  push(word: ArrayLike<number>): void {
    const b = this.room(word.length);
    for (let k = 0; k < word.length; k++) b[this.size++] = word[k]!;
    b[this.size++] = 0;
    this.count++;
  }

  /** Commits a word of `len` tiles already written at `size`. */
  commit(len: number): void {
    this.size += len;
    this.bytes[this.size++] = 0;
    this.count++;
  }

  finish(): PackedWords {
    return { bytes: this.bytes.slice(0, this.size), count: this.count };
  }
}
