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

describe('the review read out', () => {
  // What the server would answer for this game, fixed so that every case is in it: a play
  // through a tile on the board, a digraph, blanks, a phony withdrawn, a pass (the cells that
  // QA heard as «punto» and «corchete», the blank's lower case unheard).
  const review = {
    turns: [
      {
        turn: 1,
        player: 'Bruno',
        played: { coord: 'G6', word: '[LL]E.AS', main: '[LL]EGAS', score: 20, equity: 20 },
        best: [],
        lost: 0,
      },
      {
        turn: 2,
        player: 'Ana',
        played: { coord: 'C7', word: 'F.RO', main: 'FERO', score: 7, equity: 7 },
        best: [{ coord: 'H8', word: '.TROFiCA', main: 'ATROFiCA', score: 98, equity: 98 }],
        lost: 91,
      },
      {
        turn: 3,
        player: 'Ana',
        played: { coord: 'H11', word: '.ETa', main: 'ZETa', score: 0, equity: 0, withdrawn: true },
        best: [{ coord: null, word: '-', score: 0, equity: 5 }],
        lost: 5,
      },
    ].map((t, k) => ({ ...t, played: { ...t.played, valid: k !== 2 } })),
    skipped: 0,
    players: [
      { nick: 'Bruno', turns: 1, lost: 0, worst: [] },
      {
        nick: 'Ana',
        turns: 2,
        lost: 91,
        worst: [{ turn: 2, coord: 'C7', word: 'F.RO', main: 'FERO', lost: 91 }],
      },
    ],
  };

  it('says each move in words as U does, shows the notation, and names the player as the result does', async () => {
    const bruno = await newPlayer(new URL(server.url).host, 'Bruno');
    bruno.c.send({ type: 'create', preset: 'fise', seats: ['open', 'invite'] });
    const created = await bruno.c.take('created');
    const gameId = created.gameId;
    const page = await openPage(
      browser,
      `${server.url}/#/partida/${gameId}?invitacion=${created.inviteTokens[0]!.token}`,
    );
    await page.route(`**/games/${gameId}/review`, (r) => r.fulfill({ json: review }));
    await enterName(page, 'Ana');
    await page.getByRole('heading', { name: /^Partida: Bruno contra Tú/ }).waitFor();
    const v = await bruno.c.viewAt(gameId, 1);
    expect(await act(bruno.c, gameId, { kind: 'resign', version: v.version })).toMatchObject({
      type: 'ack',
    });

    const section = page.getByRole('region', { name: 'Revisión de la partida' });
    await section.getByRole('button', { name: 'Ver la revisión' }).click();
    const moves = section.getByRole('table', { name: 'Jugada a jugada' });
    await moves.waitFor();
    const cells = async (row: number) =>
      (await moves.getByRole('row').nth(row).getByRole('cell').all()).map((c) =>
        c.evaluate((el) => ({
          // What a screen reader reads: the cell's text but for what is hidden from it.
          heard: [...el.childNodes]
            .map((n) =>
              n.nodeType === 1 && (n as typeof el).getAttribute('aria-hidden') === 'true'
                ? ''
                : n.textContent,
            )
            .join(''),
          seen: el.textContent,
        })),
      );
    const row = async (n: number) => Promise.all(await cells(n));

    // Heard in words: the tile on the board by its letter, the blank named, the digraph whole.
    const [, g6] = await row(1);
    expect(g6!.heard).toBe('G6 vertical, LLEGAS');
    const [who, c7, , best] = await row(2);
    expect(who!.heard).toBe('Tú (Ana)');
    expect(c7!.heard).toBe('C7 vertical, FERO');
    expect(best!.heard).toBe('H8 vertical, ATROFICA (i como comodín), 98 puntos');
    const [, h11, , pass] = await row(3);
    expect(h11!.heard).toBe(
      'H11 vertical, ZETA (a como comodín) (no está en el léxico) (retirada tras impugnarla)',
    );
    expect(pass!.heard).toBe('Pasar, 0 puntos');
    // Nothing of the notation reaches the ear: no dot, no bracket.
    for (const n of [1, 2, 3])
      for (const c of await row(n)) expect(c.heard).not.toMatch(/[.[\]]\S/);
    // The eye keeps the compact notation of the history.
    expect(c7!.seen).toContain('C7 F.RO');
    expect(best!.seen).toContain('H8 .TROFiCA (98)');
    expect(await moves.getByRole('cell', { name: 'C7 vertical, FERO' }).count()).toBe(1);

    const summary = section.getByRole('table', { name: 'Resumen por jugador' });
    expect(await summary.getByRole('rowheader').allTextContents()).toEqual(['Bruno', 'Tú (Ana)']);
    expect(
      await summary.getByRole('cell', { name: 'jugada 2, C7 vertical, FERO (−91,0)' }).count(),
    ).toBe(1);
    // The result's table names the seats as the review does.
    const result = page.getByRole('table', { name: 'Resultado' });
    const seats = await result.getByRole('rowheader').allTextContents();
    expect(seats.map((s) => s.split(' · ')[0])).toEqual(['Bruno', 'Tú (Ana)']);
    await page.context().close();
    bruno.c.close();
  });
});
