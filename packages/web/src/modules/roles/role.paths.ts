import type { ResourcePaths } from '../../ui/resource-paths.ts';

export const rolePaths: ResourcePaths = { list: '/roles', add: '/role/add', edit: '/role/edit/:id' };
