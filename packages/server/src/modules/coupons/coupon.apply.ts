import { shopDay } from '@facet/contract/format';
import { formatAmount } from '@facet/contract/format';
import { COUPON_MESSAGES, isCouponExpired } from '@facet/contract/modules/coupons/coupon.schema';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { AppError } from '../../http/errors.ts';
import { productScopes } from '../products/index.ts';
import { coupons, couponUsages } from './coupon.table.ts';

/** A line of an order as a coupon sees it: what it is, its price (numeric text, as the catalogue holds it) and quantity. */
export interface CouponLine {
  productId: number | null;
  isDiamond: boolean;
  price: string;
  qty: number;
}

/** Who places the order: a registered customer, or a guest known by the e-mail (lower-cased). */
export interface CouponBuyer {
  customerId: number | null;
  email: string;
}

/** A coupon found good for an order: what to take off, and what `claimCoupon` needs to count the use. */
export interface AppliedCoupon {
  couponId: number;
  code: string;
  version: number;
  /** Pounds off the order (the order's `discount`). */
  discount: number;
}

const FIELD = 'couponCode';
const refused = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: [FIELD], message }]);
/** A limit reached: the order lost to the uses already counted (409, as a sold stone). */
const usedUp = (message: string) => new AppError('CONFLICT', message, [{ path: [FIELD], message }]);

/** Pence of a price as the catalogue holds it ('1250.50'): integer arithmetic from here on. */
const pence = (price: string) => Math.round(Number(price) * 100);
const pounds = (amountInPence: number) => amountInPence / 100;
const money = (amount: number) => formatAmount(amount, '£');

type CouponRow = typeof coupons.$inferSelect;

/** The uses of the coupon by this buyer (by customer id, or by e-mail for a guest and a customer alike). */
async function usesBy(db: Db, couponId: number, buyer: CouponBuyer): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponUsages)
    .where(and(eq(couponUsages.couponId, couponId), or(eq(couponUsages.email, buyer.email), buyer.customerId === null ? undefined : eq(couponUsages.customerId, buyer.customerId))));
  return row?.n ?? 0;
}

/** The usage limits, as they are now: per coupon (the counter) and per buyer (the usage rows). */
async function assertUsesLeft(db: Db, coupon: Pick<CouponRow, 'id' | 'usedCount' | 'usagePerCoupon' | 'usagePerUser'>, buyer: CouponBuyer) {
  if (coupon.usagePerCoupon > 0 && coupon.usedCount >= coupon.usagePerCoupon) throw usedUp(COUPON_MESSAGES.usedUp);
  if (coupon.usagePerUser > 0 && (await usesBy(db, coupon.id, buyer)) >= coupon.usagePerUser) throw usedUp(COUPON_MESSAGES.usedUpByCustomer);
}

/**
 * Which lines the coupon covers. Products: the coupon's products (a product covers its variants) or
 * categories (the product's, a variant's parent's), minus the excluded products and categories; no
 * products and no categories covers every product. Stones are sold one by one and have no product or
 * category: a coupon covers them only when it names neither (a cart-wide coupon).
 */
async function eligibleLines(db: Db, coupon: CouponRow, lines: readonly CouponLine[]): Promise<boolean[]> {
  const isScoped = coupon.productIds.length > 0 || coupon.categoryIds.length > 0;
  const productIds = lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
  const scopes = await productScopes(db, productIds);
  return lines.map((line) => {
    if (line.isDiamond || line.productId === null) return !isScoped;
    const scope = scopes.get(line.productId);
    if (!scope) return false;
    if (coupon.excludeProductIds.includes(scope.productId) || coupon.excludeProductIds.includes(line.productId)) return false;
    if (scope.categoryIds.some((id) => coupon.excludeCategoryIds.includes(id))) return false;
    if (coupon.productIds.length) return coupon.productIds.includes(scope.productId) || coupon.productIds.includes(line.productId);
    if (coupon.categoryIds.length) return scope.categoryIds.some((id) => coupon.categoryIds.includes(id));
    return true;
  });
}

/**
 * The discount in pence. Fixed cart: the percentage of the covered lines' total, or the amount (at
 * most that total). Fixed product: the percentage, or the amount (at most the unit's price), off each
 * covered unit, the dearest first, for at most `limitCartProducts` units (0: all).
 */
function discountOf(coupon: CouponRow, lines: readonly CouponLine[], eligible: readonly boolean[]): number {
  const covered = lines.filter((_, index) => eligible[index]);
  const isPercentage = coupon.valueType === 'percentage';
  const offUnit = (unit: number) => (isPercentage ? Math.round((unit * (coupon.percentage ?? 0)) / 100) : Math.min(unit, Math.round((coupon.amount ?? 0) * 100)));
  if (coupon.discountType === 'fixed_cart_discount') {
    const total = covered.reduce((sum, line) => sum + pence(line.price) * line.qty, 0);
    return isPercentage ? Math.round((total * (coupon.percentage ?? 0)) / 100) : Math.min(total, Math.round((coupon.amount ?? 0) * 100));
  }
  const units = covered.flatMap((line) => Array.from({ length: line.qty }, () => pence(line.price))).sort((a, b) => b - a);
  const counted = coupon.limitCartProducts > 0 ? units.slice(0, coupon.limitCartProducts) : units;
  return counted.reduce((sum, unit) => sum + offUnit(unit), 0);
}

/**
 * Checks a code for an order and works out its discount (document 3 §3 Coupon; issue 25 item 2): a
 * live, active coupon of that code (any case), not expired (valid through its expiry day, the shop's
 * day), for this customer when it names customers, uses left per coupon and per buyer, the order's
 * subtotal within a fixed cart coupon's spend window, and at least one line it covers. A refusal is
 * a 4xx on `couponCode` and the order is not placed. The limits are counted again under the coupon's
 * lock by `claimCoupon`, in the order's transaction: this read only spares a refused order its work.
 */
export async function couponForOrder(db: Db, code: string, buyer: CouponBuyer, lines: readonly CouponLine[]): Promise<AppliedCoupon> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(sql`lower(${coupons.code})`, code.trim().toLowerCase()), isLive(coupons)))
    .limit(1);
  if (!coupon) throw refused(COUPON_MESSAGES.unknownCode);
  if (!coupon.status) throw refused(COUPON_MESSAGES.inactive);
  if (isCouponExpired(coupon.expiryDate, shopDay())) throw refused(COUPON_MESSAGES.expired);
  if (coupon.customerIds.length && (buyer.customerId === null || !coupon.customerIds.includes(buyer.customerId))) throw refused(COUPON_MESSAGES.notForCustomer);
  await assertUsesLeft(db, coupon, buyer);
  if (coupon.discountType === 'fixed_cart_discount') {
    const subtotal = lines.reduce((sum, line) => sum + pence(line.price) * line.qty, 0);
    if (coupon.minimumSpend !== null && subtotal < Math.round(coupon.minimumSpend * 100)) throw refused(COUPON_MESSAGES.belowMinimumSpend(money(coupon.minimumSpend)));
    if (coupon.maximumSpend !== null && subtotal > Math.round(coupon.maximumSpend * 100)) throw refused(COUPON_MESSAGES.aboveMaximumSpend(money(coupon.maximumSpend)));
  }
  const eligible = await eligibleLines(db, coupon, lines);
  if (!eligible.some(Boolean)) throw refused(COUPON_MESSAGES.noEligibleItems);
  return { couponId: coupon.id, code: coupon.code, version: coupon.version, discount: pounds(discountOf(coupon, lines, eligible)) };
}

/**
 * Counts the use, last in the order's transaction: locks the coupon's row (orders racing for it queue
 * here, and each reads the counter and the usage rows as the one before it left them), refuses an
 * order whose limits are now reached (409, and the order's transaction rolls back), and writes the
 * usage row and the counter. Held from here to the commit only, so the queue moves fast. A coupon
 * changed by staff since `couponForOrder` read it is refused with 409 (try again).
 */
export async function claimCoupon(tx: Db, applied: AppliedCoupon, buyer: CouponBuyer, orderNumber: string): Promise<void> {
  const [coupon] = await tx
    .select({ id: coupons.id, version: coupons.version, usedCount: coupons.usedCount, usagePerCoupon: coupons.usagePerCoupon, usagePerUser: coupons.usagePerUser })
    .from(coupons)
    .where(and(eq(coupons.id, applied.couponId), isNull(coupons.deletedAt)))
    .for('update');
  if (!coupon) throw refused(COUPON_MESSAGES.unknownCode);
  if (coupon.version !== applied.version) throw usedUp(COUPON_MESSAGES.changed);
  await assertUsesLeft(tx, coupon, buyer);
  await tx.insert(couponUsages).values({ couponId: coupon.id, orderNumber, customerId: buyer.customerId, email: buyer.email, discount: applied.discount });
  await tx.update(coupons).set({ usedCount: sql`${coupons.usedCount} + 1` }).where(eq(coupons.id, coupon.id));
}
