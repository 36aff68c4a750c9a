import type { ResourcePaths } from '../../ui/resource-paths.ts';

export const customerPaths: ResourcePaths = { list: '/customers', add: '/customers/add', edit: '/customers/edit/:id' };
