import { defineConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/**
 * The files that take longest: a server process killed and restarted, the parts of the hostile-input
 * walk, the bootstrap with demo data, the mutation XSS list, the diamond list's index. Two workers take
 * files from one queue; started first, the long files end while short ones still fill the other
 * worker, instead of one worker running a long file alone at the end. Vitest orders by the durations
 * of the last run when it has them (node_modules/.vite), but CI's `npm ci` starts without them, and
 * then it orders by file size, which puts these short files last.
 */
const LONG_RUNNING_FILES = [/-kill\.test\.ts$/, /\/hostile-input-[\w-]+\.test\.ts$/, /\/bootstrap\.test\.ts$/, /\/rich-text-fields\.test\.ts$/, /\/diamond-list-index\.test\.ts$/];

class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONG_RUNNING_FILES.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    // One migrated, bootstrapped template database per run; each test app starts from a copy.
    globalSetup: ['packages/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file opens its own database; PGlite is single-threaded WASM, so a few workers at most.
    maxWorkers: 2,
    sequence: { sequencer: LongRunningFirst },
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
