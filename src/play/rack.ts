/**
 * The rack as data (issue 9, item 7): the player's arrangement kept across views, and the
 * orders I cycles through. Pure functions over tile codes and slot numbers; no text.
 */
import { BLANK, type TileSet } from '../engine/tiles.js';
import type { RackOrder } from './types.js';

/** The orders I cycles through (UX.md §2.3), in that order. */
export const RACK_ORDERS: readonly RackOrder[] = ['robo', 'alfabetico', 'consonantes'];

/** The order after `order`, wrapping around. */
export function nextOrder(order: RackOrder): RackOrder {
  return RACK_ORDERS[(RACK_ORDERS.indexOf(order) + 1) % RACK_ORDERS.length]!;
}

/**
 * The free slots (those not in `used`) of `slots` sorted by `order`: as drawn, alphabetical
 * (blanks last), or consonants then vowels; ties keep the drawn order.
 */
export function orderedSlots(
  set: TileSet,
  slots: readonly number[],
  used: ReadonlySet<number>,
  order: RackOrder,
): number[] {
  const free = slots.map((_, i) => i).filter((i) => !used.has(i));
  const key = (slot: number): number => {
    const t = slots[slot]!;
    if (order === 'robo') return slot;
    const blankLast = t === BLANK ? 1000 : t;
    if (order === 'alfabetico') return blankLast * 100 + slot;
    const vowel = t !== BLANK && set.letters[t - 1]!.vowel ? 500 : 0;
    return (blankLast + vowel) * 100 + slot;
  };
  return free.sort((a, b) => key(a) - key(b));
}

/** True when two racks hold the same tiles, in any order. */
export function sameTiles(a: readonly number[], b: readonly number[]): boolean {
  const sort = (x: readonly number[]): string => [...x].sort((p, q) => p - q).join(',');
  return sort(a) === sort(b);
}

/**
 * A new rack laid out as the player arranged the old one (liwords #1284): the tiles kept stay
 * in their places, and the tiles drawn go into the places of those that went, in the order
 * drawn, as on a real rack; any more follow, and a place left without one (the bag ran short)
 * closes up. `leaving`: the old slots whose tiles went (played or exchanged), when known, so
 * that of two equal tiles the one kept is the one that stayed.
 */
export function keepArrangement(
  old: readonly number[],
  rack: readonly number[],
  leaving: ReadonlySet<number> = new Set(),
): number[] {
  const pool = [...rack];
  const out: (number | undefined)[] = old.map(() => undefined);
  const keep = (i: number): void => {
    const k = pool.indexOf(old[i]!);
    if (k < 0) return;
    out[i] = old[i];
    pool.splice(k, 1);
  };
  old.forEach((_, i) => leaving.has(i) || keep(i));
  // A tile drawn like the one that left its place goes back into that place.
  old.forEach((_, i) => leaving.has(i) && keep(i));
  for (let i = 0; i < out.length && pool.length > 0; i++)
    if (out[i] === undefined) out[i] = pool.shift();
  return [...out.filter((t): t is number => t !== undefined), ...pool];
}
