import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { auditLog } from '../db/audit.table.ts';
import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';
import type { TestApp } from '../test/test-app.ts';
import { createTestApp } from '../test/test-app.ts';
import { jobRuns, jobStaging } from './job-run.table.ts';

const RATES = 2_500;

async function waitFor(t: TestApp, cookie: string, id: number, until: (job: JobRecord) => boolean, timeoutMs = 30_000): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await t.request(cookie, { method: 'GET', url: `/api/jobs/${id}` })).json() as JobRecord;
    if (until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} (${job.progressDone}/${job.progressTotal})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('jobs', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    await t.db.insert(shippingRates).values(Array.from({ length: RATES }, (_, i) => ({ name: `Zone ${i}`, rate: 5, minFreeShippingAmount: 50 })));
  });
  afterAll(() => t?.close());

  // A bulk status change of every shipping rate: a real kind, with batches to cancel between.
  const start = (cookie: string, status: boolean) => t.request(cookie, { method: 'POST', url: '/api/shipping-rates/bulk', payload: { action: 'status', status, filters: {} } });

  it('refuses without a session (401) and without the area permission (403)', async () => {
    // Earrings staff: no job kind belongs to their area (newsletter staff now have the Klaviyo sync, products staff
    // imports, price updates and syncs; the earrings key opens no module yet).
    const outsider = await t.createUserWith(['earrings']);
    for (const [method, url] of [
      ['GET', '/api/jobs'],
      ['GET', '/api/jobs/1'],
      ['POST', '/api/jobs/1/cancel'],
      ['POST', '/api/jobs/1/retry'],
    ] as const) {
      expect((await t.request(undefined, { method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.request(outsider.cookie, { method, url })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await start(outsider.cookie, false)).statusCode).toBe(403);
    expect(await t.db.$count(jobRuns)).toBe(0);
  });

  it('runs a job: every live rate set, an audit row per rate, progress to the end', async () => {
    const staff = await t.createUserWith(['system']);
    const auditBefore = await t.db.$count(auditLog);
    const response = await start(staff.cookie, false);
    expect(response.statusCode).toBe(202);
    const queued = response.json() as JobRecord;
    expect(queued).toMatchObject({ kind: 'bulk.shipping-rates', actorName: staff.name, label: 'Bulk change of shipping rates' });
    const done = await waitFor(t, staff.cookie, queued.id, (j) => j.status !== 'queued' && j.status !== 'running');
    expect(done).toMatchObject({
      status: 'succeeded',
      progressDone: RATES,
      progressTotal: RATES,
      result: { action: 'Set status to Inactive', selected: RATES, matched: RATES, changed: RATES },
      error: null,
    });
    expect(await t.db.$count(shippingRates, eq(shippingRates.status, true))).toBe(0);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.requestId, `job-${queued.id}`));
    expect(audits).toHaveLength(RATES);
    expect(audits[0]).toMatchObject({ actorId: staff.id, actorName: staff.name, action: 'status', entity: 'shipping_rate', before: { status: true }, after: { status: false } });
    expect(await t.db.$count(auditLog)).toBe(auditBefore + RATES);
    expect(await t.db.$count(jobStaging)).toBe(0);
    // The master sees it too, newest first.
    const list = (await t.request(admin, { method: 'GET', url: '/api/jobs?pageSize=5' })).json();
    expect(list.items[0].id).toBe(queued.id);
    // A finished job cannot be cancelled or retried.
    expect((await t.request(staff.cookie, { method: 'POST', url: `/api/jobs/${queued.id}/cancel` })).statusCode).toBe(409);
    expect((await t.request(staff.cookie, { method: 'POST', url: `/api/jobs/${queued.id}/retry` })).statusCode).toBe(409);
  });

  it('cancels cooperatively between batches, changing nothing, and retries as a new job', async () => {
    // The cancel lands while the job is queued or between its batches; either way nothing is applied.
    const response = await start(admin, true);
    const job = response.json() as JobRecord;
    const cancel = await t.request(admin, { method: 'POST', url: `/api/jobs/${job.id}/cancel` });
    expect(cancel.statusCode).toBe(200);
    const ended = await waitFor(t, admin, job.id, (j) => j.status === 'cancelled' || j.status === 'succeeded' || j.status === 'failed');
    expect(ended.status).toBe('cancelled');
    expect(await t.db.$count(shippingRates, eq(shippingRates.status, true))).toBe(0);
    expect(await t.db.$count(jobStaging)).toBe(0);

    const retry = await t.request(admin, { method: 'POST', url: `/api/jobs/${job.id}/retry` });
    expect(retry.statusCode).toBe(201);
    const again = retry.json() as JobRecord;
    expect(again.id).not.toBe(job.id);
    expect((await waitFor(t, admin, again.id, (j) => j.status === 'succeeded' || j.status === 'failed')).status).toBe('succeeded');
    expect(await t.db.$count(shippingRates, sql`${shippingRates.status} and ${isNull(shippingRates.deletedAt)}`)).toBe(RATES);
  });

  it('answers 404 for a job that does not exist', async () => {
    expect((await t.request(admin, { method: 'GET', url: '/api/jobs/999999' })).statusCode).toBe(404);
  });
});
