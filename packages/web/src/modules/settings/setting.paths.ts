import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.12). */
export const settingPaths: ResourcePaths = { list: '/system/settings', add: '/system/settings/add', edit: '/system/settings/edit/:id' };
