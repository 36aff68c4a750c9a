import { Worker } from 'node:worker_threads';
import type { FeedReadOptions, FeedStone, FeedWorkerSpec, StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';
import type { FeedReadStart, FromReader } from './feed-read.worker.ts';
import type { ReadOutcome, StagedRead } from './stone-staging.ts';

/**
 * The worker's young generation. The server caps its own at 16 MB a semi-space for a small idle
 * footprint (server-command.ts); a read of a million stones allocates several GB of short-lived
 * objects (the pages' JSON, the stones). In its own thread the read gets room of its own, for the
 * read's length only.
 */
const WORKER_YOUNG_GENERATION_MB = 96;

/**
 * A feed read in a worker thread: the pages fetched and parsed, the stones checked, digested and
 * written as staging rows there, so the server's event loop only sends the rows on, and two syncs'
 * reads run on two cores. Stopping the consumer (a cancel, a failed COPY) or aborting `signal` ends
 * the thread.
 */
export function readInWorker(spec: FeedWorkerSpec, options: FeedReadOptions): StagedRead {
  let outcome: ReadOutcome = { repeatedIds: false, unchanged: 0, missedIds: new Int32Array(0) };
  return {
    async *batches(stageKey, known = null) {
      const start: FeedReadStart = { spec, read: { kind: options.kind, mode: options.mode, ...(options.since && { since: options.since.toISOString() }) }, stageKey, known };
      const worker = new Worker(new URL('./feed-read.worker.ts', import.meta.url), {
        workerData: start,
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      });
      const inbox: (FromReader | { type: 'exit'; code: number })[] = [];
      let wake: (() => void) | null = null;
      const deliver = (message: FromReader | { type: 'exit'; code: number }) => {
        inbox.push(message);
        wake?.();
        wake = null;
      };
      worker.on('message', deliver);
      worker.on('error', (error) => deliver({ type: 'failed', message: error.message }));
      worker.on('exit', (code) => deliver({ type: 'exit', code }));
      const stop = () => void worker.terminate();
      options.signal?.addEventListener('abort', stop);
      try {
        for (;;) {
          while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          const message = inbox.shift()!;
          if (message.type === 'progress') options.onProgress?.(message.done, message.total);
          else if (message.type === 'batch') {
            yield message.batch;
            worker.postMessage('more');
          } else if (message.type === 'done') {
            outcome = message.outcome;
            return;
          } else if (message.type === 'failed') throw new Error(message.message);
          else throw new Error(options.signal?.aborted ? 'The feed read was stopped' : `The feed's reading thread stopped (exit code ${message.code})`);
        }
      } finally {
        options.signal?.removeEventListener('abort', stop);
        await worker.terminate();
      }
    },
    outcome: () => outcome,
  };
}

/** A sync's read of `feed`: in a worker thread when the feed can be made there, else here. */
export function readForSync(feed: StoneFeed, options: FeedReadOptions): AsyncIterable<FeedStone[]> | StagedRead {
  return feed.worker ? readInWorker(feed.worker, options) : feed.read(options);
}
