import { COUPON_MESSAGES, couponResource } from '@facet/contract/modules/coupons/coupon.schema';
import type { Db } from '../../db/client.ts';
import { chosenRecords } from '../../db/chosen-records.ts';
import type { Row } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { categoryLabelsById } from '../categories/index.ts';
import { customerChoicesById } from '../customers/index.ts';
import { productChoicesById } from '../products/index.ts';
import { coupons } from './coupon.table.ts';

type CouponValues = typeof coupons.$inferSelect;

/** A coupon's products, categories and customers, checked and labelled through their modules' faces. */
const chosen = chosenRecords(coupons, [
  { name: 'products', columns: { productIds: coupons.productIds, excludeProductIds: coupons.excludeProductIds }, labels: productChoicesById, unknownMessage: COUPON_MESSAGES.unknownProducts },
  { name: 'categories', columns: { categoryIds: coupons.categoryIds, excludeCategoryIds: coupons.excludeCategoryIds }, labels: categoryLabelsById, unknownMessage: COUPON_MESSAGES.unknownCategories },
  { name: 'customers', columns: { customerIds: coupons.customerIds }, labels: customerChoicesById, unknownMessage: COUPON_MESSAGES.unknownCustomers },
]);

/**
 * The coupon as stored: the value field its type does not use is empty, the spend window only on a
 * fixed cart discount, blank usage limits 0 (unlimited).
 */
function valuesOf(input: Record<string, unknown>): Partial<CouponValues> {
  const isPercentage = input.valueType === 'percentage';
  const isFixedCart = input.discountType === 'fixed_cart_discount';
  return {
    code: input.code as string,
    description: input.description as string,
    discountType: input.discountType as CouponValues['discountType'],
    valueType: input.valueType as CouponValues['valueType'],
    amount: isPercentage ? null : (input.amount as number),
    percentage: isPercentage ? (input.percentage as number) : null,
    expiryDate: input.expiryDate as string,
    minimumSpend: isFixedCart ? (input.minimumSpend as number) : null,
    maximumSpend: isFixedCart ? (input.maximumSpend as number) : null,
    usagePerCoupon: (input.usagePerCoupon as number | null) ?? 0,
    limitCartProducts: (input.limitCartProducts as number | null) ?? 0,
    usagePerUser: (input.usagePerUser as number | null) ?? 0,
    productIds: input.productIds as number[],
    excludeProductIds: input.excludeProductIds as number[],
    categoryIds: input.categoryIds as number[],
    excludeCategoryIds: input.excludeCategoryIds as number[],
    customerIds: input.customerIds as number[],
    status: input.status as boolean,
  };
}

/** Coupons on the toolkit's service: the chosen records checked and labelled through their modules' faces. */
export function createCouponService(db: Db) {
  return createCrudService(db, couponResource, coupons, {
    toValues: (input) => valuesOf(input as Record<string, unknown>),
    beforeCreate: (tx, { input }) => chosen.assertExist(tx, input as Record<string, unknown>),
    beforeUpdate: (tx, { input }) => chosen.assertExist(tx, input as Record<string, unknown>),
    loadRelations: (source, ids) => chosen.loadRelations(source, ids) as Promise<Map<number, Row>>,
  });
}
