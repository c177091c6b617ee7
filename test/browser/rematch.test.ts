/**
 * The rematch in the browser: Ana plays Bruno (a protocol client) from an invitation link;
 * Bruno gives up and asks for the rematch, and Ana's page goes to the new game and says why.
 * Coming back later to the old game's address (its record, its review) stays on the old game:
 * the page says it has a rematch and offers a link to it instead of taking her away. So does a
 * rematch asked for while she reads the review.
 */
import { describe, expect, it } from 'vitest';
import { newPlayer as newClient } from '../../src/server/testing/rooms.js';
import { openPage } from './browser.js';
import { enterName, gameIdOf } from './flows.js';
import { Announcer } from './liveRegions.js';
import { serverAndBrowser } from './setup.js';

const env = serverAndBrowser();

/**
 * Bruno (a protocol client) invites Ana, who arrives in the browser; Bruno then gives up, and
 * the page offers the rematch.
 */
async function brunoGivesUp() {
  const bruno = await newClient(new URL(env.server.url).host, 'Bruno');
  bruno.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
  const created = await bruno.c.take('created');
  const oldId = created.gameId;
  const token = created.inviteTokens[0]!.token;
  const page = await openPage(
    env.browser,
    `${env.server.url}/#/partida/${oldId}?invitacion=${token}`,
  );
  await enterName(page, 'Ana');
  await page.getByRole('heading', { name: /^Partida: Bruno contra Tú/ }).waitFor();
  const heard = new Announcer(page);
  const v = await bruno.c.viewAt(oldId, 1);
  bruno.c.send({ type: 'act', gameId: oldId, action: { kind: 'resign', version: v.version } });
  expect(await bruno.c.answer(oldId)).toMatchObject({ type: 'ack' });
  await page.getByRole('button', { name: 'Revancha' }).waitFor();
  return { bruno, oldId, page, heard };
}

describe('rematch', () => {
  it('a rematch made at the table takes the players there and says so; the old address stays on the old game', async () => {
    const { bruno, oldId, page, heard } = await brunoGivesUp();

    const since = await heard.mark();
    bruno.c.send({ type: 'rematch', gameId: oldId });
    const newId = (await bruno.c.take('rematch')).newGameId;
    expect(newId).not.toBe(oldId);
    await page.waitForURL(`**/#/partida/${newId}`);
    // Bruno asked for it: an event Ana did not cause, said assertively.
    await heard.waitFor(/^Revancha: una partida nueva, con los mismos asientos\. /, {
      since,
      region: 'assertive',
    });
    expect(gameIdOf(page)).toBe(newId);
    // The old game's end is not left in the hidden regions, where a screen reader reading the
    // new page from the top would meet it.
    expect(await page.locator('#avisos').textContent()).not.toContain('Fin de la partida');

    // Back at the old game's address, as from the browser's history: the page stays there.
    const back = await heard.mark();
    await page.goto(`${env.server.url}/#/partida/${oldId}`);
    await heard.waitFor('Esta partida ya tiene revancha', { since: back, region: 'polite' });
    const link = page.getByRole('link', { name: 'Ir a la revancha' });
    expect(await link.getAttribute('href')).toBe(`#/partida/${newId}`);
    expect(await page.getByRole('button', { name: 'Revancha' }).count()).toBe(0);
    expect(gameIdOf(page)).toBe(oldId);

    await link.click();
    await page.waitForURL(`**/#/partida/${newId}`);
    await page.context().close();
    bruno.c.close();
  });

  it('a player reading the review when the other asks for the rematch stays there, told where it is', async () => {
    const { bruno, oldId, page, heard } = await brunoGivesUp();
    const review = page.getByRole('region', { name: 'Revisión de la partida' });
    await review.getByRole('button', { name: 'Ver la revisión' }).focus();
    let since = await heard.mark();
    await page.keyboard.press('Enter');
    await heard.waitFor(/^Revisión lista/, { since, timeout: 60_000 });
    await expect
      .poll(() =>
        page.evaluate<boolean>("document.activeElement?.closest('section.review') != null"),
      )
      .toBe(true);

    since = await heard.mark();
    bruno.c.send({ type: 'rematch', gameId: oldId });
    const newId = (await bruno.c.take('rematch')).newGameId;
    await heard.waitFor(/^Los demás han empezado la revancha: el enlace «Ir a la revancha»/, {
      since,
      region: 'polite',
    });
    expect(gameIdOf(page)).toBe(oldId);
    const link = page.getByRole('link', { name: 'Ir a la revancha' });
    expect(await link.getAttribute('href')).toBe(`#/partida/${newId}`);
    expect(
      await page.evaluate<boolean>("document.activeElement?.closest('section.review') != null"),
    ).toBe(true);
    await page.context().close();
    bruno.c.close();
  });
});
