import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { diamondShapePaths } from './diamond-shape.paths.ts';

export const diamondShapesWebModule = defineWebModule({
  name: 'diamond-shapes',
  routes: [
    // No menu entry in the spec: staff look for it under System, so it follows the spec's entries there (order 20 on).
    ...listAddEdit(diamondShapePaths, () => import('./diamond-shape-list.page.tsx'), () => import('./diamond-shape-form.page.tsx'), 'system', { section: 'system', label: 'Diamond Shapes', order: 20 }),
  ],
});
