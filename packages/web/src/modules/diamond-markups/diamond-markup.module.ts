import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { diamondMarkupPaths } from './diamond-markup.paths.ts';

export const diamondMarkupsWebModule = defineWebModule({
  name: 'diamond-markups',
  routes: [
    // No menu entry in the spec: staff look for it under System, so it follows the spec's entries there (order 20 on).
    ...listAddEdit(diamondMarkupPaths, () => import('./diamond-markup-list.page.tsx'), () => import('./diamond-markup-form.page.tsx'), 'system', { section: 'system', label: 'Diamond Markups', order: 21 }),
  ],
});
