import { shopDay } from '@facet/contract/format';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import { categoryChoices } from '../categories/index.ts';
import { coupons } from './coupon.table.ts';

/** The shop's day `days` from today (negative: past). */
const dayFrom = (days: number) => shopDay(new Date(Date.now() + days * 86_400_000));

/** Demo coupons: active ones, an expired one, one used up and one switched off (issue 25, demo data). */
export async function seedDemoCoupons(tx: Db, { adminId }: SeedContext) {
  const rings = (await categoryChoices(tx)).find((category) => /ring/i.test(category.label));
  const base = { discountType: 'fixed_cart_discount' as const, usagePerCoupon: 0, limitCartProducts: 0, usagePerUser: 1, createdBy: adminId, updatedBy: adminId };
  await tx.insert(coupons).values([
    { ...base, code: 'WELCOME10', description: '10% off a first order over £100.', valueType: 'percentage', percentage: 10, expiryDate: dayFrom(365), minimumSpend: 100, maximumSpend: 20000 },
    { ...base, code: 'SPRING-50', description: '£50 off orders from £500 to £5,000.', valueType: 'amount', amount: 50, expiryDate: dayFrom(60), minimumSpend: 500, maximumSpend: 5000, usagePerCoupon: 500, usedCount: 37 },
    {
      ...base,
      code: 'RINGS-15',
      description: '15% off every ring (fixed product discount on the Rings category).',
      discountType: 'fixed_product_discount',
      valueType: 'percentage',
      percentage: 15,
      expiryDate: dayFrom(30),
      categoryIds: rings ? [rings.id] : [],
      usagePerUser: 2,
    },
    { ...base, code: 'BLACKFRIDAY-25', description: '25% off, Black Friday last year.', valueType: 'percentage', percentage: 25, expiryDate: dayFrom(-360), minimumSpend: 200, maximumSpend: 50000, usedCount: 212 },
    { ...base, code: 'VIP-LAUNCH', description: '£100 off for the first 20 VIP customers.', valueType: 'amount', amount: 100, expiryDate: dayFrom(90), minimumSpend: 1000, maximumSpend: 100000, usagePerCoupon: 20, usedCount: 20 },
    { ...base, code: 'STAFF-30', description: 'Staff discount, paused.', valueType: 'percentage', percentage: 30, expiryDate: dayFrom(180), minimumSpend: 1, maximumSpend: 100000, usagePerUser: 0, status: false },
  ]);
}
