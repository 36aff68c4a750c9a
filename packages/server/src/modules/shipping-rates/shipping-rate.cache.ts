import { and, asc, eq } from 'drizzle-orm';
import { isLive } from '../../db/columns.ts';
import { shippingRates } from './shipping-rate.table.ts';
import { cacheDocument, smallCacheSource } from '../cache/index.ts';

/** The Shipping Rates key: one document, `all`, the active delivery services offered at checkout, in pounds. */
export const shippingRateCacheSource = smallCacheSource({
  key: 'shipping-rates',
  label: 'Shipping Rates',
  tables: ['shipping_rates'],
  async read(db) {
    const rows = await db
      .select({ id: shippingRates.id, name: shippingRates.name, rate: shippingRates.rate, minFreeShippingAmount: shippingRates.minFreeShippingAmount })
      .from(shippingRates)
      .where(and(isLive(shippingRates), eq(shippingRates.status, true)))
      .orderBy(asc(shippingRates.rate), asc(shippingRates.id));
    return [['all', cacheDocument(rows.map((r) => ({ ...r, currency: 'GBP' })))]];
  },
});
