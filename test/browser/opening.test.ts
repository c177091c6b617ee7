/**
 * G-02 on the page: a new game says who started and why once, in the live regions as the
 * player arrives at the table, and shows it at the top of the history.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/engine/view.js';
import { openingDrawText } from '../../src/play/messages.js';
import { clientView } from '../../src/protocol/view.js';
import { openPage } from './browser.js';
import { enterName, startComputerGame } from './flows.js';
import { Announcer } from './liveRegions.js';
import { committedGame } from './oracle.js';
import { serverAndBrowser } from './setup.js';
import { pageSays, untilTurnOf } from './turns.js';

const env = serverAndBrowser();

describe('the opening draw (G-02)', () => {
  it('G-02: a game against the computer starts by saying the draw once, and the history shows it first', async () => {
    const page = await openPage(env.browser, env.server.url);
    const heard = new Announcer(page);
    await enterName(page, 'Rosa');
    const id = await startComputerGame(page, { level: 'principiante' });
    // The draw as the engine made it, in the words the page should use.
    const { state, bots } = await committedGame(env.server.dbFile, id);
    const me = bots.indexOf(false);
    const names = bots.map((bot) => (bot ? 'Principiante' : 'Rosa'));
    const sentence = openingDrawText(clientView(viewFor(state, me), { names, bots }))!;
    expect(sentence).toMatch(/^Sorteo de salida: .+ (Empieza Principiante|Empiezas tú): /);

    // Said on arrival, before whose turn it is (and the computer's opening play, if it began).
    const said = await heard.waitFor(sentence);
    expect(said.text.startsWith(sentence)).toBe(true);
    const history = page.getByRole('log', { name: 'Historial' });
    await expect.poll(() => history.locator('p').first().textContent()).toBe(sentence);

    // Once: the turns that follow do not say it again.
    await untilTurnOf(env.server.dbFile, id, me);
    await pageSays(page, heard, 'KeyT', 'Tu turno.');
    const draws = (await heard.all()).filter((a) => a.text.includes('Sorteo de salida'));
    expect(draws).toHaveLength(1);
  });
});
