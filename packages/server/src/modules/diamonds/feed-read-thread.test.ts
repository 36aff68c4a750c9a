import { describe, expect, it } from 'vitest';
import { readInWorker } from './feed-read-thread.ts';
import { createGeneratedFeed } from './generated-stone-feed.ts';
import type { StagedBatch } from './stone-staging.ts';
import { stagedRead } from './stone-staging.ts';

const STAGE_KEY = '00000000-0000-4000-8000-000000000001';
const text = (batch: StagedBatch) => (typeof batch.rows === 'string' ? batch.rows : new TextDecoder().decode(batch.rows));

describe('a feed read in a worker thread', () => {
  it('stages exactly the rows the same read staged in this thread gives, with its progress', async () => {
    const feed = createGeneratedFeed({ counts: { natural: 2_500 }, seed: 5, batchSize: 400, source: 'worker-test' });
    const here: string[] = [];
    for await (const batch of stagedRead(feed.read({ kind: 'natural', mode: 'full' })).batches(STAGE_KEY)) here.push(text(batch));
    const progress: number[] = [];
    const there: string[] = [];
    const read = readInWorker(feed.worker!, { kind: 'natural', mode: 'full', onProgress: (done) => progress.push(done) });
    for await (const batch of read.batches(STAGE_KEY)) there.push(text(batch));
    expect(there.join('')).toBe(here.join(''));
    expect(there.join('').split('\n').filter(Boolean)).toHaveLength(2_500);
    expect(read.repeatedIds()).toBe(false);
    expect(progress.at(-1)).toBe(2_500);
  });

  it('stops the thread when the sync is stopped (its signal aborted), without reading the rest', async () => {
    const feed = createGeneratedFeed({ counts: { lab: 200_000 }, seed: 6, batchSize: 400, source: 'worker-test' });
    const controller = new AbortController();
    const read = readInWorker(feed.worker!, { kind: 'lab', mode: 'full', signal: controller.signal });
    let batches = 0;
    await expect(async () => {
      for await (const _batch of read.batches(STAGE_KEY)) {
        batches += 1;
        if (batches === 1) controller.abort();
      }
    }).rejects.toThrow('The feed read was stopped');
    // 500 batches in all; the read ended within the few already on their way.
    expect(batches).toBeLessThan(10);
  });

  it('ends with the feed error when the read fails there (Nivoda unreachable)', async () => {
    const read = readInWorker({ type: 'nivoda', options: { endpoint: 'http://127.0.0.1:9/api/diamonds', username: 'u', password: 'p', maxAttempts: 1 } }, { kind: 'lab', mode: 'full' });
    await expect(async () => {
      for await (const _batch of read.batches(STAGE_KEY)) expect.unreachable();
    }).rejects.toThrow(/Nivoda is unavailable/);
  });
});
