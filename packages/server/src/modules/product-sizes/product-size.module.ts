import { defineServerModule } from '../server-module.ts';
import { seedDemoProductSizes } from './product-size.demo.ts';
import { productSizeRoutes } from './product-size.routes.ts';
import { PRODUCT_SIZE_USAGES } from './product-size.service.ts';
import { productSizes } from './product-size.table.ts';

export const productSizesModule = defineServerModule({
  name: 'product-sizes',
  routes: (app, { db }) => productSizeRoutes(app, db),
  tables: [productSizes],
  demo: seedDemoProductSizes,
  usageChecks: PRODUCT_SIZE_USAGES,
  permissions: ['system'],
});
