import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2). */
export const shippingRatePaths: ResourcePaths = { list: '/system/shippingrate', add: '/system/shippingrate/add', edit: '/system/shippingrate/edit/:id' };
