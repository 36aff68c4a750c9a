import { defineServerModule } from '../server-module.ts';
import { categoryCacheSource } from './category.cache.ts';
import { seedDemoCategories } from './category.demo.ts';
import { categoryRoutes } from './category.routes.ts';
import { seedRootCategory } from './category.service.ts';
import { categories, categoryFilterOptions } from './category.table.ts';

export const categoriesModule = defineServerModule({
  name: 'categories',
  routes: (app, { db }) => categoryRoutes(app, db),
  tables: [categories, categoryFilterOptions],
  reference: seedRootCategory,
  demo: seedDemoCategories,
  // Its filter options name product attributes.
  after: ['product-attributes'],
  cacheSources: [categoryCacheSource],
  permissions: ['categories', 'system', 'products'],
});
