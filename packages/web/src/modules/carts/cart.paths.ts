import type { ViewPaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.1): the abandoned carts and one cart's view. */
export const cartPaths: ViewPaths = { list: '/sales/abandoned-carts', view: '/sales/abandoned-carts/:id' };
