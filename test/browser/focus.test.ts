/**
 * A keyboard player never loses their place (UX.md §2.1, 6 and §3): Escape leaves the chat
 * field and the command line for the board, said once; an action button keeps the focus
 * while its action is under way; each page names its tab, and a new page's heading takes the
 * focus when the control that had it went away; a room's creation is said, with its first
 * invitation link focused.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './browser.js';
import { enterName, focusBoard, startComputerGame } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { committedGame } from './oracle.js';
import { serverAndBrowser } from './setup.js';
import { pageSays, untilTurnOf } from './turns.js';

const env = serverAndBrowser();

/** What has the focus: its tag, role, accessible name (or label) and the section it is in. */
function focused(
  page: Page,
): Promise<{ tag: string; role: string; name: string; section: string }> {
  // A script in a string: this file is compiled without the DOM's types.
  return page.evaluate(`(() => {
    const el = document.activeElement;
    const label = el && el.labels && el.labels[0];
    const section = el && el.closest('section');
    const h2 = section && section.querySelector('h2');
    return {
      tag: el ? el.tagName : '',
      role: (el && el.getAttribute('role')) || '',
      name: label ? label.textContent : el ? el.textContent.trim() : '',
      section: h2 ? h2.textContent : '',
    };
  })()`);
}

/** The announcements made since `since`, as texts. */
/** What the live regions said since `since`, and apart: how many times a square took the focus. */
async function saidSince(
  heard: Announcer,
  since: number,
): Promise<{ said: string[]; focused: number }> {
  const all = (await heard.all()).slice(since);
  return {
    said: all.filter((a) => a.region !== 'focus').map((a) => a.text),
    focused: all.filter((a) => a.region === 'focus').length,
  };
}

describe('focus and Escape', () => {
  it('the name form hands the focus to the lobby heading, and a new room is said with its link focused', async () => {
    const page = await openPage(env.browser, env.server.url);
    // The field says its limit; it does not stop typing there without a word (lobby.test.ts).
    const name = page.getByRole('textbox', { name: 'Tu nombre' });
    await name.waitFor();
    expect(await name.getAttribute('maxlength')).toBeNull();
    const hint = await page
      .locator(`#${await name.getAttribute('aria-describedby')}`)
      .textContent();
    expect(hint).toContain('hasta 40 caracteres');
    const greeted = new Announcer(page);
    await enterName(page, 'Ana');
    await page.getByRole('heading', { name: 'Mis partidas' }).waitFor();
    // Saving the name is answered, not only shown.
    await greeted.waitFor('Hola, Ana.', { region: 'polite' });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', name: 'Atril' });
    expect(await page.title()).toBe('Atril: Scrabble en español');

    const heard = new Announcer(page);
    const since = await heard.mark();
    await page.getByRole('button', { name: 'Crear sala' }).click();
    await heard.waitFor(/^Sala creada\. Comparte el enlace de invitación/, { since });
    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'INPUT',
        name: 'Enlace para invitar (asiento 2)',
      });
    await page.close();
  });

  it('Escape leaves the chat and the command line once; action buttons keep the focus', async () => {
    const page = await openPage(env.browser, env.server.url);
    await enterName(page, 'Bea');
    const id = await startComputerGame(page, { level: 'principiante' });
    expect(await page.title()).toBe('Partida: Tú contra Principiante · Atril');
    await focusBoard(page);
    const heard = new Announcer(page);
    const me = (await committedGame(env.server.dbFile, id)).bots.indexOf(false);
    await untilTurnOf(env.server.dbFile, id, me);
    await pageSays(page, heard, 'KeyT', 'Tu turno.');

    // The chat field keeps the letters typed; Escape takes the player back to the board.
    const chat = page.getByRole('textbox', { name: 'Mensaje' });
    await chat.focus();
    // Enter with nothing written is answered, the focus kept in the field.
    let since = await heard.mark();
    await page.keyboard.press('Enter');
    await heard.waitFor(/^No has escrito ningún mensaje/, { since });
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', name: 'Mensaje' });
    await chat.pressSequentially('hola');
    since = await heard.mark();
    await page.keyboard.press('Escape');
    await heard.waitFor('Modo navegación.', { since });
    await expect.poll(() => focused(page)).toMatchObject({ role: 'gridcell' });
    expect(await chat.inputValue()).toBe('hola');
    // Keys are commands again, not text for the chat.
    since = await heard.mark();
    await press(page, 'KeyT');
    await heard.waitFor('Tu turno.', { since });
    expect(await chat.inputValue()).toBe('hola');

    // The command line: opened with ':', left with Escape, said once.
    await page.keyboard.press(':');
    // The line always stands on the page; ':' moves the focus into it once the key is handled.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT' });
    since = await heard.mark();
    await page.keyboard.press('Escape');
    await heard.waitFor('Modo navegación.', { since });
    // Give a second announcement the time to come, then count.
    await new Promise((r) => setTimeout(r, 300));
    // The mode once, and the square the focus lands on read once.
    expect(await saidSince(heard, since)).toEqual({ said: ['Modo navegación.'], focused: 1 });
    await expect.poll(() => focused(page)).toMatchObject({ role: 'gridcell' });

    // Pasar, confirmed by a second press: the button still has the focus once the pass is in.
    const pass = page
      .getByRole('region', { name: 'Acciones' })
      .getByRole('button', { name: 'Pasar' });
    await pass.focus();
    since = await heard.mark();
    await page.keyboard.press('Enter');
    await heard.waitFor('¿Pasar? Pulsa P otra vez.', { since });
    await page.keyboard.press('Enter');
    await heard.waitFor('Has pasado.', { since });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', section: 'Acciones' });
    // And after the computer's reply, whatever it is: a play («Principiante: …»), an exchange
    // («Principiante cambia 7 fichas.») or a pass.
    await heard.waitFor(/^Principiante\b/, { since, region: 'assertive' });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', section: 'Acciones' });
    await page.close();
  });
});
