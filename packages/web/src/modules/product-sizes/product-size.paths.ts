import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2). */
export const productSizePaths: ResourcePaths = { list: '/system/productsize', add: '/system/productsize/add', edit: '/system/productsize/edit/:id' };
