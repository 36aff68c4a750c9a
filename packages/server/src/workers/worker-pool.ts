import os from 'node:os';
import type { ResourceLimits } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import type { TaskMap, TaskReply, TaskRequest } from './worker-thread.ts';

/**
 * A small pool of worker threads for CPU-bound work on untrusted input (SVG and HTML cleaning...).
 * The main thread only posts a message and waits, so the API keeps answering while a hostile input
 * is chewed on. Each task has a time limit: a worker still busy at the limit is terminated (the
 * only way to stop synchronous JS) and a fresh one takes its place. The queue is bounded, so a flood
 * of slow inputs is refused instead of piling up memory and latency.
 */

/** The task took longer than its limit; its worker was terminated. */
export class WorkerTaskTimeoutError extends Error {
  readonly task: string;
  readonly timeoutMs: number;
  constructor(task: string, timeoutMs: number) {
    super(`worker task ${task} took longer than ${timeoutMs} ms`);
    this.task = task;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The pool cannot take the task now: every worker is busy and the queue is full, or no worker could
 * start in time (a machine so loaded that a thread takes over `startTimeoutMs` to load). Callers
 * answer 429 with Retry-After: the request may be sent again, and is not a server error.
 */
export class WorkerPoolBusyError extends Error {
  readonly task: string;
  constructor(task: string, reason = 'refused') {
    super(`worker pool busy: task ${task} ${reason}`);
    this.task = task;
  }
}

export interface WorkerPoolOptions {
  /** The worker's module (a .ts file, run on Node's own type stripping as the server is). */
  file: URL;
  /** Threads at most; they start when work arrives. Default min(2, CPUs). */
  size?: number;
  /** Tasks that may wait for a free thread; one more is refused with WorkerPoolBusyError. */
  maxQueue?: number;
  /** Default time limit of a task, counted from when a thread starts it (not while it waits). */
  timeoutMs: number;
  /** How long a new thread may take to load its module before it counts as broken. */
  startTimeoutMs?: number;
  /** Heap limits of each thread: a task past them ends its thread (and fails), not the process. */
  resourceLimits?: ResourceLimits;
  /**
   * Ends each thread once its task has answered, and starts a fresh one for the next task. For rare,
   * memory-hungry tasks (a 60,000-row spreadsheet grows the thread's heap by ~100 MB, which V8 keeps
   * for good): the memory goes back to the system before the caller works on the answer.
   */
  retireAfterTask?: boolean;
}

export interface WorkerPool<Tasks extends TaskMap> {
  run<K extends keyof Tasks & string>(task: K, input: Parameters<Tasks[K]>[0], opts?: { timeoutMs?: number }): Promise<Awaited<ReturnType<Tasks[K]>>>;
  /** Starts the threads now, so the first task does not wait for them to load. */
  warm(): void;
  /** Terminates every thread; queued tasks are refused. */
  close(): Promise<void>;
  /** Thread ids of the live workers (tests check that a timed-out one was replaced). */
  threadIds(): number[];
}

interface Job {
  id: number;
  task: string;
  input: unknown;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  isReady: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export const defaultPoolSize = () => Math.max(1, Math.min(2, os.availableParallelism()));

export function createWorkerPool<Tasks extends TaskMap>(options: WorkerPoolOptions): WorkerPool<Tasks> {
  const size = options.size ?? defaultPoolSize();
  const maxQueue = options.maxQueue ?? 32;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let isClosed = false;

  function spawn(): Slot {
    // No flags: the parent's (a test runner's, an inspector's) are not the worker's business. A `.ts`
    // worker module runs on Node's own type stripping, as the server does (server-command.ts).
    const worker = new Worker(options.file, {
      execArgv: [],
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    });
    // An idle pool must not keep the process alive; a running task's timer does while it runs.
    worker.unref();
    const slot: Slot = { worker, isReady: false, job: null, timer: null };
    slot.timer = setTimeout(() => fail(slot, (task) => new WorkerPoolBusyError(task, `refused: no worker started within ${startTimeoutMs} ms`)), startTimeoutMs);
    slot.timer.unref();
    worker.on('message', (message: TaskReply | { type: 'ready' }) => {
      if ('type' in message) {
        clearTimer(slot);
        slot.isReady = true;
        dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      clearTimer(slot);
      slot.job = null;
      if (options.retireAfterTask) {
        slots.delete(slot);
        void slot.worker.terminate();
      }
      if (message.ok) job.resolve(message.value);
      else job.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
      dispatch();
    });
    worker.on('error', (error) => fail(slot, error));
    worker.on('exit', (code) => fail(slot, new Error(`worker exited with code ${code}`)));
    slots.add(slot);
    return slot;
  }

  function clearTimer(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  /** Drops a thread that broke, timed out or exited; its task (or, while it was loading, the next one) fails. */
  /** `error`, or how to make it for the task the slot was to run (a worker that never started had none yet). */
  function fail(slot: Slot, error: Error | ((task: string) => Error)) {
    if (!slots.delete(slot)) return;
    clearTimer(slot);
    void slot.worker.terminate();
    const job = slot.job ?? (slot.isReady ? null : queue.shift());
    slot.job = null;
    if (job) job.reject(typeof error === 'function' ? error(job.task) : error);
    dispatch();
  }

  function dispatch() {
    if (isClosed) return;
    for (const slot of slots) {
      if (!queue.length) return;
      if (!slot.isReady || slot.job) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => fail(slot, new WorkerTaskTimeoutError(job.task, job.timeoutMs)), job.timeoutMs);
      slot.worker.postMessage({ id: job.id, task: job.task, input: job.input } satisfies TaskRequest);
    }
    // Work is waiting and no thread is free or loading: start one, up to the pool's size.
    let loading = [...slots].filter((slot) => !slot.isReady).length;
    while (queue.length > loading && slots.size < size) {
      spawn();
      loading++;
    }
  }

  return {
    run(task, input, opts = {}) {
      if (isClosed) return Promise.reject(new Error('worker pool closed'));
      if (queue.length >= maxQueue) return Promise.reject(new WorkerPoolBusyError(task));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, task, input, timeoutMs: opts.timeoutMs ?? options.timeoutMs, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    warm() {
      while (!isClosed && slots.size < size) spawn();
    },
    async close() {
      isClosed = true;
      for (const job of queue.splice(0)) job.reject(new Error('worker pool closed'));
      const closing = [...slots];
      slots.clear();
      for (const slot of closing) {
        clearTimer(slot);
        slot.job?.reject(new Error('worker pool closed'));
      }
      await Promise.all(closing.map((slot) => slot.worker.terminate()));
    },
    threadIds: () => [...slots].map((slot) => slot.worker.threadId),
  };
}
