/**
 * The entrance's small answers: each seat's «Copiar enlace» names its seat and says it copied,
 * every time it is pressed; a browser that will not copy leaves the link selected and says how
 * to copy it by hand; the player's own open room offers «Seguir», never «Unirse»; and
 * «Actualizar» says what it found.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer } from './browser.js';
import { createRoom, enterName, gameIdOf } from './flows.js';
import { Announcer } from './liveRegions.js';
import { serverAndBrowser } from './setup.js';

const env = serverAndBrowser();

async function lobbyPage(name: string, init?: string): Promise<Page> {
  const context = await newPlayer(env.browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: env.server.url,
  });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(env.server.url);
  await enterName(page, name);
  return page;
}

describe('lobby', () => {
  it('«Copiar enlace» names its seat, copies, and says so on every press', async () => {
    const page = await lobbyPage('Ana');
    const heard = new Announcer(page);
    const links = await createRoom(page, { seats: 3 });
    const copy = page.getByRole('button', { name: 'Copiar enlace del asiento 3' });
    expect(await page.getByRole('button', { name: /^Copiar enlace/ }).count()).toBe(2);
    for (let press = 0; press < 2; press++) {
      const since = await heard.mark();
      await copy.click();
      await heard.waitFor('Enlace del asiento 3 copiado.', { since, region: 'polite' });
    }
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(links[1]);
    await page.context().close();
  });

  it('a browser that will not copy leaves the link selected and says how to copy it', async () => {
    // A page on a plain http address of the local network: no clipboard, and the old copy
    // command refused.
    const page = await lobbyPage(
      'Bruno',
      `Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
       document.execCommand = () => false;`,
    );
    const heard = new Announcer(page);
    const links = await createRoom(page);
    const since = await heard.mark();
    await page.getByRole('button', { name: 'Copiar enlace del asiento 2' }).click();
    await heard.waitFor(/^Este navegador no deja copiar desde la página/, {
      since,
      region: 'assertive',
    });
    const field = page.getByRole('textbox', { name: 'Enlace para invitar (asiento 2)' });
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      await field.evaluate((el: HTMLInputElement) =>
        el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0),
      ),
    ).toBe(links[0]);
    await page.context().close();
  });

  it('the player’s own open room offers «Seguir», not «Unirse»; «Actualizar» says what it found', async () => {
    const page = await lobbyPage('Carla');
    await page.getByLabel(/^Sala abierta/).check();
    await page.getByRole('button', { name: 'Crear sala' }).click();
    await page.waitForURL(/#\/partida\//);
    const gameId = gameIdOf(page);
    await page.goto(`${env.server.url}/#/`);
    const open = page.getByRole('region', { name: 'Salas abiertas' });
    const room = open
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href^="#/partida/${gameId}"]`) });
    await room.getByRole('link', { name: /^Seguir: / }).waitFor();
    expect(await room.getByRole('link').count()).toBe(1);

    const heard = new Announcer(page);
    const since = await heard.mark();
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await heard.waitFor('Lista actualizada: una partida sin terminar.', {
      since,
      region: 'polite',
    });
    await page.context().close();
  });
});
