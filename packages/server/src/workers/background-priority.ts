import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness of a thread doing background work (a feed read, an index build): below staff's
 * requests, which the main thread serves. On two cores a full sync's three reading threads, the
 * fake or Nivoda, PostgreSQL and the main thread all want the CPU; at equal priority a list or the
 * Import Services poll waited behind them (poll p95 64-124 ms during a first load). Niceness 10
 * weighs a thread at about a tenth of a normal one while both are runnable, and costs the background
 * work nothing while the main thread is idle.
 */
const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling thread's scheduling priority (Linux, where niceness is per thread:
 * setpriority(2) on the thread's own id). Elsewhere, or where it is refused, the thread keeps the
 * process's priority: a nicety, never a reason to fail the work. Answers whether it was lowered.
 */
export function lowerThisThreadsPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // '/proc/thread-self' links to '<pid>/task/<tid>' of the thread that reads it.
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, BACKGROUND_NICENESS);
    return true;
  } catch {
    return false;
  }
}
