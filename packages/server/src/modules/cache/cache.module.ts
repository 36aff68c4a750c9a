import { defineServerModule } from '../server-module.ts';
import { cacheRoutes } from './cache.routes.ts';

export const cacheModule = defineServerModule({
  name: 'cache',
  routes: (app, { db, cacheStore, jobs, cacheSources }) => cacheRoutes(app, db, cacheStore, jobs, cacheSources),
  tables: [],
  // Sync Products is also on the products list (products).
  permissions: ['cache_management', 'products'],
});
