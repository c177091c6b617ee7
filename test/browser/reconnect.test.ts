/**
 * Issue 12: a dropped connection mid-game. The server is restarted under the page (every
 * socket closed with 1001, the game committed and resumed); the page says it lost the
 * connection, comes back by itself, says so (to a player, to someone watching, in the lobby),
 * and the game goes on from where it was. A player still away when the server comes back is
 * not heard coming back to the table, nor leaving it again once the server's wait is over.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/engine/view.js';
import { openPage } from './browser.js';
import { board, createRoom, enterName } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { committedGame, placements } from './oracle.js';
import { serverAndBrowser } from './setup.js';
import { keyboardGameOnTurn, pageSays, untilTurnOf } from './turns.js';
import { cursorTo, letterKeyFor, newTiles, rackSlots, usesBlank } from './typing.js';

const env = serverAndBrowser();

describe('a dropped connection', () => {
  it('the page reconnects by itself, says so, and the game goes on', async () => {
    const { page, id, heard, me } = await keyboardGameOnTurn(env, 'Ana');
    // Bea watches the game; Carla waits in the lobby.
    const watcher = await openPage(env.browser, `${env.server.url}/#/partida/${id}`);
    await enterName(watcher, 'Bea');
    await board(watcher).waitFor();
    const lobby = await openPage(env.browser, env.server.url);
    await enterName(lobby, 'Carla');
    await lobby.getByRole('main').getByText('Hola, Carla.').waitFor();
    // Connected: the greeting shows before the page's link is up, the lobby's list only after
    // it (a restart before it would fail her first connection, not drop it).
    await lobby
      .getByRole('region', { name: 'Salas abiertas' })
      .locator(`a[href^="#/partida/${id}"]`)
      .first()
      .waitFor();
    const pages = [
      { heard, back: 'Conexión recuperada: sigues en la partida.' },
      { heard: new Announcer(watcher), back: 'Conexión recuperada: sigues mirando la partida.' },
      { heard: new Announcer(lobby), back: 'Conexión recuperada.' },
    ];
    const marks = await Promise.all(pages.map((p) => p.heard.mark()));

    await env.server.restart();
    // Lost, then back: both said without being asked, in the assertive region; what «back»
    // says depends on where the page is.
    for (const [k, p] of pages.entries()) {
      const lost = await p.heard.waitFor(/perdido la conexión/, {
        since: marks[k]!,
        region: 'assertive',
        timeout: 20_000,
      });
      await p.heard.waitFor(p.back, {
        since: (await p.heard.all()).indexOf(lost) + 1,
        region: 'assertive',
        timeout: 30_000,
      });
    }
    await watcher.context().close();
    await lobby.context().close();
    await pageSays(page, heard, 'KeyT', 'Tu turno.');

    // The game goes on: a play made after the restart is committed and answered.
    const before = (await committedGame(env.server.dbFile, id)).state;
    const view = viewFor(before, me);
    const best = placements(view, (m) => !usesBlank(m))[0];
    if (best) {
      const tiles = newTiles(best.move);
      await cursorTo(page, tiles[0]!.square);
      await press(page, best.move.dir === 'H' ? 'KeyH' : 'KeyV');
      for (const [k, { tile }] of tiles.entries()) {
        const key = k > 0 ? letterKeyFor(tile) : undefined;
        // Each tile's echo («elle en G7.») heard before the next key, so that it is not
        // taken for the answer to F.
        const combo = key ?? `Shift+Digit${(await rackSlots(page)).indexOf(tile) + 1}`;
        await heard.after(() => press(page, combo));
      }
      expect(await heard.after(() => press(page, 'KeyF'))).toMatch(/^Jugada /);
    } else {
      await press(page, 'KeyP');
      await press(page, 'KeyP');
    }
    await untilTurnOf(env.server.dbFile, id, me);
    const after = (await committedGame(env.server.dbFile, id)).state;
    expect(after.events.length).toBeGreaterThan(before.events.length);
    await page.context().close();
  });

  it('a player still in the lobby when the server comes back is not heard coming back and leaving again', async () => {
    const ana = await openPage(env.browser, env.server.url);
    await enterName(ana, 'Ana');
    const [link] = await createRoom(ana, { seats: 2 });
    await ana.goto(env.server.url);
    await ana.getByRole('region', { name: 'Mis partidas' }).getByRole('link').first().waitFor();
    const bea = await openPage(env.browser, link!);
    await enterName(bea, 'Bea');
    await board(bea).waitFor();
    const heard = new Announcer(bea);
    await heard.waitFor('Ana ya no está en la mesa.');
    const anaSeat = bea.locator('ul.seats .who', { hasText: 'Ana' });
    const since = await heard.mark();

    await env.server.restart();
    await heard.waitFor('Conexión recuperada: sigues en la partida.', {
      since,
      region: 'assertive',
      timeout: 30_000,
    });
    // The restarted server shows every seat present while its players come back (20 s), and
    // Ana, who stays in the lobby, away once that wait is over.
    await anaSeat.filter({ hasNotText: 'ausente' }).waitFor({ timeout: 30_000 });
    await anaSeat.filter({ hasText: 'ausente' }).waitFor({ timeout: 40_000 });
    const said = (await heard.all()).slice(since).map((a) => a.text);
    expect(said.filter((t) => t.startsWith('Ana '))).toEqual([]);
    await ana.context().close();
    await bea.context().close();
  });
});
