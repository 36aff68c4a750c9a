import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    // One migrated, bootstrapped template database per run; each test app starts from a copy.
    globalSetup: ['packages/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file opens its own database; PGlite is single-threaded WASM, so a few workers at most.
    maxWorkers: 2,
  },
});
