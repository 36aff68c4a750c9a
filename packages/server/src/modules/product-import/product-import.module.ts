import { defineServerModule } from '../server-module.ts';
import { productImportRoutes } from './product-import.routes.ts';

export const productImportModule = defineServerModule({
  name: 'product-import',
  routes: (app, { db, config, jobs }) => productImportRoutes(app, db, jobs, config),
  tables: [],
  permissions: ['products'],
});
