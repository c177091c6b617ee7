/**
 * The bag as an ordered sequence: tiles are drawn from the end, so drawing needs no randomness
 * and a draw can be checked against a recorded event. Randomness enters only when tiles go
 * back in (the opening shuffle, exchanges, withdrawn plays): the whole bag is reshuffled with
 * the game's PRNG. Functions here never mutate their arguments.
 */
import { Rng, type RngState } from './rng.js';
import { BLANK, type TileSet, fullDistribution } from './tiles.js';

/** A full bag for a tile set (T-01), shuffled with the given PRNG state. */
export function fullBag(set: TileSet, rng: RngState): { bag: Uint8Array; rng: RngState } {
  const counts = fullDistribution(set);
  const bag = new Uint8Array(set.size);
  let k = 0;
  for (let code = 0; code < counts.length; code++)
    for (let n = 0; n < counts[code]!; n++) bag[k++] = code;
  const r = new Rng(rng);
  r.shuffle(bag);
  return { bag, rng: r.state() };
}

/** Takes `n` tiles (or as many as are left) from the top of the bag. */
export function drawTiles(bag: Uint8Array, n: number): { drawn: number[]; bag: Uint8Array } {
  const take = Math.min(n, bag.length);
  const rest = bag.length - take;
  const drawn = new Array<number>(take);
  for (let k = 0; k < take; k++) drawn[k] = bag[bag.length - 1 - k]!; // Array.from is slow here
  return { drawn, bag: bag.slice(0, rest) };
}

/** Puts tiles back (blanks as BLANK) and reshuffles the whole bag. */
export function returnTiles(
  bag: Uint8Array,
  tiles: readonly number[],
  rng: RngState,
): { bag: Uint8Array; rng: RngState } {
  if (tiles.length === 0) return { bag, rng };
  const out = new Uint8Array(bag.length + tiles.length);
  out.set(bag);
  tiles.forEach((t, i) => (out[bag.length + i] = t & 0x80 ? BLANK : t));
  const r = new Rng(rng);
  r.shuffle(out);
  return { bag: out, rng: r.state() };
}

/** The bag's contents as a count array (index 0 = blanks), for checks and tile tracking. */
export function bagCounts(set: TileSet, bag: Uint8Array): Uint8Array {
  const counts = new Uint8Array(set.letters.length + 1);
  for (let i = 0; i < bag.length; i++) counts[bag[i]!]!++;
  return counts;
}
