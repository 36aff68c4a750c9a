import type { ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.1, §2.8). */
export const catalogPriceRulePaths: ResourcePaths = { list: '/marketing/catalog-price-rule', add: '/marketing/catalog-price-rule/add', edit: '/marketing/catalog-price-rule/edit/:id' };
