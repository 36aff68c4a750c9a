import { defineServerModule } from '../server-module.ts';
import { productImportRoutes } from './product-import.routes.ts';
import { createProductImportService, importsDirOf } from './product-import.service.ts';

export const productImportModule = defineServerModule({
  name: 'product-import',
  routes: (app, { db, config, jobs }) => productImportRoutes(app, db, jobs, config),
  // The service keeps nothing in memory (checked sheets are files): the job's instance and the routes' agree.
  jobKinds: (_app, { db, config }) => [createProductImportService(db, importsDirOf(config)).job()],
  tables: [],
  permissions: ['products'],
});
