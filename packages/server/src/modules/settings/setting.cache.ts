import { STOREFRONT_SETTING_KEYS } from '@facet/contract/modules/settings/setting.schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isLive } from '../../db/columns.ts';
import { settings } from './setting.table.ts';
import { cacheDocument, smallCacheSource } from '../cache/index.ts';

/** The Settings key: one document per setting the storefront reads (an allow-list, STOREFRONT_SETTING_KEYS), by key; a secret never, whatever its key. */
export const settingCacheSource = smallCacheSource({
  key: 'settings',
  label: 'Settings',
  tables: ['settings'],
  async read(db) {
    const rows = await db
      .select({ key: settings.key, title: settings.title, value: settings.value })
      .from(settings)
      .where(and(isLive(settings), eq(settings.isSecret, false), inArray(sql`lower(${settings.key})`, [...STOREFRONT_SETTING_KEYS])))
      .orderBy(asc(settings.id));
    return rows.map((s) => [s.key, cacheDocument({ key: s.key, title: s.title, value: s.value })]);
  },
});
