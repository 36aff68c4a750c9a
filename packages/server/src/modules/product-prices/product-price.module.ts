import { defineServerModule } from '../server-module.ts';
import { productPriceRoutes } from './product-price.routes.ts';
import { productPriceUpdates, productPriceUpdateItems } from './product-price.table.ts';

export const productPricesModule = defineServerModule({
  name: 'product-prices',
  routes: (app, { db, jobs }) => productPriceRoutes(app, db, jobs),
  tables: [productPriceUpdates, productPriceUpdateItems],
  permissions: ['products'],
});
