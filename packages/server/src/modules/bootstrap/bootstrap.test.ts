import { categoryInputSchema, ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { contentPageInputSchema } from '@facet/contract/modules/content-pages/content-page.schema';
import { navigationMenuItemInputSchema } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { settingInputSchema } from '@facet/contract/modules/settings/setting.schema';
import { MASTER_PERMISSION } from '@facet/contract/permissions';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client.ts';
import { verifyPassword } from '../auth/password.ts';
import { loadPermissionKeys } from '../auth/session.service.ts';
import { categories } from '../categories/category.table.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { navigationMenuItems } from '../navigation-menu/navigation-menu.table.ts';
import { settings } from '../settings/setting.table.ts';
import { users } from '../users/user.table.ts';
import { bootstrap } from './bootstrap.ts';
import { DEMO_PASSWORD } from './demo-data.ts';

describe('bootstrap of an empty database', () => {
  it('creates the admin with a generated password when none is given, holding all-master', async () => {
    const database = await openPglite(undefined);
    const result = await bootstrap(database.db, { adminUsername: 'owner', adminPassword: undefined, demoData: false });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const [owner] = await database.db.select().from(users).where(eq(users.name, 'owner'));
    expect(await verifyPassword(owner!.passwordHash, result.generatedPassword!)).toBe(true);
    expect(await loadPermissionKeys(database.db, owner!.id)).toEqual([MASTER_PERMISSION]);
    await database.close();
  });

  it('uses ADMIN_PASSWORD when given and prints nothing', async () => {
    const database = await openPglite(undefined);
    const result = await bootstrap(database.db, { adminUsername: 'admin', adminPassword: 'chosen-pass1', demoData: false });
    expect(result.generatedPassword).toBeUndefined();
    const [admin] = await database.db.select().from(users).where(eq(users.name, 'admin'));
    expect(await verifyPassword(admin!.passwordHash, 'chosen-pass1')).toBe(true);
    await database.close();
  });

  it('adds demo staff with realistic roles when demo data is on', async () => {
    const database = await openPglite(undefined);
    await bootstrap(database.db, { adminUsername: 'admin', adminPassword: 'chosen-pass1', demoData: true });
    const [sarah] = await database.db.select().from(users).where(eq(users.name, 'sarah'));
    expect(await verifyPassword(sarah!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await loadPermissionKeys(database.db, sarah!.id)).toContain('sales');
    const [james] = await database.db.select().from(users).where(eq(users.name, 'james'));
    expect(await loadPermissionKeys(database.db, james!.id)).toContain('system');
    await database.close();
  });

  it('seeds reference and demo data that keep the rules of the forms (slugs, keys, class names, head text)', async () => {
    const database = await openPglite(undefined);
    await bootstrap(database.db, { adminUsername: 'admin', adminPassword: 'chosen-pass1', demoData: true });
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
    await database.close();
  });
});
