/**
 * The browser-test harness itself, on pages of its own: the server starts and restarts on the
 * same port, Chromium is launched (or a missing one named), live regions are heard as a
 * screen reader would hear them, keys arrive as a Spanish keyboard sends them, axe finds what
 * it must, and screenshots land on disk.
 */
import { existsSync, statSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { launchChromium, openPage } from './browser.js';
import { press } from './keys.js';
import { Announcer } from './liveRegions.js';
import { screenshot } from './screenshots.js';
import { startServer } from './server.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
  await browser?.close();
});

// A page served from a fake origin, so the recorder (an init script) runs as on a real one.
async function pageWith(html: string): Promise<Page> {
  const context = (await openPage(browser, 'about:blank')).context();
  await context.route('http://harness.test/', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
  );
  const page = context.pages()[0]!;
  await page.goto('http://harness.test/');
  return page;
}

const REGIONS = `<!doctype html><html lang="es"><title>Prueba</title><main>
<h1>Prueba</h1>
<div role="status" id="polite"></div>
<div aria-live="assertive" id="loud"></div>
<div role="log" aria-live="polite" id="chat"></div>
<script>
  const polite = document.getElementById('polite');
  const keys = [];
  addEventListener('keydown', (e) => {
    keys.push([e.key, e.code, e.shiftKey]);
    if (e.code === 'KeyT') { polite.textContent = ''; polite.textContent = 'Tu turno.'; }
    if (e.code === 'KeyC') document.getElementById('chat').textContent = 'Ana: hola';
    if (e.code === 'KeyA') document.getElementById('loud').textContent = 'Ana juega CASA.';
  });
  window.keys = keys;
</script></main></html>`;

describe('browser-test harness', () => {
  it('names a missing Chromium instead of skipping', async () => {
    await expect(launchChromium('/nonexistent/chromium')).rejects.toThrow(
      'Chromium is not installed at /nonexistent/chromium',
    );
  });

  it('hears polite and assertive regions, a repeated message twice, and never the chat log', async () => {
    const page = await pageWith(REGIONS);
    const heard = new Announcer(page);
    expect(await heard.after(() => press(page, 'KeyT'))).toBe('Tu turno.');
    expect(await heard.after(() => press(page, 'KeyT'))).toBe('Tu turno.');
    const since = await heard.mark();
    await press(page, 'KeyC');
    await press(page, 'KeyA');
    expect((await heard.waitFor('CASA', { since })).region).toBe('assertive');
    const said = await heard.all();
    expect(said.map((a) => `${a.region} ${a.text}`)).toEqual([
      'polite Tu turno.',
      'polite Tu turno.',
      'assertive Ana juega CASA.',
    ]);
    await expect(heard.waitFor('nunca', { timeout: 100 })).rejects.toThrow(
      'said instead:\n  [polite] Tu turno.',
    );
    await page.context().close();
  });

  it('presses keys as a Spanish keyboard sends them: Shift+7 is «/», Ñ has its own key', async () => {
    const page = await pageWith(REGIONS);
    for (const k of ['Shift+Digit1', 'Shift+Digit7', 'Shift+Semicolon', 'KeyT', 'Shift+KeyK'])
      await press(page, k);
    await press(page, 'ArrowRight');
    const keys = await page.evaluate<[string, string, boolean][]>('window.keys');
    expect(keys.filter((k) => k[0] !== 'Shift')).toEqual([
      ['!', 'Digit1', true],
      ['/', 'Digit7', true],
      ['Ñ', 'Semicolon', true],
      ['t', 'KeyT', false],
      ['K', 'KeyK', true],
      ['ArrowRight', 'ArrowRight', false],
    ]);
    await page.context().close();
  });

  it('finds serious axe violations on a broken page and none on a sound one', async () => {
    const bad = await pageWith(
      '<!doctype html><html><body><button></button><img src="x.png"></body></html>',
    );
    const found = (await seriousViolations(bad)).map((v) => v.id);
    expect(found).toEqual(expect.arrayContaining(['button-name', 'image-alt', 'html-has-lang']));
    await bad.context().close();
    const good = await pageWith(REGIONS);
    expect(await seriousViolations(good)).toEqual([]);
    const file = await screenshot(good, 'harness-self-test');
    expect(statSync(file).size).toBeGreaterThan(1000);
    await good.context().close();
  });

  it('runs atril serve on a fresh database and restarts it on the same port', async () => {
    const server = await startServer({ needsClient: false });
    try {
      const health = async () => (await fetch(`${server.url}/healthz`)).json();
      expect(await health()).toEqual({ status: 'ok', db: 'sqlite' });
      await server.restart();
      expect(await health()).toEqual({ status: 'ok', db: 'sqlite' });
      expect(server.logs.filter((l) => l['msg'] === 'atril serve ready')).toHaveLength(2);
    } finally {
      await server.stop();
    }
    expect(existsSync(server.dbFile)).toBe(false);
  });
});
