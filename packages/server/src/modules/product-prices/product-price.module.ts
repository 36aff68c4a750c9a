import { defineServerModule } from '../server-module.ts';
import { productPriceRoutes } from './product-price.routes.ts';
import { productPriceUpdates, productPriceUpdateItems } from './product-price.table.ts';

export const productPricesModule = defineServerModule({
  name: 'product-prices',
  routes: (app, { db, jobs, cache }) => productPriceRoutes(app, db, jobs, cache),
  tables: [productPriceUpdates, productPriceUpdateItems],
  permissions: ['products'],
});
