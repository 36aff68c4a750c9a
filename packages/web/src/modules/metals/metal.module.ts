import { defineWebModule } from '../../app-route.ts';
import { metalPaths } from './metal.paths.ts';

export const metalsWebModule = defineWebModule({
  name: 'metals',
  routes: [
    // No menu entry in the spec: staff look for it under System, so it follows the spec's entries there (order 20 on).
    { path: metalPaths.list, page: () => import('./metal-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Metals', order: 23 } },
    { path: metalPaths.edit, page: () => import('./metal-form.page.tsx'), permission: 'system', menuParent: metalPaths.list },
  ],
});
