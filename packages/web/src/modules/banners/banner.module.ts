import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { bannerPaths } from './banner.paths.ts';

export const bannersWebModule = defineWebModule({
  name: 'banners',
  routes: [
    // Widgets > Banner (document 3 §2.3); the form needs the Widgets permission (document 2 §6).
    ...listAddEdit(bannerPaths, () => import('./banner-list.page.tsx'), () => import('./banner-form.page.tsx'), 'widgets', { section: 'widgets', label: 'Banner', order: 1 }),
  ],
});
