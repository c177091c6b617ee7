import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Hang guards only: a loaded machine can be several times slower than a quiet one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
