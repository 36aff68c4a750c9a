import type { AnalyticsReport } from '@facet/contract/modules/settings/setting.schema';
import { ANALYTICS_URL_SETTING_KEY, isHttpsAddress } from '@facet/contract/modules/settings/setting.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { settings } from './setting.table.ts';

/**
 * The /analytics report's address: the `analytics_url` setting when it holds one (the Settings screen
 * accepts only https addresses; a row written otherwise that is not one is ignored), else
 * ANALYTICS_URL (`fallbackUrl`), else none. The page, the top bar's link and the page's CSP
 * (app.ts) all follow it.
 */
export async function analyticsReport(source: Db, fallbackUrl: string): Promise<AnalyticsReport> {
  const [row] = await source
    .select({ id: settings.id, value: settings.value })
    .from(settings)
    .where(and(eq(sql`lower(${settings.key})`, ANALYTICS_URL_SETTING_KEY), isLive(settings), eq(settings.isSecret, false)))
    .limit(1);
  if (row && isHttpsAddress(row.value)) return { url: row.value.trim(), source: 'setting', settingId: row.id };
  const settingId = row?.id ?? null;
  return fallbackUrl.trim() ? { url: fallbackUrl.trim(), source: 'environment', settingId } : { url: null, source: null, settingId };
}
