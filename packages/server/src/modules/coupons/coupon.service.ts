import { COUPON_MESSAGES, couponResource } from '@facet/contract/modules/coupons/coupon.schema';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assertChosenExist, choicesOf } from '../../db/chosen-records.ts';
import type { Row } from '../../db/crud-service.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { categoryChoices } from '../categories/index.ts';
import { customerChoicesById } from '../customers/index.ts';
import { productChoicesById } from '../products/index.ts';
import { coupons } from './coupon.table.ts';

type CouponValues = typeof coupons.$inferSelect;
interface Chosen {
  productIds: number[];
  excludeProductIds: number[];
  categoryIds: number[];
  excludeCategoryIds: number[];
  customerIds: number[];
}

/** The labels of chosen ids, by id (ids no longer live are left out). */
async function labelsOf(db: Db, rows: readonly Chosen[]) {
  const all = (pick: (row: Chosen) => number[]) => [...new Set(rows.flatMap(pick))];
  const [products, categories, customers] = await Promise.all([
    productChoicesById(db, all((row) => [...row.productIds, ...row.excludeProductIds])),
    categoryChoices(db, all((row) => [...row.categoryIds, ...row.excludeCategoryIds])),
    customerChoicesById(db, all((row) => row.customerIds)),
  ]);
  return { products, categories: new Map(categories.map((row) => [row.id, row.label])), customers };
}

/** Every chosen product, category and customer must exist (live): else 400 on the field. */
async function assertChoicesExist(tx: Db, input: Chosen) {
  const { products, categories, customers } = await labelsOf(tx, [input]);
  assertChosenExist([
    { field: 'productIds', ids: input.productIds, labels: products, message: COUPON_MESSAGES.unknownProducts },
    { field: 'excludeProductIds', ids: input.excludeProductIds, labels: products, message: COUPON_MESSAGES.unknownProducts },
    { field: 'categoryIds', ids: input.categoryIds, labels: categories, message: COUPON_MESSAGES.unknownCategories },
    { field: 'excludeCategoryIds', ids: input.excludeCategoryIds, labels: categories, message: COUPON_MESSAGES.unknownCategories },
    { field: 'customerIds', ids: input.customerIds, labels: customers, message: COUPON_MESSAGES.unknownCustomers },
  ]);
}

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
    beforeCreate: (tx, { input }) => assertChoicesExist(tx, input as Chosen),
    beforeUpdate: (tx, { input }) => assertChoicesExist(tx, input as Chosen),
    async loadRelations(source, ids) {
      const rows = await source
        .select({
          id: coupons.id,
          productIds: coupons.productIds,
          excludeProductIds: coupons.excludeProductIds,
          categoryIds: coupons.categoryIds,
          excludeCategoryIds: coupons.excludeCategoryIds,
          customerIds: coupons.customerIds,
        })
        .from(coupons)
        .where(inArray(coupons.id, ids));
      const labels = await labelsOf(source, rows);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            chosen: {
              products: choicesOf([...row.productIds, ...row.excludeProductIds], labels.products),
              categories: choicesOf([...row.categoryIds, ...row.excludeCategoryIds], labels.categories),
              customers: choicesOf(row.customerIds, labels.customers),
            },
          } as Row,
        ]),
      );
    },
  });
}
