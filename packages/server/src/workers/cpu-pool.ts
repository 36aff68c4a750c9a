import { MESSAGES } from '@facet/contract/messages';
import { AppError } from '../http/errors.ts';
import type { cpuTasks } from './cpu-tasks.worker.ts';
import type { WorkerPool } from './worker-pool.ts';
import { WorkerPoolBusyError, WorkerTaskTimeoutError, createWorkerPool } from './worker-pool.ts';

type CpuTasks = typeof cpuTasks;

/**
 * Time one cleaning may take in a worker. Measured on a 2-core machine: a legitimate input at its
 * size limit (a 500,000-character page of formatted text; an SVG of 20,000 elements) takes about a
 * second; hostile ones take from seconds (unbalanced tags) to minutes (2 MB of nested SVG groups).
 */
export const CPU_TASK_TIME_LIMIT_MS = 4_000;

/** Tasks waiting for a free thread; past this, requests are told to come back (429). */
const CPU_QUEUE_LIMIT = 32;

let pool: WorkerPool<CpuTasks> | undefined;
let taskTimeLimitMs = CPU_TASK_TIME_LIMIT_MS;

/**
 * Sets the time limit of the tasks requests run, and answers how to restore it. For the tests that
 * prove what happens past the limit: with the real limit, whether a hostile input is over it depends
 * on how fast the machine parses that day (an input of ~4 s against a limit of 4 s failed 2 runs in 5).
 */
export function setCpuTaskTimeLimit(ms: number): () => void {
  const previous = taskTimeLimitMs;
  taskTimeLimitMs = ms;
  return () => {
    taskTimeLimitMs = previous;
  };
}

/** The process's pool for CPU-bound cleaning; threads start with the first task (or `warm()`). */
export function cpuPool(): WorkerPool<CpuTasks> {
  pool ??= createWorkerPool<CpuTasks>({
    file: new URL('./cpu-tasks.worker.ts', import.meta.url),
    timeoutMs: CPU_TASK_TIME_LIMIT_MS,
    maxQueue: CPU_QUEUE_LIMIT,
  });
  return pool;
}

/**
 * Runs a task of the CPU pool for a request: over time is the caller's 4xx (`overTime`, naming the
 * field that could not be processed), a full queue is a 429 with Retry-After.
 */
export async function runCpuTask<K extends keyof CpuTasks & string>(
  task: K,
  input: Parameters<CpuTasks[K]>[0],
  overTime: () => AppError,
): Promise<ReturnType<CpuTasks[K]>> {
  try {
    return await cpuPool().run(task, input, { timeoutMs: taskTimeLimitMs });
  } catch (error) {
    if (error instanceof WorkerTaskTimeoutError) throw overTime();
    if (error instanceof WorkerPoolBusyError) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.serverBusy, undefined, { 'Retry-After': '1' });
    throw error;
  }
}
