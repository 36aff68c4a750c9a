import type { ResourcePaths } from '../../ui/resource-paths.ts';

export const userPaths: ResourcePaths = { list: '/users', add: '/users/add', edit: '/users/edit/:id' };
