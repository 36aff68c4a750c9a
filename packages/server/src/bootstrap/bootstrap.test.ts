import { categoryInputSchema, ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { contentPageInputSchema } from '@facet/contract/modules/content-pages/content-page.schema';
import { navigationMenuItemInputSchema } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { settingInputSchema } from '@facet/contract/modules/settings/setting.schema';
import { MASTER_PERMISSION } from '@facet/contract/permissions';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/audit.table.ts';
import { verifyPassword } from '../modules/auth/password.ts';
import { loadPermissionKeys } from '../modules/auth/session.service.ts';
import { jobRuns } from '../jobs/job-run.table.ts';
import { categories } from '../modules/categories/category.table.ts';
import { diamondFeedRuns } from '../modules/diamonds/diamond.table.ts';
import { contentPages } from '../modules/content-pages/content-page.table.ts';
import { createLocalStorage } from '../storage/media-storage.ts';
import { media } from '../modules/media/media.table.ts';
import { navigationMenuItems } from '../modules/navigation-menu/navigation-menu.table.ts';
import { products } from '../modules/products/product.table.ts';
import { settings } from '../modules/settings/setting.table.ts';
import { openMigratedPglite } from '../test/test-database.ts';
import { users } from '../modules/users/user.table.ts';
import { bootstrap } from './bootstrap.ts';
import { DEMO_PASSWORD } from './demo-data.ts';
import { serviceInputSchema } from '@facet/contract/modules/appointments/appointment.schema';
import { blogCategoryInputSchema, blogInputSchema } from '@facet/contract/modules/blogs/blog.schema';
import { appointments, services } from '../modules/appointments/appointment.table.ts';
import { blogCategories, blogs } from '../modules/blogs/blog.table.ts';
import { IMAGE_SYNC_MESSAGES, IMAGE_SYNC_SETTING_KEYS } from '@facet/contract/modules/image-sync/image-sync.schema';
import { createDropboxClient } from '../integrations/dropbox/dropbox-client.ts';
import { createImageSyncService } from '../modules/image-sync/image-sync.service.ts';
import { productMediaLibrary } from '../modules/product-media/product-media.table.ts';

const DEMO_TIMEOUT = 180_000;

describe('bootstrap of an empty database', () => {
  it('creates the admin with a generated password when none is given, holding all-master', async () => {
    const database = await openMigratedPglite();
    const result = await bootstrap(database.db, { adminUsername: 'owner', adminPassword: undefined, demoData: false });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const [owner] = await database.db.select().from(users).where(eq(users.name, 'owner'));
    expect(await verifyPassword(owner!.passwordHash, result.generatedPassword!)).toBe(true);
    expect(await loadPermissionKeys(database.db, owner!.id)).toEqual([MASTER_PERMISSION]);
    await database.close();
  });

  it('uses ADMIN_PASSWORD when given and prints nothing', async () => {
    const database = await openMigratedPglite();
    const result = await bootstrap(database.db, { adminUsername: 'admin', adminPassword: 'chosen-pass1', demoData: false });
    expect(result.generatedPassword).toBeUndefined();
    const [admin] = await database.db.select().from(users).where(eq(users.name, 'admin'));
    expect(await verifyPassword(admin!.passwordHash, 'chosen-pass1')).toBe(true);
    await database.close();
  });
});

// Demo data saves the demo catalogue product by product through the products service: a minute on a
// loaded machine, and the most memory any test takes. It is bootstrapped once for the tests below
// (each only reads it), not once per test.
describe('bootstrap of an empty database with demo data', () => {
  let database: Awaited<ReturnType<typeof openMigratedPglite>>;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-demo-media-'));
  const secretKey = randomBytes(32);
  beforeAll(async () => {
    database = await openMigratedPglite();
    await bootstrap(database.db, { adminUsername: 'admin', adminPassword: 'chosen-pass1', demoData: true }, { mediaStorage: createLocalStorage(mediaDir), secretKey });
  }, DEMO_TIMEOUT);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('records the demo feed runs as the jobs the Job Centre lists (three full syncs, one failed)', async () => {
    const jobs = await database.db.select().from(jobRuns).where(eq(jobRuns.kind, 'diamonds.sync'));
    expect(jobs.map((job) => job.status).sort()).toEqual(['failed', 'succeeded', 'succeeded', 'succeeded']);
    expect(jobs.find((job) => job.status === 'failed')!.error).toMatch(/503/);
    const runs = await database.db.select({ jobRunId: diamondFeedRuns.jobRunId }).from(diamondFeedRuns);
    expect(runs.map((run) => run.jobRunId).sort()).toEqual(jobs.map((job) => job.id).sort());
  });

  it("gives each demo refund, full and partial, the credit note a refund's subscriber makes: numbered, dated as the refund, its PDF stored", async () => {
    const rows = (await database.db.execute(sql`
      select r.type, r.amount::float as amount, r.created_at as "refundedAt", r.credit_note_number as "creditNoteNumber", r.credit_note_url as "creditNoteUrl",
        n.number, n.amount as "noteAmount", n.created_at as "notedAt", n.storage_key as "storageKey", n.order_reference = o.order_number as "isOrders"
      from order_refunds r join orders o on o.id = r.order_id left join credit_notes n on n.refund_reference = 'order-refund:' || r.id and n.deleted_at is null
      order by r.created_at, r.id`)) as unknown as {
      rows: { type: string; amount: number; refundedAt: Date | string; creditNoteNumber: string | null; creditNoteUrl: string | null; number: number | null; noteAmount: string | number | null; notedAt: Date | string | null; storageKey: string | null; isOrders: boolean | null }[];
    };
    const refunds = rows.rows;
    expect(new Set(refunds.map((refund) => refund.type))).toEqual(new Set(['full', 'partial']));
    for (const refund of refunds) {
      expect(refund.number, `refund of ${refund.amount} on ${String(refund.refundedAt)}`).not.toBeNull();
      expect(refund.creditNoteNumber).toBe(`CN-${String(refund.number).padStart(6, '0')}`);
      expect(refund.creditNoteUrl).toBe(`/api/credit-notes/${refund.number}/pdf`);
      expect(Number(refund.noteAmount)).toBe(refund.amount);
      expect(refund.isOrders).toBe(true);
      expect(new Date(refund.notedAt!).getTime()).toBe(new Date(refund.refundedAt).getTime());
      expect(fs.readFileSync(path.join(mediaDir, refund.storageKey!)).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Numbered in the order the money was given back.
    const numbers = refunds.map((refund) => refund.number!);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('shows Dropbox connected with the report of its last sync, written through the sync’s own file handling', async () => {
    const state = await createImageSyncService(database.db, createDropboxClient(), () => secretKey).state();
    expect(state).toMatchObject({ isConfigured: true, isConnected: true, folder: '/Product Images' });
    expect(Date.now() - new Date(state.lastSyncAt!).getTime()).toBeLessThan(2 * 3_600_000);
    // The last run: two photographs attached, an unknown SKU, one over 2 MB and one no image refused, one deleted in Dropbox removed.
    expect(state.report.counts).toEqual({ matched: 2, unmatched: 1, rejected: 2, removed: 1, kept: 0 });
    expect(state.report.files.find((file) => file.outcome === 'removed')!.reason).toBe(IMAGE_SYNC_MESSAGES.removed);
    const [job] = await database.db.select().from(jobRuns).where(eq(jobRuns.id, state.jobId!));
    expect(job).toMatchObject({ kind: 'image-sync.run', status: 'succeeded', result: { matched: 2, unmatched: 1, rejected: 2, removed: 1 } });
    expect(await database.db.$count(jobRuns, eq(jobRuns.kind, 'image-sync.run'))).toBe(2);
    // The tokens are stored as a connect stores them: encrypted.
    const [refresh] = await database.db.select().from(settings).where(eq(settings.key, IMAGE_SYNC_SETTING_KEYS.refreshToken));
    expect(refresh).toMatchObject({ isSecret: true });
    expect(refresh!.value).not.toContain('demo-refresh-token');
    // What the syncs attached is in the libraries (four photographs live); the removed one's file is gone from the store.
    const synced = (await database.db.execute(sql`
      select f.outcome, l.deleted_at is null as "isLive", m.name from image_sync_files f
      left join product_media_library l on l.id = f.media_id left join media m on m.id = l.media_id where f.outcome in ('matched', 'removed')`)) as unknown as { rows: { outcome: string; isLive: boolean | null; name: string | null }[] };
    const matched = synced.rows.filter((row) => row.outcome === 'matched');
    expect(matched).toHaveLength(4);
    for (const row of matched) {
      expect(row.isLive).toBe(true);
      expect(fs.existsSync(path.join(mediaDir, row.name!))).toBe(true);
    }
    const removed = await database.db.select().from(productMediaLibrary).where(isNotNull(productMediaLibrary.deletedAt));
    expect(removed).toHaveLength(1);
  });

  it('adds demo staff with realistic roles', async () => {
    const [sarah] = await database.db.select().from(users).where(eq(users.name, 'sarah'));
    expect(await verifyPassword(sarah!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await loadPermissionKeys(database.db, sarah!.id)).toContain('sales');
    const [james] = await database.db.select().from(users).where(eq(users.name, 'james'));
    expect(await loadPermissionKeys(database.db, james!.id)).toContain('system');
  });

  it('seeds reference and demo data that keep the rules of the forms (slugs, keys, class names, head text)', async () => {
    const db = database.db;
    const expectValid = (schema: z.ZodType, rows: Record<string, unknown>[], label: (row: Record<string, unknown>) => string) => {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const result = schema.safeParse(row);
        expect(result.error?.issues ?? [], label(row)).toEqual([]);
      }
    };
    expectValid(contentPageInputSchema, await db.select().from(contentPages), (row) => `content page ${row.slug}`);
    expectValid(settingInputSchema, await db.select().from(settings), (row) => `setting ${row.key}`);
    expectValid(navigationMenuItemInputSchema, await db.select().from(navigationMenuItems), (row) => `menu item ${row.title}`);
    // The root (reference data) has no parent; every other field of it obeys the form as well.
    const categoryRows = (await db.select().from(categories)).map((row) => ({ ...row, parentId: row.parentId ?? ROOT_CATEGORY_ID }));
    expectValid(categoryInputSchema, categoryRows, (row) => `category ${row.slug}`);
    // The blog (3 categories, 20 posts) and the services; 200 appointments over the last and next month across the staff who take them.
    expectValid(blogCategoryInputSchema, await db.select().from(blogCategories), (row) => `blog category ${row.slug}`);
    const posts = await db.select().from(blogs);
    expectValid(blogInputSchema, posts, (row) => `blog ${row.slug}`);
    expect(posts).toHaveLength(20);
    expectValid(serviceInputSchema, await db.select().from(services), (row) => `service ${row.title}`);
    const booked = await db.select().from(appointments);
    expect(booked).toHaveLength(200);
    expect(new Set(booked.map((row) => row.assigneeId).filter((id) => id !== null)).size).toBeGreaterThanOrEqual(3);
    const days = booked.map((row) => (row.bookingDate.getTime() - Date.now()) / 86_400_000);
    expect(Math.min(...days)).toBeGreaterThan(-32);
    expect(Math.max(...days)).toBeLessThan(32);
    expect(days.some((day) => day < 0) && days.some((day) => day > 0)).toBe(true);

    // The catalogue: about 60 products, each saved by the products service (its audit entry), several
    // with 50 or more variants, every product and variant with an image the media store holds.
    const productRows = await db.select().from(products).where(isNull(products.deletedAt));
    const parents = productRows.filter((row) => row.parentProductId === null);
    expect(parents.length).toBeGreaterThanOrEqual(55);
    const [created] = await db.select({ total: count() }).from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.action, 'create')));
    expect(created!.total).toBe(parents.length);
    const variantsOf = (id: number) => productRows.filter((row) => row.parentProductId === id).length;
    expect(parents.filter((row) => variantsOf(row.id) >= 50).length).toBeGreaterThanOrEqual(5);
    const engagementRings = parents.filter((row) => row.name.endsWith('Ring') && row.canBeSetWith.length > 0);
    expect(engagementRings.length).toBeGreaterThanOrEqual(10);
    const images = new Set(productRows.flatMap((row) => [row.baseImage, ...row.otherImages]));
    expect(images.has('')).toBe(false);
    const mediaRows = await db.select({ url: media.url, name: media.name, contentType: media.contentType }).from(media).where(inArray(media.url, [...images]));
    expect(mediaRows.length).toBe(images.size);
    for (const row of mediaRows) {
      expect(row.contentType).toBe('image/jpeg');
      expect([...fs.readFileSync(path.join(mediaDir, row.name)).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });
});
