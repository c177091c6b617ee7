/**
 * Multisets of tile codes as numbers, for the indexes built from a word graph (bingo.ts,
 * openingMap.ts): a sorted multiset's key is its codes as base-64 digits (7 codes take 42 bits,
 * exact in a double), and a table of `key * 32 + bit` entries, sorted natively, groups each
 * key's bits into one mask. No map of boxed keys: a build takes a fraction of the time.
 */

/** Base of the multiset keys: codes are below 64. */
const BASE = 64;

/** The key of the first `n` codes of `sorted` (ascending). */
export function multisetKey(sorted: ArrayLike<number>, n: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) k = k * BASE + sorted[i]!;
  return k;
}

/** The key of the first `n` codes of `sorted` (ascending) with code `t` added. */
export function keyWith(sorted: ArrayLike<number>, n: number, t: number): number {
  let k = 0;
  let put = false;
  for (let i = 0; i < n; i++) {
    if (!put && sorted[i]! > t) {
      k = k * BASE + t;
      put = true;
    }
    k = k * BASE + sorted[i]!;
  }
  return put ? k : k * BASE + t;
}

/** Writes the `n` codes of multiset key `k` into `out`, ascending (the inverse of `multisetKey`). */
export function codesOf(k: number, n: number, out: Uint8Array): void {
  for (let i = n - 1; i >= 0; i--) {
    const t = k % BASE;
    out[i] = t;
    k = (k - t) / BASE;
  }
}

/** The key of the first `n` codes of `sorted` (ascending) without the one at index `i`. */
export function keyWithout(sorted: ArrayLike<number>, n: number, i: number): number {
  let k = 0;
  for (let q = 0; q < n; q++) if (q !== i) k = k * BASE + sorted[q]!;
  return k;
}

/** Copies the first `len` codes of `path` into `out`, sorted ascending (insertion: len ≤ 8). */
export function sortedInto(path: ArrayLike<number>, len: number, out: Uint8Array): void {
  for (let i = 0; i < len; i++) {
    const t = path[i]!;
    let q = i;
    for (; q > 0 && out[q - 1]! > t; q--) out[q] = out[q - 1]!;
    out[q] = t;
  }
}

/** A growable array of doubles. */
export class Floats {
  data = new Float64Array(1 << 16);
  count = 0;

  push(e: number): void {
    if (this.count === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.count++] = e;
  }
}

/** Sorted keys with a bit mask each (bits 0…31), as two parallel arrays. */
export interface MaskTable {
  readonly keys: Float64Array;
  readonly masks: Int32Array;
}

/** The table of `key * 32 + bit` entries (sorted in place). */
export function maskTable(entries: Floats): MaskTable {
  const sorted = entries.data.subarray(0, entries.count).sort();
  const keys = new Float64Array(entries.count);
  const masks = new Int32Array(entries.count);
  let m = -1;
  for (let i = 0; i < sorted.length; i++) {
    const e = sorted[i]!;
    const bit = e % 32;
    const key = (e - bit) / 32;
    if (m < 0 || keys[m] !== key) keys[++m] = key;
    masks[m]! |= 1 << bit;
  }
  return { keys: keys.slice(0, m + 1), masks: masks.slice(0, m + 1) };
}

/** The first index of `keys` (ascending) not below `k`. */
export function lowerBound(keys: Float64Array, k: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The mask of key `k` in the table, 0 when it is not there. */
export function maskOf(t: MaskTable, k: number): number {
  const i = lowerBound(t.keys, k);
  return i < t.keys.length && t.keys[i] === k ? t.masks[i]! : 0;
}
