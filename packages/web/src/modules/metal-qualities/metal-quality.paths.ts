import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2). */
export const metalQualityPaths: ResourcePaths = { list: '/system/metalquality', add: '/system/metalquality/add', edit: '/system/metalquality/edit/:id' };
