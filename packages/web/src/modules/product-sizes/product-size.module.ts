import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { productSizePaths } from './product-size.paths.ts';

export const productSizesWebModule = defineWebModule({
  name: 'product-sizes',
  routes: [
    // System > Product Size (the spec's menu).
    ...listAddEdit(productSizePaths, () => import('./product-size-list.page.tsx'), () => import('./product-size-form.page.tsx'), 'system', { section: 'system', label: 'Product Size', order: 2 }),
  ],
});
