import { defineServerModule } from '../server-module.ts';
import { productCacheSource } from './product.cache.ts';
import { seedDemoProducts } from './product.demo.ts';
import { productRoutes } from './product.routes.ts';
import { products, productPriceOrder, productCategories, productAttributeValues, productRelated } from './product.table.ts';

export const productsModule = defineServerModule({
  name: 'products',
  routes: (app, { db }) => productRoutes(app, db),
  tables: [products, productPriceOrder, productCategories, productAttributeValues, productRelated],
  demo: seedDemoProducts,
  after: ['attribute-sets', 'categories', 'product-sizes', 'product-attributes', 'diamond-shapes'],
  cacheSources: [productCacheSource],
  permissions: ['products'],
});
