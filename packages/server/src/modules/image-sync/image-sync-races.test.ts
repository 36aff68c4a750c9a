import { IMAGE_SYNC_SETTING_KEYS as KEYS } from '@facet/contract/modules/image-sync/image-sync.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDropbox } from '../../integrations/dropbox/fake-dropbox.ts';
import { startFakeDropbox } from '../../integrations/dropbox/fake-dropbox.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, jobWhenEnded } from '../../test/test-app.ts';
import { testImage } from '../../test/upload.ts';
import { IMAGE_SYNC_JOB_KIND } from './image-sync.service.ts';

/**
 * Sync now pressed many times at once (two staff, a double click): one run is queued and every
 * press is answered its job. Meant for PostgreSQL (TEST_DATABASE_URL), where the requests really
 * overlap; on PGlite's one connection they take turns and must agree all the same.
 */
describe('Sync now at the same moment', () => {
  let fake: FakeDropbox;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    fake = await startFakeDropbox();
    t = await createTestApp({ dropbox: fake.endpoints });
    admin = await t.login();
    for (const [key, value] of [
      [KEYS.appKey, fake.appKey],
      [KEYS.appSecret, fake.appSecret],
    ] as const) {
      const saved = await t.request(admin, { method: 'POST', url: '/api/settings', payload: { title: key, key, value } });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const started = await t.request(admin, { method: 'POST', url: '/api/image-sync/authorization' });
    const back = new URL((await fetch(started.json().url as string, { redirect: 'manual' })).headers.get('location')!);
    const connected = await t.request(admin, { method: 'POST', url: '/api/image-sync/connection', payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
    expect(connected.statusCode, connected.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const syncNow = () => t.request(admin, { method: 'POST', url: '/api/image-sync/sync' });

  it('twenty Sync now at once queue one run, and each is answered its job', async () => {
    fake.putFile('/Product Images/RACE-1.jpg', await testImage('jpeg'));
    // The run waits on Dropbox (429, Retry-After 3 s), so it is still going while the presses arrive.
    fake.rateLimitNext(1, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, syncNow));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 202));
    const jobIds = new Set(answers.map((answer) => answer.json().jobId as number));
    expect(jobIds.size).toBe(1);
    expect(await t.db.$count(jobRuns, eq(jobRuns.kind, IMAGE_SYNC_JOB_KIND))).toBe(1);
    const [jobId] = [...jobIds];
    expect((await t.request(admin, { method: 'GET', url: '/api/image-sync' })).json().jobId).toBe(jobId);

    const ended = await jobWhenEnded(t, admin, jobId!);
    expect(ended.status, JSON.stringify(ended)).toBe('succeeded');
    // Once it has ended, Sync now starts the next one.
    const next = await syncNow();
    expect(next.statusCode).toBe(202);
    expect(next.json().jobId).not.toBe(jobId);
    await jobWhenEnded(t, admin, next.json().jobId as number);
  });

  it('a Retry from the Job Centre while a run is queued or running starts none', async () => {
    // A failed run to retry: the folder is missing.
    const missing = await t.request(admin, { method: 'POST', url: '/api/settings', payload: { title: KEYS.folder, key: KEYS.folder, value: '/Missing' } });
    expect(missing.statusCode, missing.body).toBe(201);
    const failed = await jobWhenEnded(t, admin, (await syncNow()).json().jobId as number);
    expect(failed.status).toBe('failed');
    fake.rateLimitNext(1, 3);
    const running = (await syncNow()).json().jobId as number;
    const retried = await t.request(admin, { method: 'POST', url: `/api/jobs/${failed.id}/retry` });
    expect(retried.statusCode, retried.body).toBeLessThan(300);
    expect(retried.json().id).toBe(running);
    await jobWhenEnded(t, admin, running);
  });
});
