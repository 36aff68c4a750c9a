import { DEFAULT_SHOP_NAME, SHOP_NAME_SETTING_KEY } from '@facet/contract/modules/products/product.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { settings } from './setting.table.ts';

/** The shop's own name (the setting, else the default): a product's vendor when none other is chosen. */
export async function shopName(source: Db): Promise<string> {
  const [row] = await source
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(sql`lower(${settings.key})`, SHOP_NAME_SETTING_KEY), isLive(settings)))
    .limit(1);
  return row?.value.trim() || DEFAULT_SHOP_NAME;
}
