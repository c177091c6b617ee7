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
 * in their places, the new ones follow.
 */
export function keepArrangement(old: readonly number[], rack: readonly number[]): number[] {
  const pool = [...rack];
  const kept: number[] = [];
  for (const t of old) {
    const k = pool.indexOf(t);
    if (k >= 0) {
      kept.push(t);
      pool.splice(k, 1);
    }
  }
  return [...kept, ...pool];
}
