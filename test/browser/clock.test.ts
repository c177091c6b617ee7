/**
 * A room with a one-minute clock (TM-01, TM-02), between two browsers: arriving with less than
 * a minute on the clock is no low-time news, and when the clock of the player on turn runs out
 * both pages say so, once, with what it costs by the rules, and write it in the history. The
 * server's clock is the real one; the pages' clocks are Playwright's, moved on by a minute
 * once both players are at the table (the page's clocks run between the server's views).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer } from './browser.js';
import { board, createRoom, enterName, gameIdOf } from './flows.js';
import { Announcer } from './liveRegions.js';
import { committedGame } from './oracle.js';
import { serverAndBrowser } from './setup.js';

const env = serverAndBrowser();

/** A player's page with its clock faked from the start, at the lobby with their name given. */
async function player(name: string, url: string): Promise<Page> {
  const page = await (await newPlayer(env.browser)).newPage();
  await page.clock.install();
  await page.goto(url);
  await enterName(page, name);
  return page;
}

const LOW_TIME = 'Te queda menos de un minuto.';

describe('a one-minute clock', () => {
  it('is no low-time news on arrival, and running out is said to both players and written in the history', async () => {
    const ana = await player('Ana', env.server.url);
    await ana.getByLabel(/^Reloj/).fill('1');
    const [link] = await createRoom(ana, { seats: 2 });
    await ana.locator('#ir-a-la-sala').click();
    await board(ana).waitFor();
    const bea = await player('Bea', link!);
    await board(bea).waitFor();
    const heard = { ana: new Announcer(ana), bea: new Announcer(bea) };
    // Both at the table, the clock of the player on turn runs: under a minute from the start,
    // and no page says the time is low.
    const { state } = await committedGame(env.server.dbFile, gameIdOf(ana));
    const onTurn = state.turn === 0 ? 'Ana' : 'Bea';
    await ana.waitForTimeout(2500);
    for (const page of [ana, bea]) {
      const said = (await heard[page === ana ? 'ana' : 'bea'].all()).map((a) => a.text);
      expect(said.filter((t) => t.includes(LOW_TIME))).toEqual([]);
    }
    // A minute later by the pages' clocks the time is up, once.
    const marks = { ana: await heard.ana.mark(), bea: await heard.bea.mark() };
    for (const page of [ana, bea]) await page.clock.fastForward('01:05');
    const mine = 'Se acabó tu tiempo: al final pierdes 10 puntos por cada minuto empezado de más.';
    const theirs = `Se acabó el tiempo de ${onTurn}: al final pierde 10 puntos por cada minuto empezado de más.`;
    for (const who of ['Ana', 'Bea'] as const) {
      const page = who === 'Ana' ? ana : bea;
      const ears = who === 'Ana' ? heard.ana : heard.bea;
      const since = who === 'Ana' ? marks.ana : marks.bea;
      const sentence = who === onTurn ? mine : theirs;
      await ears.waitFor(sentence, { since, region: 'assertive' });
      // In the history too, where it happened: no turn has been played yet.
      const history = page.getByRole('log', { name: 'Historial' });
      await history.getByRole('listitem').filter({ hasText: sentence }).waitFor();
      expect(await history.getByRole('listitem').allInnerTexts()).toEqual([sentence]);
      await page.clock.fastForward('00:03');
      const again = (await ears.all()).slice(since).filter((a) => a.text.includes('Se acabó'));
      expect(again).toHaveLength(1);
      expect((await ears.all()).slice(since).some((a) => a.text.includes(LOW_TIME))).toBe(false);
    }
    await ana.context().close();
    await bea.context().close();
  });
});
