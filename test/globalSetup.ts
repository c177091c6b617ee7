/**
 * Vitest global setup: each run of the tests gets a folder of saved games of its own.
 *
 * `atril play` saves a game left unfinished (end of input, `salir`, a signal) under a fresh name
 * in `ATRIL_SAVE_DIR`. A fixed folder there gathered the games of every run for ever, and runs at
 * the same time shared it. Here each run makes a new empty folder before any test starts and
 * removes it, with everything in it, once every test file has finished.
 *
 * The folder goes through `process.env`, not through `provide`/`inject`: the global setup runs in
 * Vitest's main process before the test workers are started, and each worker starts with a copy
 * of this process's environment. So `process.env.ATRIL_SAVE_DIR` holds it in every test file, and
 * the `atril` processes the tests start (with `env: { ...process.env, ... }`) inherit it; `inject`
 * would reach only the test code. For the same reason it must not be in the `env` option of
 * vitest.config.ts as well: that is laid over this environment when the workers start.
 *
 * It replaces any `ATRIL_SAVE_DIR` of the shell that runs the tests: they must never write into
 * the user's own folder of saved games. Tests that need a folder of their own still set one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Makes this run's folder, sets ATRIL_SAVE_DIR to it and returns what removes it. */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'atril-test-saves-'));
  process.env.ATRIL_SAVE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
