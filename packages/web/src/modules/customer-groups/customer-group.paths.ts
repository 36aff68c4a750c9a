import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 2 §2). */
export const customerGroupPaths: ResourcePaths = { list: '/system/customer-group', add: '/system/customer-group/add', edit: '/system/customer-group/edit/:id' };
