import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInWorker } from './feed-read-thread.ts';
import { createGeneratedFeed } from './generated-stone-feed.ts';
import type { StagedBatch } from './stone-staging.ts';
import { stagedRead, stoneFingerprint } from './stone-staging.ts';

const STAGE_KEY = '00000000-0000-4000-8000-000000000001';
/** The threads of this process at niceness 10 (Linux: niceness is per thread; field 19 of its stat line). */
const backgroundThreads = () =>
  readdirSync('/proc/self/task').filter((threadId) => {
    const stat = readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16] === '10';
  });
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
    expect(read.outcome().repeatedIds).toBe(false);
    expect(progress.at(-1)).toBe(2_500);
  });

  it('leaves out the stones the table holds as the read sends them (handed the known stones), and tells which known ones it missed', async () => {
    const feed = createGeneratedFeed({ counts: { natural: 2_500 }, seed: 7, batchSize: 400, source: 'worker-test' });
    const lines: string[] = [];
    for await (const batch of stagedRead(feed.read({ kind: 'natural', mode: 'full' })).batches(STAGE_KEY)) lines.push(...text(batch).split('\n').filter(Boolean));
    // The first 1,000 stones as the table would hold them (ids 1..1000), and one stone the feed no longer sends (id 5000).
    const entries = lines.slice(0, 1_000).map((line, index) => {
      const [, , sourceId, feedHash] = line.split('\t');
      return { fingerprint: stoneFingerprint(sourceId!, feedHash!), id: index + 1 };
    });
    entries.push({ fingerprint: stoneFingerprint('gone', '0'.repeat(32)), id: 5_000 });
    entries.sort((x, y) => x.fingerprint[0] - y.fingerprint[0] || x.fingerprint[1] - y.fingerprint[1]);
    // As the database answers them: 16 hex digits of fingerprint, 8 of id, a stone.
    const hex = (value: number) => value.toString(16).padStart(8, '0');
    const known = entries.map((entry) => hex(entry.fingerprint[0]) + hex(entry.fingerprint[1]) + hex(entry.id)).join('');
    const read = readInWorker(feed.worker!, { kind: 'natural', mode: 'full' });
    const staged: string[] = [];
    let unchanged = 0;
    for await (const batch of read.batches(STAGE_KEY, known)) {
      staged.push(...text(batch).split('\n').filter(Boolean));
      unchanged += batch.unchanged;
    }
    expect(staged.map((line) => line.split('\t')[2])).toEqual(lines.slice(1_000).map((line) => line.split('\t')[2]));
    expect(unchanged).toBe(1_000);
    expect(read.outcome()).toMatchObject({ unchanged: 1_000, repeatedIds: false });
    expect([...read.outcome().missedIds]).toEqual([5_000]);
  });

  it.runIf(process.platform === 'linux')('reads at a lower priority than the main thread, which serves staff', async () => {
    const feed = createGeneratedFeed({ counts: { natural: 2_000 }, seed: 8, batchSize: 400, source: 'worker-test' });
    const before = backgroundThreads();
    const during: string[][] = [];
    for await (const _batch of readInWorker(feed.worker!, { kind: 'natural', mode: 'full' }).batches(STAGE_KEY)) during.push(backgroundThreads());
    expect(during.length).toBeGreaterThan(0);
    // One thread more at niceness 10 while the read runs (the reading thread), none once it ended.
    for (const threads of during) expect(threads.filter((threadId) => !before.includes(threadId))).toHaveLength(1);
    expect(backgroundThreads()).toEqual(before);
    expect(backgroundThreads()).not.toContain(String(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]));
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
