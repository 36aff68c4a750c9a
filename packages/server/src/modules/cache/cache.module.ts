import { defineServerModule } from '../server-module.ts';
import { cacheJobKinds } from './cache.jobs.ts';
import { cacheRoutes } from './cache.routes.ts';
import { cacheSubscribers } from './cache.subscribers.ts';

export const cacheModule = defineServerModule({
  name: 'cache',
  routes: (app, { db, cacheStore, jobs, cacheSources }) => cacheRoutes(app, db, cacheStore, jobs, cacheSources),
  jobKinds: (_app, { cacheStore, cacheSources }) => cacheJobKinds(cacheStore, cacheSources),
  // Writes say what changed (`<thing>.changed`); the cache removes the documents built from it.
  subscribers: ({ db, cacheStore, jobs, cacheSources }) => cacheSubscribers(db, cacheStore, jobs.engine, cacheSources),
  tables: [],
  // Sync Products is also on the products list (products).
  permissions: ['cache_management', 'products'],
});
