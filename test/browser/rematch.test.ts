/**
 * The rematch in the browser: Ana plays Bruno (a protocol client) from an invitation link;
 * Bruno gives up and asks for the rematch, and Ana's page goes to the new game and says why.
 * Coming back later to the old game's address (its record, its review) stays on the old game:
 * the page says it has a rematch and offers a link to it instead of taking her away. So does a
 * rematch asked for while she reads the review, said then as news, with who asked. A player
 * back in the lobby hears of a rematch the other asked for, and finds it in «Mis partidas»;
 * her coming to it is heard at the table as an arrival.
 */
import { describe, expect, it } from 'vitest';
import { newPlayer as newClient } from '../../src/server/testing/rooms.js';
import { newPlayer, openPage } from './browser.js';
import { board, createRoom, enterName, gameIdOf } from './flows.js';
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
    // Bruno asked for it: news Ana did not cause, said as such, with who.
    await heard.waitFor(
      'Bruno ha pedido la revancha: el enlace «Ir a la revancha», bajo «Acciones», lleva a ella.',
      { since, region: 'assertive' },
    );
    expect(gameIdOf(page)).toBe(oldId);
    const link = page.getByRole('link', { name: 'Ir a la revancha' });
    expect(await link.getAttribute('href')).toBe(`#/partida/${newId}`);
    expect(
      await page.evaluate<boolean>("document.activeElement?.closest('section.review') != null"),
    ).toBe(true);
    await page.context().close();
    bruno.c.close();
  });

  it('a rematch asked at the table is said to the other player back in the lobby, and her first coming to it is an arrival', async () => {
    const ana = await (await newPlayer(env.browser)).newPage();
    await ana.goto(env.server.url);
    await enterName(ana, 'Ana');
    const [link] = await createRoom(ana, { seats: 2 });
    await ana.getByRole('link', { name: 'Ir a la partida' }).click();
    await board(ana).waitFor();
    const bea = await (await newPlayer(env.browser)).newPage();
    await bea.goto(link!);
    await enterName(bea, 'Bea');
    await board(bea).waitFor();
    const oldId = gameIdOf(bea);

    // Bea gives up and goes back to the lobby.
    await bea.getByRole('button', { name: 'Abandonar' }).click();
    await bea.getByRole('button', { name: 'Sí, abandonar' }).click();
    await ana.getByRole('button', { name: 'Revancha' }).waitFor();
    await bea.getByRole('link', { name: 'Volver a la entrada' }).click();
    const mine = bea.getByRole('region', { name: 'Mis partidas' });
    await mine.waitFor();
    const inLobby = new Announcer(bea);
    const atTable = new Announcer(ana);
    let since = await inLobby.mark();

    // Ana asks for the rematch and is taken to it; Bea hears of it where she is, as she hears
    // a friend arrive in her room, and finds it under «Mis partidas».
    await ana.getByRole('button', { name: 'Revancha' }).click();
    await ana.waitForURL((u) => !u.hash.includes(oldId));
    const newId = gameIdOf(ana);
    await inLobby.waitFor('Ana ha pedido la revancha. La nueva partida está en «Mis partidas».', {
      since,
      region: 'assertive',
    });
    const resume = mine.locator(`a[href="#/partida/${newId}"]`);
    await resume.waitFor();

    // She opens it: the first time she comes to that table, Ana hears her arrive, not return.
    since = await atTable.mark();
    await resume.click();
    await board(bea).waitFor();
    await atTable.waitFor('Bea ha llegado a la mesa.', { since, region: 'assertive' });
    expect((await atTable.all()).slice(since).map((a) => a.text)).not.toContainEqual(
      expect.stringContaining('ha vuelto'),
    );
    await ana.context().close();
    await bea.context().close();
  });
});
