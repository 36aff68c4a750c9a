import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { productAttributePaths } from './product-attribute.paths.ts';

export const productAttributesWebModule = defineWebModule({
  name: 'product-attributes',
  routes: [
    // Attribute > Single Attribute.
    ...listAddEdit(productAttributePaths, () => import('./product-attribute-list.page.tsx'), () => import('./product-attribute-form.page.tsx'), 'attribute', { section: 'attribute', label: 'Single Attribute', order: 1 }),
  ],
});
