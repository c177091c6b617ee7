/**
 * Issue 12, third scenario: two people in two browsers (two contexts: their own cookies and
 * storage) play one room through an invitation link — Ana with the mouse on a desktop, Bruno
 * with a finger on a phone (touch events) — and a third person watches. Everything
 * the watcher's page receives (each WebSocket frame) and shows (every element ever added to
 * its page, every announcement) is recorded, and none of it is a tile of either rack while the
 * game is played (DESIGN.md: observers see no rack; UX.md §1). The game ends with the host
 * giving up by keyboard ("Abandonar", confirmed in a dialog), which the guest and the watcher
 * hear; then the guest closes his browser, and the others hear that he dropped out.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/engine/view.js';
import { boardTileName } from '../../src/play/speech.js';
import { SPANISH } from '../../src/engine/tiles.js';
import { describeViolations, seriousViolations } from './axe.js';
import { newPlayer, PHONE, type PlayerOptions } from './browser.js';
import { board, createRoom, enterName, gameIdOf } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { committedGame, placements } from './oracle.js';
import { mouseDrag, rackTile, square, touchDrag } from './pointer.js';
import { screenshot } from './screenshots.js';
import { serverAndBrowser } from './setup.js';
import { untilTurnOf } from './turns.js';
import { newTiles, rackSlots, usesBlank } from './typing.js';

const env = serverAndBrowser();

/**
 * Records, in the watcher's page from its first byte, every element ever added that would
 * show a rack: the rack listbox or its tiles, a rack slot, the "Atril" heading.
 */
const RACK_WATCH = `(() => {
  const seen = (window.__rackShown = []);
  const SELECTOR = '[role=listbox],[role=option],[data-slot],#atril,#h-atril';
  const look = (el) => {
    if (el.matches(SELECTOR)) seen.push(el.outerHTML.slice(0, 200));
    for (const inner of el.querySelectorAll(SELECTOR)) seen.push(inner.outerHTML.slice(0, 200));
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) look(n);
  }).observe(document, { subtree: true, childList: true });
})();`;

/**
 * Where a frame would give a rack away: any `rack` that is not null, any `lastDrawn` with
 * tiles, and — before the game is over, when the racks left become public — the tiles of an
 * exchange or a `racks` list. Returns the paths of what it found.
 */
function rackLeaks(value: unknown, over: boolean, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => rackLeaks(v, over, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  const found: string[] = [];
  if ('rack' in o && o['rack'] !== null) found.push(`${path}.rack`);
  if (Array.isArray(o['lastDrawn']) && o['lastDrawn'].length > 0) found.push(`${path}.lastDrawn`);
  if (!over && o['kind'] === 'exchange' && o['tiles'] !== null && o['tiles'] !== undefined)
    found.push(`${path}.tiles`);
  if (!over && 'racks' in o) found.push(`${path}.racks`);
  for (const [k, v] of Object.entries(o)) found.push(...rackLeaks(v, over, `${path}.${k}`));
  return found;
}

/** A person's browser at the page, named once. */
async function person(url: string, name: string, init?: string, opts: PlayerOptions = {}) {
  const context: BrowserContext = await newPlayer(env.browser, opts);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : '')),
  );
  await page.goto(url);
  await enterName(page, name);
  // A phone is played with a finger, anything else with the mouse.
  const drag = opts.phone ? touchDrag : mouseDrag;
  return { page, frames, heard: new Announcer(page), drag };
}

/** Exchanges the first two rack tiles, chosen by clicking them. */
async function exchangeTwo(page: Page, heard: Announcer): Promise<void> {
  await page.getByRole('button', { name: 'Cambiar', exact: true }).click();
  const options = page.getByRole('listbox', { name: 'Atril' }).getByRole('option');
  await options.nth(0).click();
  await options.nth(1).click();
  expect(
    await heard.after(() => page.getByRole('button', { name: 'Confirmar el cambio' }).click()),
  ).toMatch(/^Has cambiado 2 fichas\. Robas: [^.]+ y [^.]+\.$/);
}

/**
 * Plays the seat's turn with the mouse: an exchange of two tiles when asked, else its best
 * placement (no blank), or a pass when nothing fits. Returns what it did.
 */
async function playTurn(
  { page, heard, drag }: { page: Page; heard: Announcer; drag: typeof mouseDrag },
  gameId: string,
  seat: number,
  exchange: boolean,
): Promise<'play' | 'exchange' | 'pass'> {
  const view = viewFor(await untilTurnOf(env.server.dbFile, gameId, seat), seat);
  await page.locator('.seats li.on-turn').filter({ hasText: 'Tú (' }).waitFor();
  const want = [...view.rack!].sort((a, b) => a - b).join(',');
  await expect.poll(async () => (await rackSlots(page)).sort((a, b) => a - b).join(',')).toBe(want);
  if (exchange && view.canExchange) {
    await exchangeTwo(page, heard);
    return 'exchange';
  }
  const best = placements(view, (m) => !usesBlank(m))[0];
  if (!best) {
    await page.getByRole('button', { name: 'Pasar' }).click();
    await page.getByRole('button', { name: 'Confirmar el pase' }).click();
    return 'pass';
  }
  for (const { square: sq, tile } of newTiles(best.move))
    expect(
      await heard.after(async () => drag(page, await rackTile(page, tile), square(page, sq))),
    ).toContain(`${boardTileName(SPANISH, tile)} en `);
  expect(await heard.after(() => page.getByRole('button', { name: 'Jugar' }).click())).toMatch(
    /^Jugada /,
  );
  return 'play';
}

describe('a room with friends through an invitation link, and a watcher', () => {
  it('plays moves in two browsers; the watcher never sees a rack; resigning and dropping out are heard by all', async () => {
    const ana = await person(env.server.url, 'Ana');
    const [link] = await createRoom(ana.page, { seats: 2 });
    expect(link).toMatch(/invitacion=/);
    await ana.page.getByRole('link', { name: 'Ir a la partida' }).click();
    await board(ana.page).waitFor();
    const id = gameIdOf(ana.page);
    // Arriving, Ana hears that the game waits for her friend, and where the link is.
    await ana.heard.waitFor(
      /Falta un jugador por llegar: jugará cuando entre con su invitación\. Su enlace de invitación está en la sección «Invitaciones»\.$/,
    );

    // Ana opening the link meant for her friend is refused, her own seat named; the seat stays
    // free for Bruno (who takes it below).
    const again = await ana.page.context().newPage();
    await again.goto(link!);
    await again
      .getByRole('main')
      .getByText(/^Ya ocupas el asiento 1 de esta partida/)
      .waitFor();
    await again.close();

    // Bruno opens the link on his phone: he gets the invited seat, and plays with a finger.
    const bruno = await person(link!, 'Bruno', undefined, { viewport: PHONE, phone: true });
    await board(bruno.page).waitFor();
    expect(bruno.page.url()).not.toContain('invitacion=');
    // Ana hears him sit down.
    await ana.heard.waitFor('Bruno ha llegado a la mesa.', { region: 'assertive' });
    // Olga opens the game's address without a seat: she watches.
    const olga = await person(`${env.server.url}/#/partida/${id}`, 'Olga', RACK_WATCH);
    await olga.page.getByText('Estás mirando la partida.').waitFor();
    await board(olga.page).waitFor();

    const seats = { 0: ana, 1: bruno } as const;
    const { state: start } = await committedGame(env.server.dbFile, id);
    expect(start.players).toBe(2);
    // Four turns, two each: a play dragged with the mouse (or a pass when nothing fits), then
    // an exchange.
    for (let turn = 0; turn < 4; turn++) {
      const { state } = await committedGame(env.server.dbFile, id);
      const who = seats[state.turn as 0 | 1];
      const since = await olga.heard.mark();
      // Each player's second turn is an exchange: the watcher learns how many tiles, not which.
      const did = await playTurn(who, id, state.turn, turn >= 2);
      // The watcher hears the move of whoever moved, by name, in the assertive region.
      const name = state.turn === 0 ? 'Ana' : 'Bruno';
      const move = await olga.heard.waitFor(new RegExp(`^${name}[: ]`), {
        region: 'assertive',
        since,
      });
      if (did === 'exchange') expect(move.text).toMatch(new RegExp(`^${name} cambia 2 fichas\\.`));
      if (did === 'play')
        expect(await olga.page.getByRole('log', { name: 'Historial' }).innerText()).toContain(name);
      // Asked for a rack (C), the watcher's page says there is none to read.
      await board(olga.page).locator('[role=gridcell][tabindex="0"]').focus();
      expect(await olga.heard.after(() => press(olga.page, 'KeyC'))).toMatch(
        'No tienes asiento en esta partida: solo puedes mirarla.',
      );
    }
    await screenshot(olga.page, 'sala-observador');
    await screenshot(bruno.page, 'sala-invitado');

    // Ana gives up by keyboard: Enter on "Abandonar" opens the dialog on "No, seguir jugando".
    const resign = ana.page.getByRole('button', { name: 'Abandonar' });
    await resign.focus();
    await press(ana.page, 'Enter');
    const dialog = ana.page.getByRole('dialog', { name: '¿Abandonar la partida?' });
    await dialog.waitFor();
    await expect
      .poll(() => ana.page.evaluate<string | undefined>('document.activeElement?.textContent'))
      .toBe('No, seguir jugando');
    // While it is open a command key does nothing to the game behind it; Escape closes it
    // and gives the focus back to the button, where T answers again.
    const since = await ana.heard.mark();
    await press(ana.page, 'KeyT');
    await press(ana.page, 'Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => ana.page.evaluate<string | undefined>('document.activeElement?.textContent'))
      .toBe('Abandonar');
    await press(ana.page, 'KeyT');
    // T answers politely, or, when Bruno's quick reply was still held behind Ana's own play,
    // by letting it out (it ends with «Tu turno.», not said twice).
    await ana.heard.waitFor(/^(Tu turno|Turno de Bruno)|Tu turno\.$/, { since });
    const answers = (await ana.heard.all()).slice(since).filter((a) => a.region === 'polite');
    expect(answers.map((a) => a.text).length).toBeLessThanOrEqual(1);
    // Now for real: Enter, Tab to "Sí, abandonar", Enter.
    await press(ana.page, 'Enter');
    await dialog.waitFor();
    const found = await seriousViolations(ana.page);
    expect(found, describeViolations(found)).toEqual([]);
    await press(ana.page, 'Tab');
    await expect
      .poll(() => ana.page.evaluate<string | undefined>('document.activeElement?.textContent'))
      .toBe('Sí, abandonar');
    await press(ana.page, 'Enter');
    await ana.heard.waitFor('Has abandonado.');
    for (const other of [bruno, olga]) {
      await other.heard.waitFor('Ana abandona.', { region: 'assertive' });
      await other.heard.waitFor(/Fin de la partida\. (Gana Bruno|Has ganado):/, {
        region: 'assertive',
      });
    }
    const { state: end } = await committedGame(env.server.dbFile, id);
    expect(end.result?.reason).toBe('resign');
    await expect.poll(() => ana.page.getByRole('button', { name: 'Abandonar' }).count()).toBe(0);

    // Everything the watcher received and was shown: no rack tile, ever, while it was played.
    const leaks: string[] = [];
    let over = false;
    for (const raw of olga.frames) {
      const frame = JSON.parse(raw) as unknown;
      over ||= raw.includes('"result":{');
      leaks.push(...rackLeaks(frame, over));
    }
    expect(olga.frames.length).toBeGreaterThan(4);
    expect(leaks).toEqual([]);
    expect(await olga.page.evaluate<string[]>('window.__rackShown')).toEqual([]);
    // The players' own pages did get their racks: the check above can see one.
    const anaLeaks = ana.frames.flatMap((raw) => rackLeaks(JSON.parse(raw) as unknown, false));
    expect(anaLeaks.length).toBeGreaterThan(0);

    // Bruno closes his browser: after the server's grace the others hear that he dropped out,
    // and Ana's scoreboard marks him.
    await bruno.page.context().close();
    for (const other of [ana, olga])
      await other.heard.waitFor('Bruno ya no está en la mesa.', {
        region: 'assertive',
        timeout: 15_000,
      });
    await expect.poll(() => ana.page.locator('.seats').textContent()).toContain('Bruno · ausente');
    for (const p of [ana, olga]) await p.page.context().close();
  });
});
