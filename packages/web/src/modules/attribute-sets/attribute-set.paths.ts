import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 2 §2). */
export const attributeSetPaths: ResourcePaths = {
  list: '/attribute/attributeset',
  add: '/attribute/attributeset/add',
  edit: '/attribute/attributeset/edit/:id',
};
