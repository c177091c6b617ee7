/**
 * Playing with a mouse or a finger, for the browser scenarios: real input events sent through
 * the browser (mouse down, moves, up; touch start, moves, end), so the page's pointer-event
 * drag and drop runs exactly as for a person. Nothing here calls the page's own functions.
 */
import type { Locator, Page } from 'playwright-core';
import { board } from './flows.js';
import { rackSlots } from './typing.js';

/** The rack tile (option of the listbox "Atril") holding `tile`, by its place in the rack. */
export async function rackTile(page: Page, tile: number): Promise<Locator> {
  const slots = await rackSlots(page);
  const i = slots.indexOf(tile);
  if (i < 0) throw new Error(`no tile ${tile} on the rack (${slots.join(', ')})`);
  return page.getByRole('listbox', { name: 'Atril' }).getByRole('option').nth(i);
}

/** A board square by its index (0 = A1). */
export function square(page: Page, sq: number): Locator {
  return board(page).locator(`[data-square="${sq}"]`);
}

/**
 * Scrolls the board's top to the top of the screen, as a player does before playing: the page
 * is laid out so that the rack under the board is then in view too, on a laptop and a phone.
 */
async function boardInView(page: Page): Promise<void> {
  await board(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

async function centre(el: Locator): Promise<{ x: number; y: number }> {
  const box = await el.boundingBox();
  if (!box) throw new Error('element not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags `from` onto `to` with the mouse: press on the tile, move there in several steps (the
 * page waits for a few pixels of movement before a press becomes a drag), release. Both must
 * be on screen together, as they are for a player who does not scroll mid-drag.
 */
export async function mouseDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  await boardInView(page);
  const a = await centre(from);
  const b = await centre(to);
  const size = page.viewportSize()!;
  for (const p of [a, b])
    if (p.y < 0 || p.y > size.height)
      throw new Error('the rack and the square are not both in view');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 10 });
  await page.mouse.up();
}

/**
 * Drags `from` onto `to` with one finger, through the DevTools protocol's touch events (the
 * page gets the pointer events a phone's browser makes of them).
 */
export async function touchDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  await boardInView(page);
  const a = await centre(from);
  const b = await centre(to);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }],
    });
  await touch('touchStart', a.x, a.y);
  for (let k = 1; k <= 10; k++)
    await touch('touchMove', a.x + ((b.x - a.x) * k) / 10, a.y + ((b.y - a.y) * k) / 10);
  await touch('touchEnd', b.x, b.y);
  await cdp.detach();
}
