import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { diamondQualityPaths } from './diamond-quality.paths.ts';

export const diamondQualitiesWebModule = defineWebModule({
  name: 'diamond-qualities',
  routes: [
    // No menu entry in the spec: staff look for it under System, so it follows the spec's entries there (order 20 on).
    ...listAddEdit(diamondQualityPaths, () => import('./diamond-quality-list.page.tsx'), () => import('./diamond-quality-form.page.tsx'), 'system', { section: 'system', label: 'Diamond Qualities', order: 22 }),
  ],
});
