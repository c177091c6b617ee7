/**
 * The entrance's small answers: each seat's «Copiar enlace» names its seat and says it copied,
 * every time it is pressed; a browser that will not copy leaves the link selected and says how
 * to copy it by hand; the player's own open room offers «Seguir», never «Unirse»; and
 * «Actualizar» says what it found; a room form with a wrong number, and an address that names no
 * game, are said; «Cambiar de nombre» renames the player; a player waiting here hears a friend
 * arrive, the turn come to them and their game end, which moves to «Partidas terminadas», listed
 * there by the server from then on, to be opened.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './axe.js';
import { newPlayer } from './browser.js';
import { board, createRoom, enterName, focusBoard, gameIdOf } from './flows.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { committedGame } from './oracle.js';
import { untilTurnOf } from './turns.js';
import { serverAndBrowser } from './setup.js';

const env = serverAndBrowser();

async function lobbyPage(name: string, init?: string): Promise<Page> {
  const context = await newPlayer(env.browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: env.server.url,
  });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(env.server.url);
  await enterName(page, name);
  return page;
}

/** Makes a room for two from the lobby, for one invited friend: its invitation and its id. */
async function twoSeatRoom(page: Page): Promise<{ link: string; gameId: string }> {
  const [link] = await createRoom(page, { seats: 2 });
  return { link: link!, gameId: /#\/partida\/([^/?]+)/.exec(link!)![1]! };
}

/** Makes an open room from the lobby and comes back: its entry in «Salas abiertas». */
async function ownOpenRoom(page: Page): Promise<Locator> {
  await page.getByLabel(/^Sala abierta/).check();
  await page.getByRole('button', { name: 'Crear sala' }).click();
  await page.waitForURL(/#\/partida\//);
  const gameId = gameIdOf(page);
  await page.goto(`${env.server.url}/#/`);
  return page
    .getByRole('region', { name: 'Salas abiertas' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href^="#/partida/${gameId}"]`) });
}

describe('lobby', () => {
  it('«Copiar enlace» names its seat, copies, and says so on every press', async () => {
    const page = await lobbyPage('Ana');
    const heard = new Announcer(page);
    const links = await createRoom(page, { seats: 3 });
    const copy = page.getByRole('button', { name: 'Copiar enlace del asiento 3' });
    expect(await page.getByRole('button', { name: /^Copiar enlace/ }).count()).toBe(2);
    for (let press = 0; press < 2; press++) {
      const since = await heard.mark();
      await copy.click();
      await heard.waitFor('Enlace del asiento 3 copiado.', { since, region: 'polite' });
    }
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(links[1]);
    await page.context().close();
  });

  it('a browser that will not copy leaves the link selected and says how to copy it', async () => {
    // A page on a plain http address of the local network: no clipboard, and the old copy
    // command refused.
    const page = await lobbyPage(
      'Bruno',
      `Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
       document.execCommand = () => false;`,
    );
    const heard = new Announcer(page);
    const links = await createRoom(page);
    const since = await heard.mark();
    await page.getByRole('button', { name: 'Copiar enlace del asiento 2' }).click();
    await heard.waitFor(/^Este navegador no deja copiar desde la página/, {
      since,
      region: 'assertive',
    });
    // The field of seat 2 has the focus, its whole link selected.
    expect(await page.evaluate('document.activeElement.id')).toBe('invitacion-1');
    expect(
      await page.evaluate(
        '(({ value, selectionStart, selectionEnd }) => value.slice(selectionStart, selectionEnd))(document.activeElement)',
      ),
    ).toBe(links[0]);
    await page.context().close();
  });

  it('a clock that is not a whole number of minutes is refused in the form, said and marked on the field', async () => {
    const page = await lobbyPage('Diego');
    const heard = new Announcer(page);
    const clock = page.getByLabel(/^Reloj/);
    await clock.fill('1e1');
    const since = await heard.mark();
    await page.getByRole('button', { name: 'Crear sala' }).click();
    await heard.waitFor(
      'El reloj necesita un número entero de minutos, de 1 a 180, o nada para jugar sin reloj.',
      { since, region: 'assertive' },
    );
    expect(await page.evaluate('document.activeElement.id')).toBe('reloj');
    expect(await clock.getAttribute('aria-invalid')).toBe('true');
    expect(await clock.evaluate((el) => el.getAttribute('aria-describedby'))).toBe('reloj-error');
    expect(await page.getByRole('textbox', { name: /^Enlace para invitar/ }).count()).toBe(0);
    const found = await seriousViolations(page);
    expect(found, `a field marked wrong:\n${describeViolations(found)}`).toEqual([]);
    // Mended, the room is made with ten minutes a player.
    await clock.fill('10');
    const links = await createRoom(page);
    expect(links).toHaveLength(1);
    expect(await clock.getAttribute('aria-invalid')).toBeNull();
    await page.context().close();
  });

  it('an address that names no game says so on the lobby instead of showing it silently', async () => {
    const page = await lobbyPage('Elena');
    const heard = new Announcer(page);
    const since = await heard.mark();
    await page.goto(`${env.server.url}/#/partida/abc 123`);
    const text =
      'La dirección «#/partida/abc 123» no es de ninguna partida (¿se cortó el enlace al copiarlo?): estás en la entrada.';
    await heard.waitFor(text, { since, region: 'assertive' });
    await page.locator('main').getByText(text).waitFor();
    expect(
      await page.getByRole('heading', { name: 'Partida rápida contra el ordenador' }).count(),
    ).toBe(1);
    await page.context().close();
  });

  it('the player’s own open room offers «Seguir», not «Unirse»; «Actualizar» says what it found', async () => {
    const page = await lobbyPage('Carla');
    const room = await ownOpenRoom(page);
    await room.getByRole('link', { name: /^Seguir: / }).waitFor();
    expect(await room.getByRole('link').count()).toBe(1);

    const heard = new Announcer(page);
    const since = await heard.mark();
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await heard.waitFor('Lista actualizada: una partida sin terminar.', {
      since,
      region: 'polite',
    });
    await page.context().close();
  });

  it('«Cambiar de nombre» renames the player: said, shown, kept after a reload, and on their open room', async () => {
    const page = await lobbyPage('Ana');
    const room = await ownOpenRoom(page);
    await room.getByRole('link', { name: /^Seguir: Ana,/ }).waitFor();

    const heard = new Announcer(page);
    // Escape leaves the name as it was, and the focus on the button.
    await page.getByRole('button', { name: 'Cambiar de nombre' }).click();
    const field = page.getByRole('textbox', { name: 'Tu nuevo nombre' });
    expect(await field.inputValue()).toBe('Ana');
    expect(await page.evaluate('document.activeElement.id')).toBe('nombre-nuevo');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cambiar de nombre' }).waitFor();
    await page.waitForFunction('document.activeElement.textContent === "Cambiar de nombre"');

    await page.getByRole('button', { name: 'Cambiar de nombre' }).click();
    await field.fill('Ana María');
    const since = await heard.mark();
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await heard.waitFor('Ahora te llamas Ana María.', { since, region: 'polite' });
    await page.getByText('Hola, Ana María.').waitFor();
    // The server renamed her seat: the lobby shows the room under the new name.
    await room.getByRole('link', { name: /^Seguir: Ana María,/ }).waitFor();
    await page.reload();
    await page.getByText('Hola, Ana María.').waitFor();
    await room.getByRole('link', { name: /^Seguir: Ana María,/ }).waitFor();
    await page.context().close();
  });

  it('a name said wrong is no longer in the assertive region once it is typed right', async () => {
    const page = await (await newPlayer(env.browser)).newPage();
    await page.goto(env.server.url);
    const alerts = page.locator('#avisos');
    const hint = page.locator('#nombre-ayuda');
    // The first visit's form: an empty name is said wrong, and a right one takes it back.
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await page.waitForFunction(
      'document.getElementById("avisos").textContent === "Escribe un nombre de 1 a 40 caracteres."',
    );
    expect(await hint.textContent()).toBe('Escribe un nombre de 1 a 40 caracteres.');
    await page.getByRole('textbox', { name: 'Tu nombre' }).fill('Ana');
    expect(await alerts.textContent()).toBe('');
    expect(await hint.textContent()).toMatch(/^Es el nombre que verán los demás jugadores/);
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await page.getByRole('button', { name: 'Cambiar de nombre' }).waitFor();
    expect(await alerts.textContent()).toBe('');
    // «Cambiar de nombre»: the same, and the renaming succeeds with nothing stale left.
    await page.getByRole('button', { name: 'Cambiar de nombre' }).click();
    const field = page.getByRole('textbox', { name: 'Tu nuevo nombre' });
    await field.fill('   ');
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await page.waitForFunction(
      'document.getElementById("avisos").textContent === "Escribe un nombre de 1 a 40 caracteres."',
    );
    await field.fill('Ana María');
    expect(await alerts.textContent()).toBe('');
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await page.getByRole('button', { name: 'Cambiar de nombre' }).waitFor();
    expect(await page.locator('#anuncios').textContent()).toBe('Ahora te llamas Ana María.');
    expect(await alerts.textContent()).toBe('');
    await page.context().close();
  });

  it('a name typed past 40 characters is said as it crosses the limit, kept whole, and refused until shortened', async () => {
    const page = await (await newPlayer(env.browser)).newPage();
    await page.goto(env.server.url);
    const heard = new Announcer(page);
    const field = page.getByRole('textbox', { name: 'Tu nombre' });
    const hint = page.locator('#nombre-ayuda');
    expect(await field.getAttribute('aria-describedby')).toBe('nombre-ayuda');
    expect(await hint.textContent()).toContain('hasta 40 caracteres');
    const since = await heard.mark();
    await field.focus();
    // Typed key by key, as a person does: the 41st key is the one that is told.
    await page.keyboard.type('Ana María de los Ángeles Fernández Rodrí', { delay: 5 });
    expect(await field.inputValue()).toHaveLength(40);
    expect(await heard.all()).toHaveLength(since);
    await page.keyboard.type('guez', { delay: 5 });
    // Nothing is cut: the field holds all 44, as the screen reader echoed them.
    expect(await field.inputValue()).toBe('Ana María de los Ángeles Fernández Rodríguez');
    const said = (await heard.all()).slice(since);
    expect(said.map((a) => `${a.region} ${a.text}`)).toEqual([
      'assertive Caben 40 caracteres y el nombre tiene 41: sobra 1.',
    ]);
    // The field is marked wrong, and its description counts what is left to remove.
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await hint.textContent()).toBe('Caben 40 caracteres y el nombre tiene 44: sobran 4.');
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await heard.waitFor('Caben 40 caracteres y el nombre tiene 44: sobran 4.', {
      since,
      region: 'assertive',
    });
    expect(await field.isVisible()).toBe(true);
    // Shortened to fit, the warnings go; the name is taken.
    await field.fill('Ana María de los Ángeles Fernández');
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    expect(await hint.textContent()).toMatch(/^Es el nombre que verán los demás jugadores/);
    expect(await page.locator('#avisos').textContent()).toBe('');
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await heard.waitFor('Hola, Ana María de los Ángeles Fernández.', { since, region: 'polite' });
    await page.context().close();
  });

  it('the host waiting in the lobby hears a friend arrive, and finds the game under «Mis partidas»', async () => {
    const ana = await lobbyPage('Ana');
    const heard = new Announcer(ana);
    const { link, gameId } = await twoSeatRoom(ana);
    // Her room is hers already: «Mis partidas» lists it, and the open list offers «Seguir».
    const mine = ana.getByRole('region', { name: 'Mis partidas' });
    await mine.locator(`a[href="#/partida/${gameId}"]`).waitFor();
    const since = await heard.mark();
    // Bea opens the link in a browser that has never been here: before her name, the page
    // says she was invited.
    const bea = await (await newPlayer(env.browser)).newPage();
    await bea.goto(link);
    await bea.getByText('Te han invitado a una partida de Scrabble').waitFor();
    await enterName(bea, 'Bea');
    await heard.waitFor('Bea ha llegado a tu sala. Tu partida está en «Mis partidas».', {
      since,
      region: 'assertive',
    });
    const room = ana
      .getByRole('region', { name: 'Salas abiertas' })
      .getByRole('listitem')
      .filter({ has: ana.locator(`a[href^="#/partida/${gameId}"]`) });
    await room.getByRole('link', { name: /^Seguir: Ana, Bea/ }).waitFor();
    expect(await room.getByRole('link').count()).toBe(1);
    // Her link has done its work: it goes from the room's invitations, and the focus it had
    // goes to «Ir a la partida».
    const invites = ana.getByRole('group', { name: 'Invitaciones' });
    await invites.getByText('Ya han llegado todos los invitados.').waitFor();
    expect(await invites.getByRole('textbox').count()).toBe(0);
    await expect
      .poll(() => ana.evaluate<string | null>('document.activeElement?.textContent'))
      .toBe('Ir a la partida');
    await ana.context().close();
    await bea.context().close();
  });

  it('another invitation typed into the address of a refused one is read again; a seat taken offers to watch', async () => {
    const ana = await lobbyPage('Ana');
    const links = await createRoom(ana, { seats: 3 });
    const gameId = /#\/partida\/([^/?]+)/.exec(links[0]!)![1]!;
    const bea = await (await newPlayer(env.browser)).newPage();
    await bea.goto(links[0]!);
    await enterName(bea, 'Bea');
    await board(bea).waitFor();

    // Carla has a link that was cut when it was copied: it is not this game's invitation.
    const carla = await lobbyPage('Carla');
    const heard = new Announcer(carla);
    let since = await heard.mark();
    await carla.evaluate(`location.hash = '#/partida/${gameId}?invitacion=ats_cortado'`);
    await heard.waitFor('Esa invitación no vale para esta partida.', {
      since,
      region: 'assertive',
    });
    const shown = carla.getByRole('main');
    await shown.getByText('Esa invitación no vale para esta partida.').waitFor();
    expect(await carla.getByRole('link', { name: 'Mirar la partida' }).count()).toBe(0);

    // She pastes Bea's link over it, without reloading: the page asks again and says why not.
    since = await heard.mark();
    await carla.evaluate(`location.hash = ${JSON.stringify(new URL(links[0]!).hash)}`);
    await heard.waitFor(
      'El asiento 2 ya lo ocupa otra persona. Puedes mirarla con el enlace «Mirar la partida».',
      { since, region: 'assertive' },
    );
    await shown.getByText('El asiento 2 ya lo ocupa otra persona.').waitFor();
    expect(await shown.getByText('Esa invitación no vale').count()).toBe(0);
    // She may watch the game instead, as «Mirar» in the lobby lets her.
    await carla.getByRole('link', { name: 'Mirar la partida' }).click();
    await board(carla).waitFor();
    await carla.getByText('Estás mirando la partida.').waitFor();
    for (const page of [ana, bea, carla]) await page.context().close();
  });

  it('the links of a room made here wait at its table for the seats not taken, after a reload too, and go once all are', async () => {
    const ana = await lobbyPage('Ana');
    const links = await createRoom(ana, { seats: 3 });
    const gameId = /#\/partida\/([^/?]+)/.exec(links[0]!)![1]!;
    const heard = new Announcer(ana);
    const arrived = await heard.mark();
    await ana.getByRole('link', { name: 'Ir a la partida' }).click();
    await board(ana).waitFor();
    // Arriving says where they are, after whose turn it is and who is missing.
    await heard.waitFor(
      /Faltan 2 jugadores por llegar.* Sus enlaces de invitación están en la sección «Invitaciones»\.$/,
      { since: arrived },
    );
    const invites = ana.getByRole('region', { name: 'Invitaciones' });
    const shown = async (): Promise<string[]> =>
      Promise.all((await invites.getByRole('textbox').all()).map((f) => f.inputValue()));
    await invites.getByText('Faltan invitados por llegar').waitFor();
    expect(await shown()).toEqual(links);
    await ana.reload();
    await board(ana).waitFor();
    expect(await shown()).toEqual(links);
    const found = await seriousViolations(ana);
    expect(found, `the table with its invitations:\n${describeViolations(found)}`).toEqual([]);
    // Bea takes seat 2: only seat 3's link is left, and it copies. The focus, on seat 2's copy
    // button, goes to seat 3's.
    await invites.getByRole('button', { name: 'Copiar enlace del asiento 2' }).focus();
    const bea = await (await newPlayer(env.browser)).newPage();
    await bea.goto(links[0]!);
    await enterName(bea, 'Bea');
    await board(bea).waitFor();
    await invites.getByText('Falta un invitado por llegar').waitFor();
    expect(await shown()).toEqual([links[1]]);
    await expect
      .poll(() => ana.evaluate<string | null>("document.activeElement?.getAttribute('aria-label')"))
      .toBe('Copiar enlace del asiento 3');
    await invites.getByRole('button', { name: 'Copiar enlace del asiento 3' }).click();
    expect(await ana.evaluate<string>('navigator.clipboard.readText()')).toBe(links[1]);
    // Carla takes the last: nothing left to share, now or after a reload. The focus, on its
    // copy button, goes to the board rather than to the page.
    await invites.getByRole('button', { name: 'Copiar enlace del asiento 3' }).focus();
    const carla = await (await newPlayer(env.browser)).newPage();
    await carla.goto(links[1]!);
    await enterName(carla, 'Carla');
    await board(carla).waitFor();
    await invites.waitFor({ state: 'detached' });
    await expect
      .poll(() => ana.evaluate<string | null>("document.activeElement?.getAttribute('role')"))
      .toBe('gridcell');
    await ana.reload();
    await board(ana).waitFor();
    await ana.getByRole('region', { name: 'Marcador' }).getByText('Carla').waitFor();
    expect(await invites.count()).toBe(0);
    expect(await ana.evaluate<string>('localStorage.getItem("atril.invites")')).not.toContain(
      gameId,
    );
    for (const p of [ana, bea, carla]) await p.context().close();
  });

  it('a room made in another tab of the same browser shows up in this tab’s «Mis partidas» as well', async () => {
    const ana = await lobbyPage('Ana');
    const tab = await ana.context().newPage();
    await tab.goto(env.server.url);
    await tab.getByRole('main').getByText('Hola, Ana.').waitFor();
    const { gameId } = await twoSeatRoom(ana);
    await tab
      .getByRole('region', { name: 'Mis partidas' })
      .locator(`a[href="#/partida/${gameId}"]`)
      .waitFor();
    // Hers, so «Salas abiertas» offers to go back to it, not to watch it.
    const room = tab
      .getByRole('region', { name: 'Salas abiertas' })
      .getByRole('listitem')
      .filter({ has: tab.locator(`a[href^="#/partida/${gameId}"]`) });
    await room.getByRole('link', { name: /^Seguir: / }).waitFor();
    expect(await room.getByRole('link', { name: /^Mirar: / }).count()).toBe(0);
    await ana.context().close();
  });

  it('the player waiting in the lobby hears their turn come and their game end; «Ver» opens the ended game', async () => {
    const ana = await lobbyPage('Ana');
    const heard = new Announcer(ana);
    const { link, gameId } = await twoSeatRoom(ana);
    const bea = await (await newPlayer(env.browser)).newPage();
    const beaHeard = new Announcer(bea);
    await bea.goto(link);
    await enterName(bea, 'Bea');
    await board(bea).waitFor();
    // Ana made the room and stayed here: she is not at its table (a claim could end her game).
    await beaHeard.waitFor('Ana ya no está en la mesa.');
    const mine = ana.getByRole('region', { name: 'Mis partidas' });
    const line = mine
      .getByRole('listitem')
      .filter({ has: ana.locator(`a[href="#/partida/${gameId}"]`) });
    // Who plays first was drawn. When it is Ana, she passes at the table and comes back, so
    // that the turn can come to her while she waits here.
    const { state } = await committedGame(env.server.dbFile, gameId);
    if (state.turn === 0) {
      await ana.goto(`${env.server.url}/#/partida/${gameId}`);
      await board(ana).waitFor();
      await pass(ana);
      await ana.goto(`${env.server.url}/#/`);
    }
    await line
      .getByRole('link', { name: 'Seguir: Ana, Bea · FISE (torneo) · turno de Bea' })
      .waitFor();
    const since = await heard.mark();
    await untilTurnOf(env.server.dbFile, gameId, 1);
    await pass(bea);
    await heard.waitFor(
      'Te toca en tu partida con Bea: si no vas a la mesa, a los 2 minutos pueden reclamártela.',
      { since, region: 'polite' },
    );
    await line.getByRole('link', { name: 'Seguir: Ana, Bea · FISE (torneo) · te toca' }).waitFor();
    // Set apart on the screen too.
    expect(await line.locator('strong').textContent()).toBe('te toca');

    // Bea gives up: Ana hears it at once, and the game moves to her finished ones, to be read.
    // Her focus, on the game's «Seguir» in «Salas abiertas», which it leaves, goes to it there.
    await ana
      .getByRole('region', { name: 'Salas abiertas' })
      .locator(`a[href="#/partida/${gameId}"]`)
      .focus();
    const ended = await heard.mark();
    await bea.getByRole('button', { name: 'Abandonar' }).click();
    await bea
      .getByRole('dialog', { name: '¿Abandonar la partida?' })
      .getByRole('button', { name: 'Sí, abandonar' })
      .click();
    await heard.waitFor(
      'Ha terminado tu partida con Bea. Bea abandona. Has ganado: Tú 0, Bea 0. Puedes verla en «Partidas terminadas».',
      { since: ended, region: 'assertive' },
    );
    const finished = ana.getByRole('region', { name: 'Partidas terminadas' });
    // With when it ended, by the page's clock (a minute's turn may pass midnight).
    const row =
      /^Ver: Ana, Bea · FISE \(torneo\) · terminada (hoy|ayer) a las? \d{1,2}:\d{2} \(Bea abandonó\), has ganado: Tú 0, Bea 0$/;
    const see = finished.getByRole('link', { name: row });
    await see.waitFor();
    await mine.getByText('No tienes partidas sin terminar.').waitFor();
    await expect
      .poll(() => ana.evaluate<string | null>("document.activeElement?.getAttribute('aria-label')"))
      .toMatch(row);
    const found = await seriousViolations(ana);
    expect(found, `the lobby with an ended game:\n${describeViolations(found)}`).toEqual([]);
    const opened = await heard.mark();
    await see.click();
    // Opened to be read: how it ended and who won, without asking.
    await heard.waitFor('Bea abandona. Fin de la partida. Has ganado: Tú 0, Bea 0.', {
      since: opened,
      region: 'polite',
    });
    // Back in the lobby, later: the server lists it among her finished games.
    await ana.goto(`${env.server.url}/#/`);
    await ana.reload();
    await see.waitFor();
    await ana.context().close();
    await bea.context().close();
  });
});

/** Passes at the game page by keys (P twice), once the page says it is the player's turn. */
async function pass(page: Page): Promise<void> {
  await focusBoard(page);
  const heard = new Announcer(page);
  const since = await heard.mark();
  await press(page, 'KeyP');
  await heard.waitFor('¿Pasar? Pulsa P otra vez.', { since });
  await press(page, 'KeyP');
  await heard.waitFor('Has pasado.', { since });
}
