import { defineWebModule } from '../../app-route.ts';
import { productPricePaths } from './product-price.paths.ts';
import { productPaths } from '../products/product.paths.ts';

export const productPricesWebModule = defineWebModule({
  name: 'product-prices',
  routes: [
    { path: productPricePaths.page, page: () => import('./update-price.page.tsx'), permission: 'products', menuParent: productPaths.list },
  ],
});
