import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { attributeSetPaths } from './attribute-set.paths.ts';

export const attributeSetsWebModule = defineWebModule({
  name: 'attribute-sets',
  routes: [
    // Attribute > Attribute Set.
    ...listAddEdit(attributeSetPaths, () => import('./attribute-set-list.page.tsx'), () => import('./attribute-set-form.page.tsx'), 'attribute', { section: 'attribute', label: 'Attribute Set', order: 2 }),
  ],
});
