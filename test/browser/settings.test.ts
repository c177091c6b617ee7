/**
 * «Ajustes» on the game page says only what applies at this table: the screen reader's speed
 * is offered everywhere, but its hint («La respuesta rápida del ordenador espera…») only where
 * a computer plays.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer } from './browser.js';
import { board, createRoom, enterName, startComputerGame } from './flows.js';
import { serverAndBrowser } from './setup.js';

const env = serverAndBrowser();

/** The speed select and the text that describes it to a screen reader ('' for none). */
async function speed(page: Page): Promise<{ described: string; shown: boolean }> {
  const settings = page.getByRole('region', { name: 'Ajustes' });
  const select = settings.getByRole('combobox', { name: 'Velocidad de tu lector de pantalla' });
  const ids = (await select.getAttribute('aria-describedby')) ?? '';
  const described = ids ? ((await page.locator(`#${ids}`).textContent()) ?? '') : '';
  return { described, shown: await settings.getByText(/respuesta rápida/).isVisible() };
}

describe('Ajustes', () => {
  it('the hint on the computer’s quick answer describes the speed against a computer, and is nowhere at a table of people', async () => {
    const page = await (await newPlayer(env.browser)).newPage();
    await page.goto(env.server.url);
    await enterName(page, 'Ana');
    await startComputerGame(page);
    expect(await speed(page)).toEqual({
      described:
        'La respuesta rápida del ordenador espera a que tu lector termine de leer tu jugada.',
      shown: true,
    });

    await page.goto(`${env.server.url}/#/`);
    await createRoom(page, { seats: 2 });
    await page.getByRole('link', { name: 'Ir a la partida' }).click();
    await board(page).waitFor();
    expect(await speed(page)).toEqual({ described: '', shown: false });
    await page.context().close();
  });
});
