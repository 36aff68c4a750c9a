import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { metalQualityPaths } from './metal-quality.paths.ts';

export const metalQualitiesWebModule = defineWebModule({
  name: 'metal-qualities',
  routes: [
    // No menu entry in the spec: staff look for it under System, so it follows the spec's entries there (order 20 on).
    ...listAddEdit(metalQualityPaths, () => import('./metal-quality-list.page.tsx'), () => import('./metal-quality-form.page.tsx'), 'system', { section: 'system', label: 'Metal Quality', order: 24 }),
  ],
});
