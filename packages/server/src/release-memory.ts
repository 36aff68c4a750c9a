/**
 * A full garbage collection, started now, after work that dropped a lot of memory: a job's end, a
 * rebuilt diamond list index replacing the old one (125 MB of typed arrays at a million stones).
 *
 * V8 frees a typed array's memory only in a full collection, and starts one when its heap or its
 * outside memory grows, not when memory is let go: a server that had synced a million stones again
 * held the index it had replaced until something else grew, 425 MB instead of 350 MB after the sync
 * (bench/feed-sync.bench.ts). One full collection of a heap of about 60 MB is a few tens of ms,
 * after work of seconds to minutes.
 *
 * The server runs with --expose-gc (server-command.ts). Where `gc` is not exposed (tests, tools),
 * this does nothing. 'async': the collection runs in a task of its own, not inside the caller's.
 */
export function releaseMemory(): Promise<void> {
  const gc = (globalThis as { gc?: (options: { type: 'major'; execution: 'async' }) => Promise<void> }).gc;
  return gc ? gc({ type: 'major', execution: 'async' }) : Promise.resolve();
}
