import { defineServerModule } from '../server-module.ts';
import { productMediaRoutes } from './product-media.routes.ts';
import { productMediaLibrary } from './product-media.table.ts';

export const productMediaModule = defineServerModule({
  name: 'product-media',
  routes: (app, { db, mediaStorage }) => productMediaRoutes(app, db, mediaStorage),
  tables: [productMediaLibrary],
  permissions: ['products'],
});
