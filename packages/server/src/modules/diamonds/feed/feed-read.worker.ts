import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../../workers/background-priority.ts';
import type { FeedReadOptions, FeedWorkerSpec, StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';
import type { NivodaFeedConfig } from '../../../integrations/nivoda/nivoda-feed.ts';
import { createNivodaFeed } from '../../../integrations/nivoda/nivoda-feed.ts';
import type { GeneratedFeedOptions } from './generated-stone-feed.ts';
import { createGeneratedFeed } from './generated-stone-feed.ts';
import type { PackedKnownStones, ReadOutcome, StagedBatch } from './stone-staging.ts';
import { stagedRead } from './stone-staging.ts';

/** What the worker is started with (copied to it). */
export interface FeedReadStart {
  spec: FeedWorkerSpec;
  read: { kind: FeedReadOptions['kind']; mode: FeedReadOptions['mode']; since?: string };
  stageKey: string;
  /** The stones the table holds that the read leaves unstaged when it sends them unchanged (parsed in the thread). */
  known: PackedKnownStones | null;
}
/** What the worker sends back. */
export type FromReader =
  | { type: 'progress'; done: number; total: number | null }
  | { type: 'batch'; batch: StagedBatch }
  | { type: 'done'; outcome: ReadOutcome }
  | { type: 'failed'; message: string };

/** Batches the worker may have made that the main thread has not taken yet (its memory bound). */
const BATCHES_AHEAD = 2;

/**
 * The worker thread of a feed read (`readInWorker`): makes the feed from its spec, reads it, and
 * sends each batch back as staging rows (their UTF-8, its memory handed over, not copied), never
 * more than BATCHES_AHEAD ahead of what the main thread has taken. Progress and the end (or the
 * failure, as its message) go back the same way.
 */
const port = parentPort!;
const start = workerData as FeedReadStart;
const send = (message: FromReader, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const encoder = new TextEncoder();

function feedOf(spec: FeedWorkerSpec): StoneFeed {
  if (spec.type === 'nivoda') return createNivodaFeed(spec.options as NivodaFeedConfig);
  return createGeneratedFeed(spec.options as GeneratedFeedOptions);
}

// Staff's requests on the main thread come first: the read takes what CPU they leave.
lowerThisThreadsPriority();

let credits = BATCHES_AHEAD;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits += 1;
  wake?.();
  wake = null;
});

try {
  const { kind, mode, since } = start.read;
  const stones = feedOf(start.spec).read({ kind, mode, ...(since && { since: new Date(since) }), onProgress: (done, total) => send({ type: 'progress', done, total }) });
  const staging = stagedRead(stones);
  for await (const batch of staging.batches(start.stageKey, start.known)) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    const rows = encoder.encode(batch.rows as string);
    send({ type: 'batch', batch: { ...batch, rows } }, [rows.buffer]);
  }
  const outcome = staging.outcome();
  send({ type: 'done', outcome }, [outcome.missedIds.buffer as ArrayBuffer]);
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.unref();
