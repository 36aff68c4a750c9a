import { MESSAGES } from '@facet/contract/messages';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { CacheStatusResponse } from '@facet/contract/modules/cache/cache.schema';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/audit.table.ts';
import { jobRuns } from '../jobs/job-run.table.ts';
import { productSizes } from '../modules/product-sizes/product-size.table.ts';
import { products } from '../modules/products/product.table.ts';
import { shippingRates } from '../modules/shipping-rates/shipping-rate.table.ts';
import { eventsDelivered } from '../test/events.ts';
import { untilWaitingOnLocks } from '../test/locks.ts';
import { jobWhenEnded, useAdminTestApp } from '../test/test-app.ts';

/**
 * Bulk actions on a list (`POST /api/<resource>/bulk`): a status change, a delete or an export of the
 * rows ticked or of everything the list's filters select, run as a job of the Job Centre, all or
 * nothing, under the resource's own permission.
 */
describe('bulk actions', () => {
  const fx = useAdminTestApp();
  let prefix = 0;

  const bulk = (cookie: string | undefined, resource: string, payload: unknown) => fx.t.request(cookie, { method: 'POST', url: `/api/${resource}/bulk`, payload: payload as object });
  /** Starts a bulk action as admin and answers the job once it ended. */
  async function run(resource: string, payload: unknown): Promise<JobRecord> {
    const response = await bulk(fx.admin, resource, payload);
    expect(response.statusCode, response.body).toBe(202);
    return jobWhenEnded(fx.t, fx.admin, (response.json() as JobRecord).id);
  }
  /** Shipping rates named `<tag> <n>`: `cheap` at £5, `dear` at £20; answers their tag. */
  async function makeRates(cheap: number, dear: number): Promise<string> {
    const tag = `Zone${++prefix}x`;
    const rows = [...Array.from({ length: cheap }, (_, i) => ({ name: `${tag} cheap ${i}`, rate: 5 })), ...Array.from({ length: dear }, (_, i) => ({ name: `${tag} dear ${i}`, rate: 20 }))];
    await fx.t.db.insert(shippingRates).values(rows.map((row) => ({ ...row, minFreeShippingAmount: 50 })));
    return tag;
  }
  const ratesOf = (tag: string) =>
    fx.t.db.select({ id: shippingRates.id, name: shippingRates.name, status: shippingRates.status, version: shippingRates.version, deletedAt: shippingRates.deletedAt }).from(shippingRates).where(like(shippingRates.name, `${tag} %`));

  it('sets the status of everything the filters select, and only that: one audit row per record, in the Job Centre', async () => {
    const tag = await makeRates(30, 10);
    // The list's own query string: a search and a range filter, as the URL carries them.
    const job = await run('shipping-rates', { action: 'status', status: false, filters: { search: tag.toLowerCase(), rateFrom: '0', rateTo: '10', sort: 'name' } });
    expect(job).toMatchObject({ kind: 'bulk.shipping-rates', status: 'succeeded', progressDone: 30, progressTotal: 30, result: { action: 'Set status to Inactive', selected: 30, matched: 30, changed: 30 } });
    const rates = await ratesOf(tag);
    expect(rates.filter((rate) => rate.name.includes('cheap')).every((rate) => !rate.status && rate.version === 2)).toBe(true);
    expect(rates.filter((rate) => rate.name.includes('dear')).every((rate) => rate.status && rate.version === 1)).toBe(true);
    const audits = await fx.t.db.select().from(auditLog).where(eq(auditLog.requestId, `job-${job.id}`));
    expect(audits).toHaveLength(30);
    expect(audits[0]).toMatchObject({ action: 'status', entity: 'shipping_rate', actorName: 'admin', before: { status: true }, after: { status: false } });
    // Run again: everything already as asked, nothing written, no version bumped.
    const again = await run('shipping-rates', { action: 'status', status: false, filters: { search: tag.toLowerCase(), rateTo: '10' } });
    expect(again.result).toMatchObject({ selected: 30, matched: 30, changed: 0 });
    expect((await ratesOf(tag)).every((rate) => rate.version <= 2)).toBe(true);
    // The Job Centre lists it.
    const centre = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/jobs?pageSize=5' })).json() as { items: JobRecord[] };
    expect(centre.items.map((item) => item.id)).toContain(job.id);
  });

  it('changes only the ticked rows, and deletes (soft) as the single delete does', async () => {
    const tag = await makeRates(5, 0);
    const [first, second, third, ...rest] = await ratesOf(tag);
    const status = await run('shipping-rates', { action: 'status', status: false, ids: [first!.id, second!.id] });
    expect(status.result).toMatchObject({ selected: 2, matched: 2, changed: 2 });
    const deleted = await run('shipping-rates', { action: 'delete', ids: [second!.id, third!.id] });
    expect(deleted.result).toMatchObject({ action: 'Delete', selected: 2, matched: 2, changed: 2 });
    const after = new Map((await ratesOf(tag)).map((rate) => [rate.id, rate]));
    expect(after.get(first!.id)).toMatchObject({ status: false, deletedAt: null });
    expect(after.get(second!.id)!.deletedAt).not.toBeNull();
    expect(after.get(third!.id)!.deletedAt).not.toBeNull();
    for (const untouched of rest) expect(after.get(untouched.id)).toMatchObject({ status: true, deletedAt: null, version: 1 });
    // The list no longer shows the deleted ones; a delete of rows already gone matches nothing.
    const list = (await fx.t.request(fx.admin, { method: 'GET', url: `/api/shipping-rates?search=${tag}` })).json() as { total: number };
    expect(list.total).toBe(3);
    expect((await run('shipping-rates', { action: 'delete', ids: [second!.id] })).result).toMatchObject({ selected: 1, matched: 0, changed: 0 });
    const audits = await fx.t.db.select().from(auditLog).where(eq(auditLog.requestId, `job-${deleted.id}`));
    expect(audits.map((audit) => [audit.action, audit.entityId, audit.after])).toEqual(
      expect.arrayContaining([
        ['delete', String(second!.id), null],
        ['delete', String(third!.id), null],
      ]),
    );
  });

  it('refuses a whole delete when any selected row may not be deleted, naming it, and writes nothing', async () => {
    const sizes = await Promise.all(
      ['BulkA', 'BulkB', 'BulkC'].map(async (type) => {
        const created = await fx.t.request(fx.admin, { method: 'POST', url: '/api/product-sizes', payload: { type, maleSizes: ['1'], femaleSizes: [], unisexSizes: [], status: true } });
        expect(created.statusCode, created.body).toBe(201);
        return created.json() as { id: number };
      }),
    );
    const set = await fx.t.request(fx.admin, { method: 'POST', url: '/api/attribute-sets', payload: { name: 'Bulk rings', status: true, groups: [{ name: 'General', isDefault: true, attributeIds: [] }] } });
    await fx.t.db.insert(products).values({ attributeSetId: set.json().id, name: 'Ring in size B', sku: 'BULK-B', sizeTypeId: sizes[1]!.id });
    const auditsBefore = await fx.t.db.$count(auditLog);

    const job = await run('product-sizes', { action: 'delete', filters: { search: 'bulk' } });
    expect(job.status).toBe('failed');
    expect(job.error).toBe(MESSAGES.bulkBlocked(1, 3, `"BulkB" (#${sizes[1]!.id}): ${MESSAGES.inUse('This size type', 'products')}`));
    const live = await fx.t.db.$count(productSizes, and(inArray(productSizes.id, sizes.map((size) => size.id)), isNull(productSizes.deletedAt)));
    expect(live).toBe(3);
    expect(await fx.t.db.$count(auditLog)).toBe(auditsBefore);

    // Without the size in use, the same selection is deleted whole.
    const done = await run('product-sizes', { action: 'delete', ids: [sizes[0]!.id, sizes[2]!.id] });
    expect(done.result).toMatchObject({ matched: 2, changed: 2 });
  });

  it('exports what the filters select as the list’s export job, with its download', async () => {
    const job = await run('product-sizes', { action: 'export', filters: { search: 'bulkb' } });
    expect(job).toMatchObject({ kind: 'export.product-sizes', status: 'succeeded', result: { rows: 1 } });
    const download = await fx.t.request(fx.admin, { method: 'GET', url: `/api/jobs/${job.id}/download` });
    expect(download.statusCode).toBe(200);
  });

  it('tells the storefront cache, as a single save does', async () => {
    const generated = await fx.t.request(fx.admin, { method: 'POST', url: '/api/cache/shipping-rates/generate' });
    expect((await jobWhenEnded(fx.t, fx.admin, (generated.json() as JobRecord).id)).status).toBe('succeeded');
    const entries = async () => ((await fx.t.request(fx.admin, { method: 'GET', url: '/api/cache' })).json() as CacheStatusResponse).items.find((item) => item.key === 'shipping-rates')!;
    expect((await entries()).entries).toBeGreaterThan(0);
    const tag = await makeRates(2, 0);
    const job = await run('shipping-rates', { action: 'status', status: false, filters: { search: tag } });
    expect(job.status).toBe('succeeded');
    // The bulk transaction emitted `shipping-rates.changed`, as a single save does; the cache hears it once committed.
    await eventsDelivered(fx.t.db);
    expect(await entries()).toMatchObject({ entries: 0, invalidatedAt: expect.any(String) });
  });

  // PGlite runs one statement at a time and hides the race; PostgreSQL (CI sets TEST_DATABASE_URL) shows it.
  describe.skipIf(!process.env.TEST_DATABASE_URL)('a row changed while the bulk job runs (PostgreSQL)', () => {
    it('the edit that holds the row commits first; the bulk then reads the row again and applies only if it still matches', async () => {
      const tag = await makeRates(6, 0);
      const [madeInactive, renamed, ...others] = await ratesOf(tag);
      // A staff member's save, in its transaction, holding both rows: one made Inactive, one renamed.
      let finishEdit!: () => void;
      const editMayCommit = new Promise<void>((resolve) => (finishEdit = resolve));
      let edited!: () => void;
      const isEdited = new Promise<void>((resolve) => (edited = resolve));
      const edit = fx.t.db.transaction(async (tx) => {
        await tx.update(shippingRates).set({ status: false, version: sql`${shippingRates.version} + 1` }).where(eq(shippingRates.id, madeInactive!.id));
        await tx.update(shippingRates).set({ name: `${tag} renamed`, version: sql`${shippingRates.version} + 1` }).where(eq(shippingRates.id, renamed!.id));
        edited();
        await editMayCommit;
      });
      await isEdited;

      // Delete every Active rate of the tag: the selection is read (all six), then the apply waits for the edit's locks.
      const started = await bulk(fx.admin, 'shipping-rates', { action: 'delete', filters: { search: tag, status: 'active' } });
      expect(started.statusCode, started.body).toBe(202);
      const { id } = started.json() as JobRecord;
      // The bulk job's transaction, queued behind the edit's row locks.
      await untilWaitingOnLocks(fx.t.db, 1);
      expect((await fx.t.request(fx.admin, { method: 'GET', url: `/api/jobs/${id}` })).json()).toMatchObject({ status: 'running', progressDone: 6 });
      finishEdit();
      await edit;

      const job = await jobWhenEnded(fx.t, fx.admin, id);
      // The row made Inactive no longer matches `status=active`: left alone. The renamed one still matches: deleted, its new name kept.
      expect(job.result).toMatchObject({ selected: 6, matched: 5, changed: 5 });
      const after = new Map((await fx.t.db.select().from(shippingRates).where(inArray(shippingRates.id, [madeInactive!.id, renamed!.id, ...others.map((o) => o.id)]))).map((row) => [row.id, row]));
      expect(after.get(madeInactive!.id)).toMatchObject({ status: false, deletedAt: null, version: 2 });
      expect(after.get(renamed!.id)).toMatchObject({ name: `${tag} renamed`, version: 3 });
      expect(after.get(renamed!.id)!.deletedAt).not.toBeNull();
      for (const other of others) expect(after.get(other.id)!.deletedAt).not.toBeNull();
      // A save based on the version read before the bulk is refused as stale, as after any other write.
      const stale = await fx.t.request(fx.admin, { method: 'PUT', url: `/api/shipping-rates/${madeInactive!.id}`, payload: { name: 'late', rate: 1, minFreeShippingAmount: 1, status: true, version: 1 } });
      expect(stale.statusCode).toBe(409);
    });
  });

  describe('who may, and what is refused before any job exists', () => {
    let outsider: string;
    beforeAll(async () => {
      outsider = (await fx.t.createUserWith(['newsletter'])).cookie;
    });

    it('answers 401 without a session and 403 without the resource’s permission', async () => {
      const runs = await fx.t.db.$count(jobRuns);
      const payload = { action: 'delete', filters: {} };
      expect((await bulk(undefined, 'shipping-rates', payload)).statusCode).toBe(401);
      expect((await bulk(outsider, 'shipping-rates', payload)).statusCode).toBe(403);
      expect((await bulk(outsider, 'product-sizes', { action: 'export', filters: {} })).statusCode).toBe(403);
      expect(await fx.t.db.$count(jobRuns)).toBe(runs);
    });

    it('offers no bulk route on a list that declares no bulk action', async () => {
      expect((await bulk(fx.admin, 'diamond-qualities', { action: 'delete', filters: {} })).statusCode).toBe(404);
    });

    it('refuses bad input with 400 and the list’s own messages, queuing nothing', async () => {
      const runs = await fx.t.db.$count(jobRuns);
      const listAnswer = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/shipping-rates?rateFrom=abc' })).json();
      const cases: [unknown, string | undefined][] = [
        // The list's own validation, word for word.
        [{ action: 'status', status: false, filters: { rateFrom: 'abc' } }, listAnswer.error.message],
        [{ action: 'status', status: false, filters: { rateFrom: '9', rateTo: '1' } }, MESSAGES.filterRange('Rate')],
        [{ action: 'status', status: false, filters: { sort: 'rate; drop table users' } }, undefined],
        [{ action: 'status', status: false, filters: { status: 'maybe' } }, undefined],
        [{ action: 'status', status: false, filters: { search: 'a\u0000b' } }, undefined],
        [{ action: 'status', status: false, filters: { search: ['a', 'b'] } }, undefined],
        // An action the list does not offer, a missing or wrong status.
        [{ action: 'export', filters: {} }, undefined],
        [{ action: 'archive', filters: {} }, undefined],
        [{ action: 'status', filters: {} }, MESSAGES.required],
        [{ action: 'status', status: 'Inactive', filters: {} }, undefined],
        // The selection: exactly one of ids and filters; ids are positive int32, at least one.
        [{ action: 'delete' }, MESSAGES.bulkSelection],
        [{ action: 'delete', ids: [1], filters: {} }, MESSAGES.bulkSelection],
        [{ action: 'delete', ids: [] }, MESSAGES.selectAtLeastOne],
        [{ action: 'delete', ids: [0] }, undefined],
        [{ action: 'delete', ids: ['1'] }, undefined],
        [{ action: 'delete', ids: [2_147_483_648] }, undefined],
        [{ action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, MESSAGES.tooManyItems(1000)],
        [[{ action: 'delete', ids: [1] }], undefined],
      ];
      for (const [payload, message] of cases) {
        const response = await bulk(fx.admin, 'shipping-rates', payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
        if (message) expect(response.json().error.message, JSON.stringify(payload)).toBe(message);
      }
      // An export takes the filters, not ticked ids.
      expect((await bulk(fx.admin, 'product-sizes', { action: 'export', ids: [1] })).json().error.message).toBe(MESSAGES.bulkExportNeedsFilters);
      expect(await fx.t.db.$count(jobRuns)).toBe(runs);
    });
  });
});
