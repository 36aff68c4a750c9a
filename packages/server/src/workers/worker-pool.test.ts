import { afterEach, describe, expect, it } from 'vitest';
import type { fixtureTasks } from '../test/pool-fixture.worker.ts';
import type { WorkerPool, WorkerPoolOptions } from './worker-pool.ts';
import { WorkerPoolBusyError, WorkerTaskTimeoutError, createWorkerPool } from './worker-pool.ts';

const FIXTURE = new URL('../test/pool-fixture.worker.ts', import.meta.url);

describe('worker pool', () => {
  let pool: WorkerPool<typeof fixtureTasks> | undefined;
  const open = (options: Partial<WorkerPoolOptions> = {}) => {
    pool = createWorkerPool<typeof fixtureTasks>({ file: FIXTURE, size: 1, timeoutMs: 5_000, ...options });
    return pool;
  };
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  /** The longest the main thread's event loop went without running a 10 ms timer, while `work` runs. */
  async function longestStall(work: Promise<unknown>): Promise<number> {
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    await work.catch(() => undefined);
    clearInterval(timer);
    return longest;
  }

  it('runs a task in a worker thread (a .ts module, on Node’s type stripping) and returns its answer', async () => {
    const answer = await open().run('echo', 'ring');
    expect(answer.value).toBe('ring');
    expect(answer.threadId).toBeGreaterThan(0);
  });

  it('refuses a task as busy (not a server error) when no worker starts in time, as on a machine under heavy load', async () => {
    // No thread loads a module within a millisecond.
    await expect(open({ startTimeoutMs: 1 }).run('echo', 'ring')).rejects.toBeInstanceOf(WorkerPoolBusyError);
  });

  it("rejects with the task's own error, and the thread goes on serving", async () => {
    const p = open();
    await expect(p.run('fail', 'bad input')).rejects.toMatchObject({ name: 'TypeError', message: 'bad input' });
    expect((await p.run('echo', 'next')).value).toBe('next');
  });

  it('terminates a task past its time limit, replaces its thread, and the main thread never stalls meanwhile', async () => {
    const p = open({ timeoutMs: 300 });
    const first = await p.run('echo', 'warm');
    const started = performance.now();
    const spinning = p.run('spin', 60_000);
    const stall = await longestStall(spinning);
    await expect(spinning).rejects.toBeInstanceOf(WorkerTaskTimeoutError);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
    // A busy loop on the main thread would have held the timer for the whole minute.
    expect(stall).toBeLessThan(250);
    const next = await p.run('echo', 'after');
    expect(next.value).toBe('after');
    expect(next.threadId).not.toBe(first.threadId);
    expect(p.threadIds()).toEqual([next.threadId]);
  });

  it('a per-task time limit overrides the default', async () => {
    const p = open({ timeoutMs: 60_000 });
    await p.run('echo', 'warm');
    await expect(p.run('spin', 60_000, { timeoutMs: 200 })).rejects.toBeInstanceOf(WorkerTaskTimeoutError);
  });

  it('bounds its queue: with every thread busy and the queue full, one more task is refused at once', async () => {
    const p = open({ maxQueue: 2 });
    await p.run('echo', 'warm');
    const running = [p.run('spin', 300), p.run('spin', 10), p.run('spin', 10)];
    await expect(p.run('spin', 10)).rejects.toBeInstanceOf(WorkerPoolBusyError);
    expect(await Promise.all(running)).toEqual([300, 10, 10]);
  });

  it('a thread that exits fails its task and is replaced', async () => {
    const p = open();
    await expect(p.run('crash', 3)).rejects.toThrow(/exited with code 3/);
    expect((await p.run('echo', 'alive')).value).toBe('alive');
  });

  it('runs tasks in parallel on up to `size` threads', async () => {
    const p = open({ size: 2 });
    const [a, b] = await Promise.all([p.run('echo', 'a'), p.run('echo', 'b')]);
    await Promise.all([p.run('spin', 50), p.run('spin', 50)]);
    expect(new Set(p.threadIds()).size).toBe(2);
    expect([a.value, b.value]).toEqual(['a', 'b']);
  });

  it('with retireAfterTask, ends each thread once it answers and runs the next task on a fresh one', async () => {
    const p = open({ retireAfterTask: true });
    const first = await p.run('echo', 'one');
    expect(p.threadIds()).toEqual([]);
    const [second, third] = await Promise.all([p.run('echo', 'two'), p.run('echo', 'three')]);
    expect([second.value, third.value]).toEqual(['two', 'three']);
    expect(new Set([first.threadId, second.threadId, third.threadId]).size).toBe(3);
    await expect(p.run('fail', 'bad')).rejects.toThrow('bad');
    expect((await p.run('echo', 'after a failure')).value).toBe('after a failure');
  });

  it('refuses unknown tasks and work after close', async () => {
    const p = open();
    await expect(p.run('nope' as 'echo', 'x')).rejects.toThrow(/unknown worker task/);
    await p.close();
    await expect(p.run('echo', 'x')).rejects.toThrow(/closed/);
  });
});
