import { DEFAULT_SHOP_NAME, SHOP_NAME_SETTING_KEY } from '@facet/contract/modules/products/product.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
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

/** The shop as its mails and invoices present it: the settings of these keys, empty when unset. */
export interface ShopDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** The shop's VAT registration number, printed on invoices when set. */
  vatNumber: string;
  /** The VAT rate in percent (`vat_rate`, 20 unless set to a number from 0 to 100). */
  vatRate: number;
}

const SHOP_SETTING_KEYS = {
  name: SHOP_NAME_SETTING_KEY,
  email: 'store_email',
  phone: 'store_phone',
  address: 'store_address',
  vatNumber: 'vat_number',
  vatRate: 'vat_rate',
} as const;
/** The UK's standard rate. */
const DEFAULT_VAT_RATE = 20;

/** The shop's details from its settings, read in one query (inside the caller's transaction when given one). */
export async function shopDetails(source: Db): Promise<ShopDetails> {
  const rows = await source
    .select({ key: sql<string>`lower(${settings.key})`, value: settings.value })
    .from(settings)
    .where(and(inArray(sql`lower(${settings.key})`, Object.values(SHOP_SETTING_KEYS)), isLive(settings)));
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value.trim() ?? '';
  const rate = Number(valueOf(SHOP_SETTING_KEYS.vatRate));
  return {
    name: valueOf(SHOP_SETTING_KEYS.name) || DEFAULT_SHOP_NAME,
    email: valueOf(SHOP_SETTING_KEYS.email),
    phone: valueOf(SHOP_SETTING_KEYS.phone),
    address: valueOf(SHOP_SETTING_KEYS.address),
    vatNumber: valueOf(SHOP_SETTING_KEYS.vatNumber),
    vatRate: valueOf(SHOP_SETTING_KEYS.vatRate) !== '' && rate >= 0 && rate <= 100 ? rate : DEFAULT_VAT_RATE,
  };
}
