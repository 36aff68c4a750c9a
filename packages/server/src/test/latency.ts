import { setTimeout as sleep } from 'node:timers/promises';

export interface ProbedWork<T> {
  result: T;
  /** How long the work took, from its start to its answer. */
  elapsedMs: number;
  /**
   * Latency of each probe sent while the work was running (at least one), counted from when it was
   * due: a request arriving while the event loop is blocked waits for the block too.
   */
  probeLatenciesMs: number[];
}

/**
 * Starts `work` and, while it runs, sends `probe` (another user's request) every `intervalMs`:
 * whether the API keeps answering during a slow request shows in the probes' latencies.
 */
export async function probeWhile<T>(work: () => Promise<T>, probe: () => Promise<unknown>, intervalMs = 50): Promise<ProbedWork<T>> {
  const started = performance.now();
  let elapsedMs: number | undefined;
  const running = work().finally(() => {
    elapsedMs = performance.now() - started;
  });
  const probeLatenciesMs: number[] = [];
  let due = performance.now();
  do {
    await probe();
    probeLatenciesMs.push(performance.now() - due);
    if (elapsedMs !== undefined) break;
    due = performance.now() + intervalMs;
    await sleep(intervalMs);
  } while (elapsedMs === undefined);
  return { result: await running, elapsedMs, probeLatenciesMs };
}

/**
 * The slowest a probe may answer for the API to count as responsive. The blocked event loop this
 * guards against held every request for 35 s (rich text) to 140 s (SVG); an idle run answers the
 * probes within about 100 ms, and two heavy test files in parallel on two cores reached 430 ms.
 */
export const RESPONSIVE_MS = 1_000;

/** One line of figures for the test's output (and the report). */
export function describeProbes(what: string, probed: ProbedWork<unknown>): string {
  const max = Math.max(...probed.probeLatenciesMs);
  return `${what}: answered in ${probed.elapsedMs.toFixed(0)} ms; ${probed.probeLatenciesMs.length} concurrent GET /api/health, slowest ${max.toFixed(1)} ms`;
}
