import { defineWebModule } from '../../app-route.ts';
import { productImportPaths } from './product-import.paths.ts';
import { productPaths } from '../products/product.paths.ts';

export const productImportWebModule = defineWebModule({
  name: 'product-import',
  routes: [
    // Products > Import Excel: both readings of the spec's route.
    { path: productImportPaths.page, page: () => import('./product-import.page.tsx'), permission: 'products', menuParent: productPaths.list },
    { path: productImportPaths.alias, page: () => import('./product-import.page.tsx'), permission: 'products', menuParent: productPaths.list },
  ],
});
