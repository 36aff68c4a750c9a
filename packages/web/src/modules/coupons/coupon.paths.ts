import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.1, §2.7). */
export const couponPaths: ResourcePaths = { list: '/coupons', add: '/coupons/add', edit: '/coupons/edit/:id' };
