/**
 * Temporary directories for tests that go away on their own, so that a run of the suite leaves
 * nothing behind in the system's temporary folder. Here rather than in a `src/<module>/testing/`
 * folder because it belongs to no module: tests under src/ and under test/ both import it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * Makes a new empty directory in the system's temporary folder, named PREFIX followed by random
 * characters, and removes it with everything in it once whatever made it has finished.
 *
 * Called inside a test (or a `beforeEach`), it goes when that test finishes: `onTestFinished`,
 * which runs after the `afterEach` hooks, so a child process they stop no longer writes there.
 * Called in a `describe` body or at module level there is no test yet (`onTestFinished` throws
 * there), so it goes in an `afterAll` of that describe or of the file: once every test that
 * shares it has run.
 *
 * Not from a `beforeAll` or `afterAll` hook: there is no current test then, and an `afterAll`
 * registered after the file was collected never runs, so the directory would stay. Make it in
 * the enclosing describe body (or at module level) and fill it in the hook.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    afterAll(remove);
  }
  return dir;
}
