import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2). */
export const diamondShapePaths: ResourcePaths = { list: '/system/diamondshape', add: '/system/diamondshape/add', edit: '/system/diamondshape/edit/:id' };
