import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 2 §2). */
export const productAttributePaths: ResourcePaths = {
  list: '/attribute/productattribute',
  add: '/attribute/productattribute/add',
  edit: '/attribute/productattribute/edit/:id',
};
