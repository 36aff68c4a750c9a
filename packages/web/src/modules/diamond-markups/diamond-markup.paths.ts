import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2). */
export const diamondMarkupPaths: ResourcePaths = { list: '/system/diamondmarkup', add: '/system/diamondmarkup/add', edit: '/system/diamondmarkup/edit/:id' };
