/**
 * Playing by keyboard as UX.md describes, for the browser scenarios: the cursor walked with
 * Control+Home and the arrows, then H or V and one Shift+letter per tile (Shift+K for CH,
 * Shift+W for RR, Ñ by its own key), or Shift+digit for a rack slot.
 */
import type { Page } from 'playwright-core';
import { SIZE } from '../../src/engine/board.js';
import type { PlaceMove } from '../../src/engine/move.js';
import { formatCoord } from '../../src/engine/notation/coords.js';
import { BLANK, isBlank, letterOf, SPANISH, tileLabel } from '../../src/engine/tiles.js';
import { tileName } from '../../src/play/speech.js';
import { press } from './keys.js';

/** A square's name as the page says it: "H8" (column letter, row number). */
export function squareName(square: number): string {
  return `${String.fromCharCode(65 + (square % SIZE))}${Math.floor(square / SIZE) + 1}`;
}

/** The move in GCG notation, "8H" or "H8", as the page announces it. */
export function coordOf(move: PlaceMove): string {
  return formatCoord(move);
}

/** The squares a placement puts new tiles on, in order, with their tiles. */
export function newTiles(move: PlaceMove): { square: number; tile: number }[] {
  const step = move.dir === 'H' ? 1 : SIZE;
  const start = move.row * SIZE + move.col;
  return move.tiles.flatMap((tile, k) => (tile === 0 ? [] : [{ square: start + k * step, tile }]));
}

/**
 * How the page's sentence for a play of `move` ends after its score, as a regular expression's
 * source: the tiles drawn, and whether they were the bag's last (`bag` tiles were left in it);
 * with the bag empty, that none came, unless the play emptied the rack (`rackSize` tiles).
 */
export function drawnPattern(move: PlaceMove, bag: number, rackSize: number): string {
  const n = newTiles(move).length;
  if (bag > n) return ' Robas: [^.]+\\.';
  if (bag > 0) return ` Robas: [^.]+, ${bag === 1 ? 'la última' : 'las últimas'} de la bolsa\\.`;
  return n < rackSize ? ' No robas: la bolsa está vacía\\.' : '';
}

/**
 * The key that places a letter tile in a writing mode, or undefined for LL and for a rack's
 * blank (neither has a key of its own: both go by Shift+digit).
 */
export function letterKeyFor(tile: number): string | undefined {
  if (tile === BLANK) return undefined;
  const label = tileLabel(SPANISH, letterOf(tile));
  if (label === 'CH') return 'Shift+KeyK';
  if (label === 'RR') return 'Shift+KeyW';
  if (label === 'Ñ') return 'Shift+Semicolon';
  if (label === 'LL') return undefined;
  return `Shift+Key${label}`;
}

/** Moves the board cursor to a square: Control+Home (A1), then down and right. */
export async function cursorTo(page: Page, square: number): Promise<void> {
  await press(page, 'Control+Home');
  for (let r = 0; r < Math.floor(square / SIZE); r++) await press(page, 'ArrowDown');
  for (let c = 0; c < square % SIZE; c++) await press(page, 'ArrowRight');
}

/**
 * The rack as the page lists it (listbox "Atril"), as tile codes in slot order; each option's
 * name is "N, LETTER, P puntos" where LETTER is the label or its spoken name, or "N, vacío" for
 * a place whose tile is on the board this turn (-1 here), so that key n is still index n - 1.
 */
export async function rackSlots(page: Page): Promise<number[]> {
  const names = await page
    .getByRole('listbox', { name: 'Atril' })
    .getByRole('option')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''));
  const byName = new Map<string, number>([['comodín', 0]]);
  SPANISH.letters.forEach((l, i) => {
    byName.set(l.label.toLowerCase(), i + 1);
    byName.set(tileName(SPANISH, i + 1).toLowerCase(), i + 1);
  });
  return names.map((n) => {
    const name = n.split(',')[1]?.trim().toLowerCase() ?? '';
    if (name.startsWith('vacío')) return -1;
    const code = byName.get(name);
    if (code === undefined) throw new Error(`rack option «${n}» names no tile`);
    return code;
  });
}

/** Whether a placement uses a blank. */
export function usesBlank(move: PlaceMove): boolean {
  return move.tiles.some((t) => t !== 0 && isBlank(t));
}
