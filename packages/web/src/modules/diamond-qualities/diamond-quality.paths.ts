import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 1 §2). */
export const diamondQualityPaths: ResourcePaths = { list: '/system/diamondquality', add: '/system/diamondquality/add', edit: '/system/diamondquality/edit/:id' };
