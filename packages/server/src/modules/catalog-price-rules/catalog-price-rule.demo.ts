import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { categoryChoices } from '../categories/index.ts';
import { catalogPriceRules } from './catalog-price-rule.table.ts';

const DAY_MS = 86_400_000;
/** A time `days` from now, on the hour (negative: past). */
const hourFrom = (days: number) => new Date(Math.floor((Date.now() + days * DAY_MS) / 3_600_000) * 3_600_000);

/**
 * Demo catalog price rules (issue 25, demo data): one running now on the Bracelets category (15% off,
 * its products' storefront prices and orders show it), and one scheduled on Necklaces (£25 off,
 * starting in two weeks).
 */
export async function seedDemoCatalogPriceRules(tx: Db, { adminId }: SeedContext) {
  const categories = await categoryChoices(tx);
  const idOf = (pattern: RegExp) => categories.filter((category) => pattern.test(category.label)).map((category) => category.id).slice(0, 1);
  const base = { createdBy: adminId, updatedBy: adminId, status: true };
  await tx.insert(catalogPriceRules).values([
    {
      ...base,
      name: 'Bracelet Month',
      description: '15% off every bracelet for a month.',
      discountType: 'percentage',
      percentage: 15,
      startDate: hourFrom(-1),
      endDate: hourFrom(29),
      categoryIds: idOf(/^Bracelets$/),
      publishedPhase: 'running',
    },
    {
      ...base,
      name: 'Christmas Necklaces',
      description: '£25 off every necklace in the two weeks before Christmas.',
      discountType: 'fixed_amount',
      amount: 25,
      startDate: hourFrom(14),
      endDate: hourFrom(28),
      categoryIds: idOf(/^Necklaces$/),
      publishedPhase: 'scheduled',
    },
  ]);
}
