import { defineServerModule } from '../server-module.ts';
import { productImportRoutes } from './product-import.routes.ts';
import { createProductImportService, importsDirOf } from './product-import.service.ts';

export const productImportModule = defineServerModule({
  name: 'product-import',
  routes: (app, { db, config, jobs, cache }) => productImportRoutes(app, db, jobs, config, cache),
  // The service keeps nothing in memory (checked sheets are files): the job's instance and the routes' agree.
  jobKinds: (_app, { db, config, cache }) => [createProductImportService(db, importsDirOf(config), { cache }).job()],
  tables: [],
  permissions: ['products'],
});
