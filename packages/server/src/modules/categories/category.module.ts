import type { Usage } from '../../db/usage.ts';
import { menuCategoryUsage } from '../navigation-menu/index.ts';
import { defineServerModule } from '../server-module.ts';
import { categoryCacheSource } from './category.cache.ts';
import { seedDemoCategories } from './category.demo.ts';
import { categoryRoutes } from './category.routes.ts';
import { seedRootCategory } from './category.service.ts';
import { categories, categoryFilterOptions } from './category.table.ts';

/** What refuses a category's delete: the navigation menu's items that link to it (subcategories are the service's own rule). */
const CATEGORY_USAGES: Usage[] = [menuCategoryUsage];

export const categoriesModule = defineServerModule({
  name: 'categories',
  routes: (app, { db }) => categoryRoutes(app, db, CATEGORY_USAGES),
  tables: [categories, categoryFilterOptions],
  reference: seedRootCategory,
  demo: seedDemoCategories,
  // Its filter options name product attributes.
  after: ['product-attributes'],
  cacheSources: [categoryCacheSource],
  usageChecks: CATEGORY_USAGES,
  permissions: ['categories', 'system', 'products', 'section'],
});
