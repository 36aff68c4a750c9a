import type { ResourcePaths } from '../../ui/resource-paths.ts';

export const permissionPaths: ResourcePaths = { list: '/permissions', add: '/permission/add', edit: '/permission/edit/:id' };
