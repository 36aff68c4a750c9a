import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 2 §2). */
export const bannerPaths: ResourcePaths = { list: '/widgets/banner', add: '/widgets/banner/add', edit: '/widgets/banner/edit/:id' };
