import { DIAMOND_MESSAGES } from '@facet/contract/modules/diamonds/diamond.schema';
import type { ImportServiceRecord } from '@facet/contract/modules/diamonds/diamond.schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoneFeed } from '../../../integrations/nivoda/feed-stone.ts';
import { jobRuns } from '../../../jobs/job-run.table.ts';
import { jobWhenEnded, useAdminTestApp } from '../../../test/test-app.ts';
import { feedStone } from './test-stone-feed.ts';

/**
 * A retry from the Job Centre (`POST /api/jobs/:id/retry`) is a Start of the sync's import service:
 * it meets the same refusals and changes what a Start changes.
 */
describe('a retried diamond sync', () => {
  const fx = useAdminTestApp();
  /** What the next read does: fail at once, or hold after its first batch until released. */
  let behaviour: 'fail' | 'hold' = 'fail';
  let hasBegun: Promise<void> = Promise.resolve();
  let markBegun = () => {};
  let release = () => {};

  beforeAll(() => {
    const feed: StoneFeed = {
      source: 'retry-test',
      async *read() {
        if (behaviour === 'fail') throw new Error('Nivoda answered 503 Service Unavailable');
        yield [feedStone()];
        markBegun();
        await new Promise<void>((resolve) => (release = resolve));
      },
      findByCertificate: async () => null,
    };
    fx.t.app.stoneFeed = feed;
  });

  const post = (url: string, payload?: object) => fx.t.request(fx.admin, { method: 'POST', url, ...(payload && { payload }) });
  const startNatural = async () => {
    const started = await post('/api/nivoda-services/natural/start', { mode: 'full' });
    expect(started.statusCode, started.body).toBe(202);
    return started.json().jobId as number;
  };
  const failedSync = async () => {
    behaviour = 'fail';
    const id = await startNatural();
    expect((await jobWhenEnded(fx.t, fx.admin, id)).status).toBe('failed');
    return id;
  };
  const syncRuns = async () => (await fx.t.db.select({ id: jobRuns.id }).from(jobRuns).where(eq(jobRuns.kind, 'diamonds.sync'))).length;
  const naturalService = async () =>
    ((await fx.t.request(fx.admin, { method: 'GET', url: '/api/nivoda-services' })).json() as { services: ImportServiceRecord[] }).services.find((service) => service.name === 'natural')!;

  it('is refused while its service runs, as Start is, and queues nothing', async () => {
    const failed = await failedSync();
    behaviour = 'hold';
    hasBegun = new Promise((resolve) => (markBegun = resolve));
    const running = await startNatural();
    await hasBegun;
    const runs = await syncRuns();

    const retried = await post(`/api/jobs/${failed}/retry`);
    expect(retried.statusCode, retried.body).toBe(409);
    expect(retried.json().error.message).toBe(DIAMOND_MESSAGES.serviceAlreadyRunning);
    expect(await syncRuns()).toBe(runs);

    release();
    expect((await jobWhenEnded(fx.t, fx.admin, running)).status).toBe('succeeded');
  });

  it('switches a stopped service on again, as Start does, so its runs and its schedule agree', async () => {
    const failed = await failedSync();
    expect((await post('/api/nivoda-services/natural/stop')).statusCode).toBe(200);
    expect((await naturalService()).isEnabled).toBe(false);

    const retried = await post(`/api/jobs/${failed}/retry`);
    expect(retried.statusCode, retried.body).toBe(201);
    expect((await naturalService()).isEnabled).toBe(true);
    expect((await jobWhenEnded(fx.t, fx.admin, retried.json().id)).status).toBe('failed');
  });
});
