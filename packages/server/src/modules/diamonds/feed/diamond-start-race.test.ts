import { DIAMOND_MESSAGES } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';
import { jobRuns } from '../../../jobs/job-run.table.ts';
import { jobWhenEnded, useAdminTestApp } from '../../../test/test-app.ts';
import { feedStone } from './test-stone-feed.ts';

/**
 * Start (and Retry, which starts as Start does) checks that the service is not running and queues a
 * sync: pressed twice at the same moment, exactly one sync is queued and the other press is told the
 * service is already running. PGlite runs one statement at a time and would hide the race, so this
 * runs on PostgreSQL only (CI sets TEST_DATABASE_URL).
 */
describe.skipIf(!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ''))('Start of an import service pressed at the same moment on PostgreSQL', () => {
  const fx = useAdminTestApp();
  let release = () => {};
  let markHeld = () => {};
  const held = new Promise<void>((resolve) => (markHeld = resolve));

  beforeAll(() => {
    // Each read holds after its first stone until released: the first sync stays running while the others are pressed.
    const feed: StoneFeed = {
      source: 'start-race',
      async *read() {
        yield [feedStone()];
        await new Promise<void>((resolve) => {
          release = resolve;
          markHeld();
        });
      },
      findByCertificate: async () => null,
    };
    fx.t.app.stoneFeed = feed;
  });

  const post = (url: string, payload?: object) => fx.t.request(fx.admin, { method: 'POST', url, ...(payload && { payload }) });
  const naturalSyncs = () => fx.t.db.$count(jobRuns, and(eq(jobRuns.kind, 'diamonds.sync'), sql`${jobRuns.params}->>'kind' = 'natural'`));

  it('two Starts at once queue one sync; the other answers 409 "already running"', async () => {
    const before = await naturalSyncs();
    const answers = await Promise.all([0, 1, 2, 3].map(() => post('/api/nivoda-services/natural/start', { mode: 'full' })));

    const started = answers.filter((answer) => answer.statusCode === 202);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409, 409]);
    for (const answer of refused) expect(answer.json().error.message).toBe(DIAMOND_MESSAGES.serviceAlreadyRunning);
    expect(await naturalSyncs()).toBe(before + 1);

    // A Start while that sync is still only queued (its run not yet in the log) is refused too.
    const again = await post('/api/nivoda-services/natural/start', { mode: 'full' });
    expect(again.statusCode, again.body).toBe(409);

    const jobId = started[0]!.json().jobId as number;
    await held;
    release();
    expect((await jobWhenEnded(fx.t, fx.admin, jobId)).status).toBe('succeeded');
  });
});
