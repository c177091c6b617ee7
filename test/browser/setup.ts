/**
 * The start every browser scenario file shares: one real `atril serve` and one Chromium for the
 * file, started before its tests and stopped after them (even when the start failed half-way).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { startServer, type TestServer } from './server.js';

/** The file's server and browser, set once its `beforeAll` has run. */
export interface ScenarioEnv {
  readonly server: TestServer;
  readonly browser: Browser;
}

/** Registers the file's start and stop; read `server` and `browser` inside tests only. */
export function serverAndBrowser(): ScenarioEnv {
  const env: { server?: TestServer; browser?: Browser } = {};
  beforeAll(async () => {
    env.server = await startServer();
    env.browser = await launchChromium();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return {
    get server() {
      if (!env.server) throw new Error('the server has not started');
      return env.server;
    },
    get browser() {
      if (!env.browser) throw new Error('the browser has not started');
      return env.browser;
    },
  };
}
