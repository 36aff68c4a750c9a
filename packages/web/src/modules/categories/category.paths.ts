import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2). */
export const categoryPaths: ResourcePaths = { list: '/categories', add: '/categories/add', edit: '/categories/edit/:id' };
