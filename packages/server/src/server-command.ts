/**
 * How a Facet server process starts, in one place: `npm start` (scripts/start.mjs), the browser
 * journeys' server (e2e/global-setup.ts), the kill -9 tests (test/server-process.ts) and the benches
 * that measure the server as it runs.
 *
 * The server runs on Node's own TypeScript type stripping, with no loader: the server and contract
 * packages use only syntax that erases (their tsconfig's `erasableSyntaxOnly`, `verbatimModuleSyntax`).
 * Under tsx it started in 15 s on a loaded 2-core machine, on Node alone in under 10, and held about
 * 10 MB less.
 */

/**
 * A full collection once the old generation has grown 30% over what survived the last one, instead of
 * V8's own factor (up to 4x on a small heap). Exports one after another promote some of their rows'
 * garbage, which then waited for a full collection: 100,000-customer exports took the server from 287
 * to 312 MB in three runs; with this it went 277 to 290 MB over eight, as fast (40,000-60,000 rows/s).
 */
const OLD_SPACE_GROWTH = ['--heap-growing-percent=30'];

/**
 * V8's young generation capped at 16 MB a semi-space. Node 24 sizes it from the machine's memory
 * (up to 64 MB a semi-space on 24 GB), so a server that had allocated briefly at start (importing
 * drizzle-orm alone takes RSS from 47 MB to 173 MB) kept about 150 MB of empty new space for good:
 * 404 MB idle on PostgreSQL. Capped, it idles at about 230 MB, peaks at about 272 MB through a
 * 100,000-row export job, and served an authenticated small list faster, not slower (wrk -t2 -c20:
 * 4,761-5,709 requests/s against 2,445-2,548 uncapped, on a loaded 2-core machine; a smaller young
 * generation stays in the CPU's cache). docs/benchmarks.md "Runtime" has the figures.
 */
/** `gc()` for `releaseMemory()` (release-memory.ts): a full collection at the end of long work that let go of much memory. */
const RELEASE_AFTER_LONG_WORK = ['--expose-gc'];

export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', ...OLD_SPACE_GROWTH, ...RELEASE_AFTER_LONG_WORK];

/** The server's node arguments, run from the repository's root. */
export const SERVER_NODE_ARGS: readonly string[] = [...SERVER_NODE_FLAGS, 'packages/server/src/main.ts'];

/**
 * glibc malloc's settings for the server (the C heap under Node's buffers, typed arrays and threads),
 * before the caller's own environment, which wins. Left to glibc's defaults, a server that had synced
 * a million stones kept about 200 MB it had freed: each thread that allocated got an arena of its own
 * (up to 8 a core) that holds freed memory, and a freed block of over 128 kB raised the threshold under
 * which blocks come from those arenas (up to 32 MB) rather than their own mapping, returned when
 * freed. Two arenas, a fixed 128 kB threshold and trimming above 128 kB free: the RSS after a first
 * load of 1,000,000 stones went from 622 MB to 417 MB, as fast (docs/benchmarks.md, "The diamond feed").
 */
export const SERVER_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** The environment a server process starts with: the malloc settings, then `env` (the caller's, which may override them). */
export const serverEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...SERVER_MALLOC_ENV, ...env });
