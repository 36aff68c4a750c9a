import { parentPort } from 'node:worker_threads';

/** What a worker module offers: task name to a function of one structured-cloneable input. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TaskMap = Record<string, (input: any) => unknown>;

export interface TaskRequest {
  id: number;
  task: string;
  input: unknown;
}

export type TaskReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string } };

/**
 * Inside a worker thread: answers the pool's task messages with `tasks`, one at a time, and says
 * when it is ready (its imports loaded), so a task's time limit never counts the thread's start.
 */
export function serveTasks(tasks: TaskMap) {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs inside a worker thread');
  async function answer({ id, task, input }: TaskRequest): Promise<TaskReply> {
    try {
      const run = Object.hasOwn(tasks, task) ? tasks[task] : undefined;
      if (!run) throw new Error(`unknown worker task ${task}`);
      return { id, ok: true, value: await run(input) };
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      return { id, ok: false, error: { name, message } };
    }
  }
  port.on('message', (request: TaskRequest) => void answer(request).then((reply) => port.postMessage(reply)));
  port.postMessage({ type: 'ready' });
}
