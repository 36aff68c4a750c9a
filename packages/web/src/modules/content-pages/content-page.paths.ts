import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2). */
export const contentPagePaths: ResourcePaths = { list: '/contentManagement', add: '/contentManagement/add', edit: '/contentManagement/edit/:id' };
