import { recordMetaSchema } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import { defineResource } from '@facet/contract/resource';
import { requiredText } from '@facet/contract/rules';
import { namedStates } from '@facet/contract/status';
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crudRoutes } from '../http/crud-routes.ts';
import { conflict } from '../http/errors.ts';
import { describeCrudResource } from '../test/crud-suite.ts';
import type { TestApp } from '../test/test-app.ts';
import { createTestApp } from '../test/test-app.ts';
import { auditLog } from './audit.table.ts';
import type { Db } from './client.ts';
import { listIndex, searchIndexes, standardColumns, statesColumn } from './columns.ts';
import { createCrudService } from './crud-service.ts';

/**
 * A resource with named states and a list row smaller than its record, defined only here (its table
 * is created by the test, so no migration carries it): the toolkit's proof that a status is not a
 * boolean by assumption, and that a list reads only what its rows show.
 */
const REVIEW_STATES = namedStates(
  { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  // Approved is final; a rejected review may be looked at again (or, says the map, approved: the status hook refuses that).
  { transitions: { pending: ['approved', 'rejected'], rejected: ['pending', 'approved'] } },
);

const reviewInputSchema = z.object({ title: requiredText(100), body: z.string().trim().max(2000) });
const reviewRecordSchema = recordMetaSchema.extend({
  title: z.string(),
  body: z.string(),
  status: z.enum(REVIEW_STATES.states),
  /** Loaded by a relation hook: the detail shows it, the list row does not. */
  wordCount: z.number(),
});

const reviewResource = defineResource({
  name: 'test-reviews',
  entity: 'test_review',
  label: 'Review',
  permission: 'system',
  createInput: reviewInputSchema,
  record: reviewRecordSchema,
  listRow: reviewRecordSchema.pick({ id: true, version: true, createdAt: true, updatedAt: true, title: true, status: true }),
  searchable: ['title'],
  sortable: ['title', 'createdAt'],
  status: REVIEW_STATES,
  unique: [{ field: 'title', label: 'Review title' }],
  export: {
    fileName: 'Reviews',
    columns: [
      { field: 'title', header: 'Title' },
      { field: 'status', header: 'Status', type: 'status' },
    ],
  },
});

const testReviews = pgTable(
  'test_reviews',
  { ...standardColumns, ...statesColumn(REVIEW_STATES, 'pending'), title: text('title').notNull(), body: text('body').notNull() },
  (t) => [
    uniqueIndex('test_reviews_title_live').on(sql`lower(${t.title})`).where(sql`deleted_at is null`),
    ...searchIndexes('test_reviews', t.title),
    listIndex('test_reviews_created', t, t.createdAt),
  ],
);

/** How often the detail's relation was loaded, to show that the list does not load it. */
const relationLoads = { count: 0 };

async function reviewRoutes(app: FastifyInstance, db: Db) {
  await db.execute(sql`
    create table test_reviews (
      id integer primary key generated always as identity,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      created_by integer, updated_by integer, deleted_at timestamptz, deleted_by integer,
      status text not null default 'pending',
      title text not null,
      body text not null
    )`);
  await db.execute(sql`create unique index test_reviews_title_live on test_reviews (lower(title)) where deleted_at is null`);
  await db.execute(sql`create index test_reviews_title_search on test_reviews using gin (lower(title) gin_trgm_ops)`);
  await db.execute(sql`create index test_reviews_created on test_reviews (created_at, id) where deleted_at is null`);
  const service = createCrudService(db, reviewResource, testReviews, {
    async loadRelations(source, ids) {
      relationLoads.count++;
      const rows = await source.select({ id: testReviews.id, body: testReviews.body }).from(testReviews);
      return new Map(rows.filter((row) => ids.includes(row.id)).map((row) => [row.id, { wordCount: row.body.split(/\s+/).filter(Boolean).length }]));
    },
    // Typed by the table and the states: `existing.status` and `status` are state names, not booleans.
    async beforeStatus(_tx, { status, existing }) {
      if (existing.status === 'rejected' && status === 'approved') throw conflict('A rejected review cannot be approved.');
    },
  });
  // A resource of this test alone has no export job kind in the contract (JOB_KINDS), so its export
  // streams from the request whatever its size; the job path has tests of its own.
  app.largeExports = undefined;
  crudRoutes(app, reviewResource, service);
}

describeCrudResource({
  resource: reviewResource,
  routes: reviewRoutes,
  validInput: (n) => ({ title: `Lovely ring ${n}`, body: 'Arrived quickly and fits well.' }),
  updateChange: () => ({ body: 'Still lovely a month on.' }),
  invalid: [{ name: 'a missing title', input: ({ title: _t, ...v }) => v, field: 'title', message: MESSAGES.required }],
});

describe('a resource with named states and a narrow list row', () => {
  async function withApp(run: (t: TestApp, cookie: string) => Promise<void>) {
    const t = await createTestApp({}, { routes: reviewRoutes });
    try {
      await run(t, await t.login());
    } finally {
      await t.close();
    }
  }
  const create = async (t: TestApp, cookie: string, title: string) => {
    const response = await t.request(cookie, { method: 'POST', url: '/api/test-reviews', payload: { title, body: 'Three words here' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number; status: string; wordCount: number };
  };

  it('starts a record in its first state, runs the typed status hook, and exports the state label', () =>
    withApp(async (t, cookie) => {
      const review = await create(t, cookie, 'Sparkles');
      expect(review).toMatchObject({ status: 'pending', wordCount: 3 });
      const setStatus = (status: string, version: number) =>
        t.request(cookie, { method: 'PATCH', url: `/api/test-reviews/${review.id}/status`, payload: { status, version } });
      const rejected = await setStatus('rejected', review.version);
      expect(rejected.statusCode, rejected.body).toBe(200);
      const refused = await setStatus('approved', rejected.json().version);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('A rejected review cannot be approved.');

      const exported = await t.request(cookie, { method: 'GET', url: '/api/test-reviews/export' });
      expect(exported.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([undefined, 'Title', 'Status']);
      expect(sheet.getRow(2).values).toEqual([undefined, 'Sparkles', 'Rejected']);
    }));

  it('refuses a change its transitions do not list with 409, writing nothing (no row change, no audit entry)', () =>
    withApp(async (t, cookie) => {
      const setStatus = (id: number, status: string, version: number) =>
        t.request(cookie, { method: 'PATCH', url: `/api/test-reviews/${id}/status`, payload: { status, version } });
      const review = await create(t, cookie, 'Final word');
      const approved = await setStatus(review.id, 'approved', review.version);
      expect(approved.statusCode, approved.body).toBe(200);
      const { version } = approved.json() as { version: number };
      const audits = async () => (await t.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.entity, 'test_review'), eq(auditLog.entityId, String(review.id))))).length;
      const auditsBefore = await audits();
      const toPending = await setStatus(review.id, 'pending', version);
      expect(toPending.statusCode, toPending.body).toBe(409);
      expect(toPending.json().error.message).toBe('The status cannot change from Approved to Pending. Approved is final.');
      expect((await setStatus(review.id, 'rejected', version)).statusCode).toBe(409);
      const read = await t.request(cookie, { method: 'GET', url: `/api/test-reviews/${review.id}` });
      expect(read.json()).toMatchObject({ status: 'approved', version });
      expect(await audits()).toBe(auditsBefore);
      // Staying in its state is no change of state, and is allowed.
      expect((await setStatus(review.id, 'approved', version)).statusCode).toBe(200);

      // From a state with ways out, the refusal names them (the map lets a rejected review be looked at again).
      const second = await create(t, cookie, 'Second look');
      const rejected = await setStatus(second.id, 'rejected', second.version);
      expect(rejected.statusCode, rejected.body).toBe(200);
      const back = await setStatus(second.id, 'pending', rejected.json().version);
      expect(back.statusCode, back.body).toBe(200);
      expect(MESSAGES.stateTransitionRefused('Rejected', 'Approved', 'Pending, Approved')).toBe(
        'The status cannot change from Rejected to Approved. From Rejected it can change to Pending, Approved.',
      );
    }));

  it('lists only the list row: no detail field, no relation loaded', () =>
    withApp(async (t, cookie) => {
      const review = await create(t, cookie, 'Bright stone');
      relationLoads.count = 0;
      const list = await t.request(cookie, { method: 'GET', url: '/api/test-reviews' });
      expect(list.statusCode, list.body).toBe(200);
      const [item] = list.json().items as Record<string, unknown>[];
      expect(Object.keys(item!).sort()).toEqual(['createdAt', 'id', 'status', 'title', 'updatedAt', 'version']);
      expect(relationLoads.count).toBe(0);
      const detail = await t.request(cookie, { method: 'GET', url: `/api/test-reviews/${review.id}` });
      expect(detail.json()).toMatchObject({ body: 'Three words here', wordCount: 3 });
      expect(relationLoads.count).toBe(1);
    }));
});
