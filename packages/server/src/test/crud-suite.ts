import { SHOP_TIME_ZONE, formatDateTime } from '@facet/contract/format';
import { MESSAGES } from '@facet/contract/messages';
import type { ResourceDefinition } from '@facet/contract/resource';
import { isAllowedTransition, statusLabelOf } from '@facet/contract/status';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/audit.table.ts';
import { jobRuns } from '../jobs/job-run.table.ts';
import type { TestApp, TestRoutes } from './test-app.ts';
import { ADMIN, createTestApp, jobWhenEnded } from './test-app.ts';

type Body = Record<string, unknown>;

/** Lists of ids are sets: compare them sorted. */
const comparable = (value: unknown) => (Array.isArray(value) ? [...value].sort() : value);

interface InvalidCase {
  /** What is wrong, as the test name shows it. */
  name: string;
  /** The bad body, built from a valid one. */
  input: (valid: Body) => Body;
  /** Field that must carry the message, or its path inside a list (['options', 0, 'value']). */
  field: string | (string | number)[];
  /** The spec's message, word for word. */
  message: string;
}

export interface CrudSuiteOptions {
  resource: ResourceDefinition;
  /** A valid create body; `n` makes unique fields unique. */
  validInput: (n: number, t: TestApp) => Body | Promise<Body>;
  /** Fields to change in the update test. */
  updateChange: (n: number) => Body;
  /** Every rule of the spec that applies, one case each. */
  invalid: InvalidCase[];
  /** Records the inputs refer to (a metal for metal qualities...), created once. */
  setup?: (t: TestApp) => Promise<void>;
  /** Fields of the create body that the record does not echo (passwords...). */
  writeOnly?: string[];
  /** Fields whose stored value differs from the input on purpose (server-computed, normalised). */
  derived?: string[];
  /**
   * For a resource without add (metals): the id of a seeded record. The update and every invalid
   * case then go through PUT on it (`validInput` is a whole valid PUT body), and the list tests read
   * the seeded rows.
   */
  existingRecord?: (t: TestApp) => Promise<number>;
  /**
   * Unique fields whose rule refuses capitals (a blog slug): their duplicate is sent as it is, since
   * an upper-cased copy is refused by the pattern before it can clash.
   */
  lowerCaseOnly?: string[];
  /** Routes of a resource that only the test defines (its table created there too). */
  routes?: TestRoutes;
}

/**
 * The behaviour every flat resource shares, asserted through the HTTP API: create, read, list with
 * paging, search and sort, update with a version check, status switch, soft delete, uniqueness,
 * each validation rule (400, the spec's message, nothing written), 401/403 and the audit trail; and
 * the bulk actions it declares (status, delete, export of the ticked rows as jobs; their 401/403).
 */
export function describeCrudResource(options: CrudSuiteOptions) {
  const { resource } = options;
  const base = `/api/${resource.name}`;

  describe(`${resource.name}: resource toolkit behaviour`, () => {
    let t: TestApp;
    let cookie: string;
    let counter = 0;
    const next = () => ++counter;

    async function create(body: Body) {
      const response = await t.request(cookie, { method: 'POST', url: base, payload: body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Body & { id: number; version: number };
    }
    async function total(search?: string) {
      const response = await t.request(cookie, { method: 'GET', url: base, query: { pageSize: '100', ...(search ? { search } : {}) } });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { total: number }).total;
    }
    async function read(id: number) {
      const response = await t.request(cookie, { method: 'GET', url: `${base}/${id}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Body & { id: number; version: number };
    }
    /** A record to look for: a new one, or the seeded one of a resource without add. */
    async function someRecord() {
      if (resource.operations.create) return create(await options.validInput(next(), t));
      return read(await options.existingRecord!(t));
    }
    async function anotherRecord(id: number) {
      const list = await t.request(cookie, { method: 'GET', url: base, query: { pageSize: '100' } });
      return read((list.json() as { items: { id: number }[] }).items.find((item) => item.id !== id)!.id);
    }
    function expectEchoes(record: Body, input: Body) {
      const ignored = new Set([...(options.writeOnly ?? []), ...(options.derived ?? [])]);
      for (const [key, value] of Object.entries(input)) {
        if (ignored.has(key)) continue;
        // Every field sent comes back: one the record leaves out is lost or must be declared above.
        expect(record, `the record echoes ${key}`).toHaveProperty([key]);
        expect(comparable(record[key]), key).toEqual(comparable(typeof value === 'string' ? value.trim() : value));
      }
    }

    /**
     * Whether the values are in ascending list order: numbers and booleans compared here, text by
     * the database (lower-cased, a missing text as empty, as the list sorts it) so its collation decides.
     */
    async function isAscending(values: unknown[]) {
      const pairs = values.slice(1).map((value, i) => [values[i], value] as const);
      if (values.every((v) => typeof v === 'number' || typeof v === 'boolean')) return pairs.every(([a, b]) => Number(a) <= Number(b));
      const text = (v: unknown) => sql`lower(coalesce(${v === null || v === undefined ? null : String(v)}::text, ''))`;
      const checks = pairs.map(([a, b]) => sql`(${text(a)} <= ${text(b)})`);
      const result = (await t.db.execute(sql`select (${sql.join(checks, sql` and `)}) as ok`)) as unknown as { rows: { ok: boolean }[] };
      const [row] = result.rows;
      return row!.ok;
    }

    beforeAll(async () => {
      t = await createTestApp({}, { routes: options.routes });
      cookie = await t.login();
      await options.setup?.(t);
    });
    afterAll(() => t?.close());

    if (resource.operations.create) {
      it('creates a record (201), reads it back and lists it', async () => {
        const input = await options.validInput(next(), t);
        const created = await create(input);
        expectEchoes(created, input);
        expect(created.version).toBe(1);
        const read = await t.request(cookie, { method: 'GET', url: `${base}/${created.id}` });
        expect(read.statusCode).toBe(200);
        expect(read.json()).toEqual(created);
        const list = await t.request(cookie, { method: 'GET', url: base, query: { pageSize: '100' } });
        expect((list.json() as { items: Body[] }).items.map((i) => i.id)).toContain(created.id);
      });

      it('pages the list on the server', async () => {
        for (let i = 0; i < 3; i++) await create(await options.validInput(next(), t));
        const all = await total();
        const page = await t.request(cookie, { method: 'GET', url: base, query: { page: '2', pageSize: '2' } });
        const body = page.json() as { items: Body[]; total: number; page: number; pageSize: number };
        expect(body).toMatchObject({ total: all, page: 2, pageSize: 2 });
        expect(body.items.length).toBe(Math.min(2, Math.max(0, all - 2)));
        const tooBig = await t.request(cookie, { method: 'GET', url: base, query: { pageSize: '101' } });
        expect(tooBig.statusCode).toBe(400);
      });
    }

    const hasRows = resource.operations.create || options.existingRecord !== undefined;
    if (hasRows && resource.searchable.length) {
      it('searches case-insensitively over its searchable fields', async () => {
        const record = await someRecord();
        const field = resource.searchable[0]!;
        const value = String(record[field]);
        const response = await t.request(cookie, { method: 'GET', url: base, query: { search: value.toUpperCase(), pageSize: '100' } });
        expect((response.json() as { items: Body[] }).items.map((i) => i.id)).toContain(record.id);
        expect(await total('zz-no-such-value-zz')).toBe(0);
      });
    }

    if (hasRows) {
      it('sorts by each sortable field both ways, and refuses an unknown sort field', async () => {
        for (const field of resource.sortable) {
          const ids = async (order: string) =>
            ((await t.request(cookie, { method: 'GET', url: base, query: { sort: field, order, pageSize: '100' } })).json() as { items: Body[] }).items.map(
              (i) => i[field],
            );
          const ascending = await ids('asc');
          const descending = await ids('desc');
          expect(ascending.length).toBeGreaterThan(1);
          expect(new Set(ascending.map(String)).size, `${field} has distinct values to order`).toBeGreaterThan(1);
          expect(await isAscending(ascending), `${field} ascending: ${JSON.stringify(ascending)}`).toBe(true);
          expect(descending).toEqual([...ascending].reverse());
        }
        const bad = await t.request(cookie, { method: 'GET', url: base, query: { sort: 'passwordHash' } });
        expect(bad.statusCode).toBe(400);
      });
    }

    if (resource.operations.update && hasRows) {
      it('updates with the current version and refuses a stale version with 409 naming the editor', async () => {
        const n = next();
        const input = await options.validInput(n, t);
        const target = resource.operations.create ? await create(input) : await read(await options.existingRecord!(t));
        const changed = { ...input, ...options.updateChange(n) };
        const updated = await t.request(cookie, { method: 'PUT', url: `${base}/${target.id}`, payload: { ...changed, version: target.version } });
        expect(updated.statusCode, updated.body).toBe(200);
        expectEchoes(updated.json(), options.updateChange(n));
        expect(updated.json().version).toBe(target.version + 1);
        const stale = await t.request(cookie, { method: 'PUT', url: `${base}/${target.id}`, payload: { ...changed, version: target.version } });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().error.message).toBe(MESSAGES.staleVersion(ADMIN.username, formatDateTime(updated.json().updatedAt, SHOP_TIME_ZONE)));
      });
    }

    const { status } = resource;
    if (status?.kind === 'switch' && resource.operations.create) {
      it('switches status Active/Inactive and filters by it', async () => {
        const created = await create(await options.validInput(next(), t));
        const off = await t.request(cookie, { method: 'PATCH', url: `${base}/${created.id}/status`, payload: { status: false, version: created.version } });
        expect(off.statusCode, off.body).toBe(200);
        expect(off.json().status).toBe(false);
        const inactive = await t.request(cookie, { method: 'GET', url: base, query: { status: 'inactive', pageSize: '100' } });
        expect((inactive.json() as { items: Body[] }).items.map((i) => i.id)).toContain(created.id);
        const stale = await t.request(cookie, { method: 'PATCH', url: `${base}/${created.id}/status`, payload: { status: true, version: created.version } });
        expect(stale.statusCode).toBe(409);
      });
    }

    if (status?.kind === 'states' && resource.operations.create) {
      it('moves between its named states, filters by them, and refuses a state it does not have', async () => {
        const created = await create(await options.validInput(next(), t));
        const [first, second] = status.states as [string, string];
        const listed = async (state: string) =>
          ((await t.request(cookie, { method: 'GET', url: base, query: { status: state, pageSize: '100' } })).json() as { items: Body[] }).items.map((i) => i.id);
        const moved = await t.request(cookie, { method: 'PATCH', url: `${base}/${created.id}/status`, payload: { status: second, version: created.version } });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json().status).toBe(second);
        expect(await listed(second)).toContain(created.id);
        expect(await listed(first)).not.toContain(created.id);
        expect(await listed(`${first},${second}`)).toContain(created.id);
        const choices = MESSAGES.filterChoice('Status', status.states.join(', '));
        const unknownFilter = await t.request(cookie, { method: 'GET', url: base, query: { status: 'active' } });
        expect(unknownFilter.statusCode).toBe(400);
        expect(unknownFilter.json().error.issues).toEqual([{ path: ['status'], message: choices }]);
        const current = moved.json() as { version: number };
        for (const wrong of ['no-such-state', true]) {
          const refused = await t.request(cookie, { method: 'PATCH', url: `${base}/${created.id}/status`, payload: { status: wrong, version: current.version } });
          expect(refused.statusCode, String(wrong)).toBe(400);
          expect(refused.json().error.issues).toEqual([{ path: ['status'], message: choices }]);
        }
        expect((await read(created.id)).status).toBe(second);
        const stale = await t.request(cookie, { method: 'PATCH', url: `${base}/${created.id}/status`, payload: { status: first, version: created.version } });
        expect(stale.statusCode).toBe(409);
        // A change its transitions do not list: 409 naming both states, and nothing written.
        const refusedState = status.states.find((state) => !isAllowedTransition(status, second, state));
        if (refusedState) {
          const refused = await t.request(cookie, { method: 'PATCH', url: `${base}/${created.id}/status`, payload: { status: refusedState, version: current.version } });
          expect(refused.statusCode, refused.body).toBe(409);
          const allowed = (status.transitions?.[second] ?? []).map((state) => statusLabelOf(status, state)).join(', ');
          expect(refused.json().error.message).toBe(MESSAGES.stateTransitionRefused(statusLabelOf(status, second), statusLabelOf(status, refusedState), allowed));
          expect(await read(created.id)).toMatchObject({ status: second, version: current.version });
        }
      });
    }

    if (resource.operations.delete && resource.operations.create) {
      it('soft deletes: 204, then 404 and gone from the list, the row kept', async () => {
        const created = await create(await options.validInput(next(), t));
        const removed = await t.request(cookie, { method: 'DELETE', url: `${base}/${created.id}` });
        expect(removed.statusCode, removed.body).toBe(204);
        expect((await t.request(cookie, { method: 'GET', url: `${base}/${created.id}` })).statusCode).toBe(404);
        const list = await t.request(cookie, { method: 'GET', url: base, query: { pageSize: '100' } });
        expect((list.json() as { items: Body[] }).items.map((i) => i.id)).not.toContain(created.id);
        const [audit] = await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, resource.entity), eq(auditLog.entityId, String(created.id)), eq(auditLog.action, 'delete')));
        expect(audit).toBeDefined();
      });
    }

    const bulkActions = resource.bulkActions ?? [];
    if (bulkActions.length && resource.operations.create) {
      const bulk = (body: Body) => t.request(cookie, { method: 'POST', url: `${base}/bulk`, payload: body });
      /** Starts a bulk action and answers the job once it has ended. */
      async function bulkJob(body: Body) {
        const started = await bulk(body);
        expect(started.statusCode, started.body).toBe(202);
        return jobWhenEnded(t, cookie, (started.json() as { id: number }).id);
      }
      const auditsOfJob = (jobId: number) => t.db.select().from(auditLog).where(eq(auditLog.requestId, `job-${jobId}`));

      if (bulkActions.includes('status') && status?.kind === 'switch') {
        it('bulk: sets the status of the ticked records as a job, each audited as its switch is, and leaves the others', async () => {
          const [a, b, other] = [await someRecord(), await someRecord(), await someRecord()];
          const job = await bulkJob({ action: 'status', status: false, ids: [a.id, b.id] });
          expect(job, job.error ?? '').toMatchObject({ kind: `bulk.${resource.name}`, status: 'succeeded', result: { selected: 2, matched: 2, changed: 2 } });
          expect([(await read(a.id)).status, (await read(b.id)).status, (await read(other.id)).status]).toEqual([false, false, other.status]);
          const audits = await auditsOfJob(job.id);
          expect(audits.map((audit) => [audit.action, audit.entity, audit.entityId]).sort()).toEqual(
            [a, b].map((record) => ['status', resource.entity, String(record.id)]).sort(),
          );
        });
      }

      if (bulkActions.includes('delete')) {
        it('bulk: deletes the ticked records as a job (soft, each audited), gone from the list', async () => {
          const [a, b, other] = [await someRecord(), await someRecord(), await someRecord()];
          const job = await bulkJob({ action: 'delete', ids: [a.id, b.id] });
          expect(job, job.error ?? '').toMatchObject({ status: 'succeeded', result: { action: 'Delete', selected: 2, matched: 2, changed: 2 } });
          for (const gone of [a, b]) expect((await t.request(cookie, { method: 'GET', url: `${base}/${gone.id}` })).statusCode).toBe(404);
          expect((await read(other.id)).id).toBe(other.id);
          expect((await auditsOfJob(job.id)).map((audit) => audit.action)).toEqual(['delete', 'delete']);
        });
      }

      if (bulkActions.includes('export') && resource.searchable.length) {
        it('bulk: exports what the filters select as the list’s export job', async () => {
          const record = await someRecord();
          const job = await bulkJob({ action: 'export', filters: { search: String(record[resource.searchable[0]!]) } });
          expect(job, job.error ?? '').toMatchObject({ kind: `export.${resource.name}`, status: 'succeeded' });
          expect(job.result?.rows).toBeGreaterThan(0);
        });
      }

      it('bulk: 401 without a session and 403 without the permission, queuing nothing', async () => {
        const record = await someRecord();
        const runs = await t.db.$count(jobRuns);
        const outsider = await t.createUserWith(['test-permission']);
        const action = bulkActions.includes('export') ? { action: 'export', filters: {} } : { action: bulkActions[0], status: false, ids: [record.id] };
        expect((await t.request(undefined, { method: 'POST', url: `${base}/bulk`, payload: action })).statusCode).toBe(401);
        expect((await t.request(outsider.cookie, { method: 'POST', url: `${base}/bulk`, payload: action })).statusCode).toBe(403);
        expect(await t.db.$count(jobRuns)).toBe(runs);
      });
    }

    for (const unique of resource.unique) {
      it(`refuses a duplicate ${unique.field} among live records with 409 on the field, case-insensitively`, async () => {
        const first = await someRecord();
        const value = String(first[unique.field]);
        const duplicate = { ...(await options.validInput(next(), t)), [unique.field]: options.lowerCaseOnly?.includes(unique.field) ? value : value.toUpperCase() };
        const before = await total();
        // Without add, another seeded record is renamed onto the first one's value.
        const edited = resource.operations.create ? undefined : await anotherRecord(first.id);
        const response = edited
          ? await t.request(cookie, { method: 'PUT', url: `${base}/${edited.id}`, payload: { ...duplicate, version: edited.version } })
          : await t.request(cookie, { method: 'POST', url: base, payload: duplicate });
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().error.issues).toEqual([{ path: [unique.field], message: `${unique.label} already exists.` }]);
        expect(await total()).toBe(before);
        if (edited) expect(await read(edited.id)).toEqual(edited);
      });
    }

    for (const bad of options.invalid) {
      it(`rejects ${bad.name} with 400 and the spec's message, writing nothing`, async () => {
        const body = bad.input(await options.validInput(next(), t));
        const before = await total();
        // Without add, the rule is met on edit of the seeded record.
        const edited = resource.operations.create ? undefined : await read(await options.existingRecord!(t));
        const response = edited
          ? await t.request(cookie, { method: 'PUT', url: `${base}/${edited.id}`, payload: { ...body, version: edited.version } })
          : await t.request(cookie, { method: 'POST', url: base, payload: body });
        expect(response.statusCode, response.body).toBe(400);
        const error = response.json().error;
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.issues).toContainEqual({ path: [bad.field].flat(), message: bad.message });
        expect(await total()).toBe(before);
        if (edited) expect(await read(edited.id)).toEqual(edited);
      });
    }

    if (options.existingRecord && (!resource.operations.create || !resource.operations.delete)) {
      it('offers only the operations of the spec: no add or no delete route (404), nothing written', async () => {
        const record = await read(await options.existingRecord!(t));
        const before = await total();
        if (!resource.operations.create) {
          const added = await t.request(cookie, { method: 'POST', url: base, payload: await options.validInput(next(), t) });
          expect(added.statusCode).toBe(404);
        }
        if (!resource.operations.delete) expect((await t.request(cookie, { method: 'DELETE', url: `${base}/${record.id}` })).statusCode).toBe(404);
        expect(await total()).toBe(before);
        expect(await read(record.id)).toEqual(record);
      });
    }

    if (resource.alsoReadBy) {
      const readers = [resource.alsoReadBy].flat();
      it(`lists and shows its records to staff holding only ${readers.join(' or ')}, and refuses them every write`, async () => {
        const record = await someRecord();
        const reader = await t.createUserWith([readers[0]!]);
        const list = await t.request(reader.cookie, { method: 'GET', url: base, query: { pageSize: '100' } });
        expect(list.statusCode, list.body).toBe(200);
        expect((list.json() as { items: { id: number }[] }).items.map((item) => item.id)).toContain(record.id);
        expect((await t.request(reader.cookie, { method: 'GET', url: `${base}/${record.id}` })).statusCode).toBe(200);
        const before = await total();
        const writes = [
          { method: 'POST' as const, url: base, payload: await options.validInput(next(), t) },
          { method: 'PUT' as const, url: `${base}/${record.id}`, payload: { ...(await options.validInput(next(), t)), version: record.version } },
          { method: 'PATCH' as const, url: `${base}/${record.id}/status`, payload: { status: false, version: record.version } },
          { method: 'DELETE' as const, url: `${base}/${record.id}` },
        ];
        for (const write of writes) expect((await t.request(reader.cookie, write)).statusCode, `${write.method} ${write.url}`).toBe(403);
        expect(await total()).toBe(before);
        expect(await read(record.id)).toEqual(record);
      });
    }

    it('answers 401 without a session and 403 without the permission', async () => {
      expect((await t.request(undefined, { method: 'GET', url: base })).statusCode).toBe(401);
      const outsider = await t.createUserWith(['test-permission']);
      expect((await t.request(outsider.cookie, { method: 'GET', url: base })).statusCode).toBe(403);
      if (resource.operations.create) {
        const before = await total();
        const response = await t.request(outsider.cookie, { method: 'POST', url: base, payload: await options.validInput(next(), t) });
        expect(response.statusCode).toBe(403);
        expect(await total()).toBe(before);
      }
    });
  });
}
