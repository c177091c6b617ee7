/**
 * Issue 13 §5 in the browser: the post-game review on the game page. Two people play a short
 * game over the protocol (WebSocket clients) while a third watches in Chromium: no review
 * during play; once one resigns, the page offers "Revisión de la partida", fetches it on a
 * key press, says so in the live region, and shows one table row per reviewed move and a
 * summary per player — with no serious axe violation in that state. And the lobby offers the
 * `campeon` level as «Campeón».
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lexicon, loadDefaultLexicon } from '../../src/lexicon/index.js';
import { type Client, goodMove, newPlayer } from '../../src/server/testing/rooms.js';
import { describeViolations, seriousViolations } from './axe.js';
import { DESKTOP, launchChromium, openPage, PHONE } from './browser.js';
import { enterName, startComputerGame } from './flows.js';
import { Announcer } from './liveRegions.js';
import { screenshot } from './screenshots.js';
import { startServer, type TestServer } from './server.js';

let server: TestServer;
let browser: Browser;
let lex: Lexicon;
beforeAll(async () => {
  const loaded = loadDefaultLexicon();
  if (!loaded.ok) throw new Error(loaded.error.code);
  lex = loaded.value;
  server = await startServer();
  browser = await launchChromium();
});
afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await browser?.close();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await server?.stop();
});

/** Sends an action for the client's seat and resolves to the answer (ack or error). */
async function act(c: Client, gameId: string, action: Record<string, unknown>) {
  c.send({ type: 'act', gameId, action });
  return c.answer(gameId);
}

const reviewHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Revisión de la partida', level: 2 });

describe('campeon in the lobby', () => {
  it('the level select offers the four levels, Campeón the strongest, and seats it', async () => {
    const page = await openPage(browser, server.url);
    await enterName(page, 'Ana');
    const level = page.getByLabel('Nivel');
    expect(await level.locator('option').allTextContents()).toEqual([
      'Principiante',
      'Aficionado',
      'Experto',
      'Campeón',
    ]);
    await startComputerGame(page, { level: 'campeon' });
    await page.getByRole('heading', { name: 'Partida: Tú contra Campeón' }).waitFor();
    await page.context().close();
  });
});

describe('post-game review', () => {
  it('appears only after the end; a keypress fetches it and its tables list every move', async () => {
    const base = new URL(server.url).host;
    const bruno = await newPlayer(base, 'Bruno');
    bruno.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const created = await bruno.c.take('created');
    const gameId = created.gameId;
    const carla = await newPlayer(base, 'Carla');
    carla.c.send({ type: 'join', gameId, seatToken: created.inviteTokens[0]!.token });
    await carla.c.viewAt(gameId, 0);

    // Olga watches in the browser while the game is played: no review is offered.
    const page = await openPage(browser, `${server.url}/#/partida/${gameId}`);
    await enterName(page, 'Olga');
    await page.getByRole('heading', { name: /^Partida: Bruno contra Carla/ }).waitFor();
    const heard = new Announcer(page);

    const people = [bruno.c, carla.c];
    let v = await bruno.c.viewAt(gameId, 1);
    while (v.history.length < 4) {
      expect(await reviewHeading(page).count()).toBe(0);
      const c = people[v.turn]!;
      const own = await c.viewAt(gameId, v.version);
      const answer = await act(c, gameId, { ...goodMove(lex, own), version: own.version });
      expect(answer).toMatchObject({ type: 'ack' });
      v = await bruno.c.viewAt(gameId, (answer as { version: number }).version);
    }
    expect(await act(carla.c, gameId, { kind: 'resign', version: v.version })).toMatchObject({
      type: 'ack',
    });

    await reviewHeading(page).waitFor();
    const section = page.getByRole('region', { name: 'Revisión de la partida' });
    const show = section.getByRole('button', { name: 'Ver la revisión' });
    // By keyboard: the button takes focus and Enter asks for the review.
    await show.focus();
    const since = await heard.mark();
    await page.keyboard.press('Enter');
    await heard.waitFor('Preparando la revisión de la partida', { since, region: 'polite' });
    await heard.waitFor('Revisión lista: 4 jugadas analizadas.', {
      since,
      region: 'polite',
      timeout: 60_000,
    });

    const moves = section.getByRole('table', { name: /^Jugada a jugada/ });
    const rows = moves.getByRole('row');
    expect(await rows.count()).toBe(1 + 4); // the header row and one per move
    const header = await rows.first().getByRole('columnheader').allTextContents();
    expect(header).toEqual([
      'N.º',
      'Jugador',
      'Jugada hecha',
      'Puntos',
      'Mejor alternativa (puntos)',
      'Equidad',
      'Puntos perdidos',
    ]);
    const names = await moves.locator('tbody tr td:first-of-type').allTextContents();
    expect(new Set(names)).toEqual(new Set(['Bruno', 'Carla']));
    // Each move is written as the history writes it: a coordinate and a word, or, when the
    // player's rack offered nothing better, an exchange or a pass.
    for (const text of await moves.locator('tbody tr td:nth-of-type(2)').allTextContents())
      expect(text).toMatch(/^(([0-9]{1,2}[A-O]|[A-O][0-9]{1,2}) \S+|Cambiar \S+|Pasar)/);
    const summary = section.getByRole('table', { name: 'Resumen por jugador' });
    expect(await summary.getByRole('rowheader').allTextContents()).toEqual(['Bruno', 'Carla']);
    // The button pressed gave way to the tables: the focus is on them (a region that scrolls
    // sideways on a phone), not lost at the top of the page.
    await page.waitForFunction("document.activeElement?.id === 'revision-tabla'");
    expect(await page.getByRole('region', { name: /^Jugada a jugada/ }).getAttribute('id')).toBe(
      'revision-tabla',
    );

    for (const [screen, size] of [
      ['escritorio', DESKTOP],
      ['movil', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      const found = await seriousViolations(page);
      expect(found, `${screen}, game over with its review:\n${describeViolations(found)}`).toEqual(
        [],
      );
      await screenshot(page, `revision-${screen}`);
    }
    await page.context().close();
    bruno.c.close();
    carla.c.close();
  });
});
