/**
 * The page's command line (UX.md §2.3, «:» or «/»): each opening starts it empty, as a terminal's
 * command line does, so that text left there before Escape is not sent with the next command;
 * and it has every key typed after «:», however fast they come.
 */
import { describe, expect, it } from 'vitest';
import { openPage } from './browser.js';
import { enterName, focusBoard, startComputerGame } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { serverAndBrowser } from './setup.js';

const env = serverAndBrowser();

describe('the command line', () => {
  it('opens empty each time: what was typed before Escape is gone, and the next command is read alone', async () => {
    const page = await openPage(env.browser, env.server.url);
    const heard = new Announcer(page);
    await enterName(page, 'Rosa');
    await startComputerGame(page, { level: 'principiante' });
    const field = page.getByRole('textbox', { name: 'Orden' });
    await focusBoard(page);
    await page.keyboard.press(':');
    await expect
      .poll(() => page.evaluate<string>('document.activeElement?.id ?? ""'))
      .toBe('orden');
    await page.keyboard.type('ct');
    await press(page, 'Escape');
    await expect
      .poll(() => page.evaluate<string>('document.activeElement?.id ?? ""'))
      .not.toBe('orden');
    await page.keyboard.press(':');
    await expect
      .poll(() => page.evaluate<string>('document.activeElement?.id ?? ""'))
      .toBe('orden');
    expect(await field.inputValue()).toBe('');
    // The next command is read alone («ctmarcador» was an unknown command).
    const said = await heard.after(async () => {
      await page.keyboard.type('marcador');
      await page.keyboard.press('Enter');
    });
    expect(said).toMatch(/^Tú 0, Principiante \d+\.$/);
    await page.context().close();
  });

  it('has every key typed at once after «:»: the first letter is not lost to the board', async () => {
    const page = await openPage(env.browser, env.server.url);
    const heard = new Announcer(page);
    await enterName(page, 'Rosa');
    await startComputerGame(page, { level: 'principiante' });
    await focusBoard(page);
    // «s» is also the board's key for the scores: lost there, it would be read as S and the
    // line would get «orteo».
    const since = await heard.mark();
    await page.keyboard.type(':sorteo');
    await page.keyboard.press('Enter');
    const draw = /^(Sorteo de salida: |Empiezas? |No consta el sorteo)/;
    await heard.waitFor(draw, { since, region: 'polite' });
    const said = (await heard.all()).slice(since).filter((a) => a.region === 'polite');
    expect(said.map((a) => a.text)).toEqual(['Línea de órdenes.', expect.stringMatching(draw)]);
    await page.context().close();
  });
});
