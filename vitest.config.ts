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
    // A worker runs file after file in one process: the app's modules are evaluated and PGlite's WASM
    // compiled once per worker instead of once per file (in isolation those imports were about 40% of
    // the suite's time). Safe because each test builds its own app and database (createTestApp) and no
    // test mocks modules or changes the environment; a module-level cache (the CPU pool, a password
    // hash) is shared the way the running server shares it.
    isolate: false,
    // Room for a worker that has run many files: with the demo diamonds, a bootstrap with demo data
    // late in a worker's run met V8's default heap limit and killed the worker. Building and closing
    // a test app does not leak (eight in a row leave the heap at 58 MB after a GC, no exit listener
    // kept); the data-folder lock's exit listener is now removed on close, and bootstrap.test.ts runs
    // its demo bootstrap once instead of twice. Kept until a whole CI run shows it is not needed.
    execArgv: ['--max-old-space-size=6144'],
  },
});
