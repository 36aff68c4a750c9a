/** The public face of coupons: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export type { AppliedCoupon, CouponBuyer, CouponLine } from './coupon.apply.ts';
export { claimCoupon, couponForOrder } from './coupon.apply.ts';
