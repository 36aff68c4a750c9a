import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 2 §2). */
export const productPaths: ResourcePaths = { list: '/products', add: '/products/add', edit: '/products/edit/:id' };
