import { defineServerModule } from '../server-module.ts';
import { seedDemoProductSizes } from './product-size.demo.ts';
import { productSizeRoutes } from './product-size.routes.ts';
import { productSizes } from './product-size.table.ts';

export const productSizesModule = defineServerModule({
  name: 'product-sizes',
  routes: (app, { db }) => productSizeRoutes(app, db),
  tables: [productSizes],
  demo: seedDemoProductSizes,
  permissions: ['system'],
});
