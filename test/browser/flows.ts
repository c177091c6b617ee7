/**
 * A player's way through the lobby, by the names a screen reader reads (WEB-NOTES.md lists
 * the ones the web client promises): give a name once, start a game against the computer or a
 * room with friends, and arrive at the game page.
 */
import type { Locator, Page } from 'playwright-core';

/** Gives the display name the lobby asks for on a first visit (nothing if already known). */
export async function enterName(page: Page, name: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Tu nombre' });
  await field.waitFor();
  await field.fill(name);
  await page.getByRole('button', { name: 'Guardar nombre' }).click();
}

/** The game page's board, once it is drawn. */
export function board(page: Page): Locator {
  return page.getByRole('grid', { name: 'Tablero, 15 por 15' });
}

/** The id in a game page's address (…/#/partida/<id>). */
export function gameIdOf(page: Page): string {
  const m = /#\/partida\/([^/?#]+)/.exec(page.url());
  if (!m) throw new Error(`not a game page: ${page.url()}`);
  return decodeURIComponent(m[1]!);
}

/** Quick game against the computer from the lobby; resolves on the game page with its id. */
export async function startComputerGame(
  page: Page,
  opts: { level?: string; preset?: string; serverLogs?: readonly Record<string, unknown>[] } = {},
): Promise<string> {
  if (opts.level) await page.getByLabel('Nivel').selectOption(opts.level);
  if (opts.preset)
    await page
      .getByRole('region', { name: 'Partida rápida contra el ordenador' })
      .getByLabel('Reglas')
      .selectOption(opts.preset);
  await page.getByRole('button', { name: 'Jugar contra el ordenador' }).click();
  try {
    await page.waitForURL(/#\/partida\//);
  } catch (e) {
    // Say what the page said instead (a refused request is spoken, not shown as a page).
    // And what the server complained of: warnings and errors (pino levels 40 and up).
    const complaints = (opts.serverLogs ?? []).filter((l) => Number(l['level']) >= 40);
    throw new Error(
      `no game page after «Jugar contra el ordenador»; ${await liveText(page)}; ` +
        `the server's warnings and errors: ${JSON.stringify(complaints)}`,
      { cause: e },
    );
  }
  await board(page).waitFor();
  return gameIdOf(page);
}

/** The text of every live region and alert of the page, for a failure's message. */
async function liveText(page: Page): Promise<string> {
  const texts = await page
    .locator('[aria-live], [role="alert"], [role="status"]')
    .evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim()).filter((t) => t !== ''));
  return `the page's live regions say: ${JSON.stringify(texts)} (at ${page.url()})`;
}

/**
 * Creates a room with friends from the lobby and returns its invitation links, one per seat
 * to share ("Enlace para invitar (asiento N)").
 */
export async function createRoom(page: Page, opts: { seats?: number } = {}): Promise<string[]> {
  if (opts.seats) await page.getByLabel('Jugadores').selectOption(String(opts.seats));
  await page.getByRole('button', { name: 'Crear sala' }).click();
  const links = page.getByRole('textbox', { name: /^Enlace para invitar/ });
  await links.first().waitFor();
  const out: string[] = [];
  for (const link of await links.all()) out.push(await link.inputValue());
  return out;
}

/** Focuses the board's cursor cell, where command keys are read (focus in no text field). */
export async function focusBoard(page: Page): Promise<void> {
  await board(page).locator('[role=gridcell][tabindex="0"]').focus();
}
