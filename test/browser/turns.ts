/**
 * Waiting for a seat's turn in a real game: the committed state is polled from the server's
 * database (the page may lag it by a message), then the page is asked with T until it agrees.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { GameState } from '../../src/engine/gameState.js';
import type { GameView } from '../../src/engine/view.js';
import { openPage } from './browser.js';
import { enterName, focusBoard, startComputerGame } from './flows.js';
import { committedGame } from './oracle.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import type { ScenarioEnv } from './setup.js';

/** Resolves with the committed state once it is `seat`'s turn or the game is over. */
export async function untilTurnOf(
  dbFile: string,
  gameId: string,
  seat: number,
  timeoutMs = 60_000,
): Promise<GameState> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { state } = await committedGame(dbFile, gameId);
    if (state.result !== null || state.turn === seat) return state;
    if (Date.now() > end) throw new Error(`seat ${seat}'s turn never came in game ${gameId}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Presses T until the page says `expected` (it may not have heard the last move yet): as the
 * key's reply, or at the end of a message held behind the player's own play that the key let
 * out (the reply then leaves out what that message just said).
 */
export async function pageSays(
  page: Page,
  heard: Announcer,
  key: string,
  expected: string,
): Promise<void> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const since = await heard.mark();
    await press(page, key);
    const end = Date.now() + 10_000;
    let said: { region: string; text: string }[] = [];
    while (said.length === 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      said = (await heard.all()).slice(since).filter((a) => a.region !== 'focus');
    }
    if (
      said.some((a) =>
        a.region === 'polite' ? a.text === expected : a.text.endsWith(` ${expected}`),
      )
    )
      return;
    last = said.map((a) => `[${a.region}] ${a.text}`).join(' ') || '(nothing)';
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${key} kept saying «${last}», not «${expected}»`);
}

/**
 * By keys, when no word is wanted: changes every tile (G, Shift+digit each, G) when the bag
 * allows it, else passes (P twice), checking what each key says.
 */
export async function exchangeAllOrPass(
  say: (key: string) => Promise<string>,
  view: GameView,
): Promise<void> {
  if (view.canExchange) {
    expect(await say('KeyG')).toContain('Modo cambio');
    for (let n = 1; n <= view.rack!.length; n++) await say(`Shift+Digit${n}`);
    expect(await say('KeyG')).toMatch(/^Has cambiado \d+ fichas?\. Robas: [^.]+\.$/);
  } else {
    expect(await say('KeyP')).toBe('¿Pasar? Pulsa P otra vez.');
    expect(await say('KeyP')).toBe('Has pasado.');
  }
}

/**
 * A person's game against the beginner computer, played by keyboard: the page opened and
 * named, the game started, the board focused, and its first turn waited for until T says so.
 */
export async function keyboardGameOnTurn(env: ScenarioEnv, name: string) {
  const page = await openPage(env.browser, env.server.url);
  await enterName(page, name);
  const id = await startComputerGame(page, { level: 'principiante' });
  await focusBoard(page);
  const heard = new Announcer(page);
  const me = (await committedGame(env.server.dbFile, id)).bots.indexOf(false);
  const state = await untilTurnOf(env.server.dbFile, id, me);
  await pageSays(page, heard, 'KeyT', 'Tu turno.');
  return { page, id, heard, me, state };
}
