import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Hang guards only: a loaded machine can be several times slower than a quiet one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // `atril play` saves a game left unfinished; the tests' games go to a temporary folder that
    // test/globalSetup.ts makes for each run, puts in ATRIL_SAVE_DIR and removes at the end (not
    // in `env` here: that file says why).
    globalSetup: ['test/globalSetup.ts'],
  },
});
