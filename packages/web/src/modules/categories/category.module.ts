import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { categoryPaths } from './category.paths.ts';

export const categoriesWebModule = defineWebModule({
  name: 'categories',
  routes: [
    // Categories: the tree of the catalogue.
    ...listAddEdit(categoryPaths, () => import('./category-list.page.tsx'), () => import('./category-form.page.tsx'), 'categories', { section: 'categories' }),
  ],
});
