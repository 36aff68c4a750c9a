import { threadId } from 'node:worker_threads';
import { serveTasks } from '../workers/worker-thread.ts';

/** Tasks for the worker pool's own tests: an answer, a busy loop, a failure and a crash. */
export const fixtureTasks = {
  echo: (value: string) => ({ value, threadId }),
  /** Holds its thread for `ms` without yielding, as a hostile input does. */
  spin(ms: number) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      // Busy on purpose: only terminating the thread can stop it.
    }
    return ms;
  },
  fail(message: string) {
    throw new TypeError(message);
  },
  crash(code: number) {
    process.exit(code);
  },
};

serveTasks(fixtureTasks);
