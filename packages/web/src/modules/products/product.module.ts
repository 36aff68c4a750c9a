import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { productPaths } from './product.paths.ts';

export const productsWebModule = defineWebModule({
  name: 'products',
  routes: [
    // Products: the list, add and edit.
    ...listAddEdit(productPaths, () => import('./product-list.page.tsx'), () => import('./product-form.page.tsx'), 'products', { section: 'products' }),
  ],
});
