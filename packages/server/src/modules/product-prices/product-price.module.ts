import { defineServerModule } from '../server-module.ts';
import { updateProductPricesJob } from './product-price-update.job.ts';
import { productPriceRoutes } from './product-price.routes.ts';
import { productPriceUpdates, productPriceUpdateItems } from './product-price.table.ts';

export const productPricesModule = defineServerModule({
  name: 'product-prices',
  routes: (app, { db, jobs }) => productPriceRoutes(app, db, jobs),
  jobKinds: () => [updateProductPricesJob()],
  tables: [productPriceUpdates, productPriceUpdateItems],
  permissions: ['products'],
});
