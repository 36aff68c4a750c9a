import { defineWebModule } from '../../app-route.ts';
import { navigationMenuPaths } from './navigation-menu.paths.ts';

export const navigationMenuWebModule = defineWebModule({
  name: 'navigation-menu',
  routes: [
    // System > Navigation Menu: one screen, with or without an item open for editing.
    { path: navigationMenuPaths.page, page: () => import('./navigation-menu.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Navigation Menu', order: 3 } },
    { path: navigationMenuPaths.edit, page: () => import('./navigation-menu.page.tsx'), permission: 'system', menuParent: navigationMenuPaths.page },
  ],
});
