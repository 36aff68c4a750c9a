import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { contentPagePaths } from './content-page.paths.ts';

export const contentPagesWebModule = defineWebModule({
  name: 'content-pages',
  routes: [
    // Content Management
    ...listAddEdit(contentPagePaths, () => import('./content-page-list.page.tsx'), () => import('./content-page-form.page.tsx'), 'content_management', { section: 'contentManagement' }),
  ],
});
