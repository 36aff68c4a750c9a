import { defineWebModule } from '../../app-route.ts';
import { cachePaths } from './cache.paths.ts';

export const cacheWebModule = defineWebModule({
  name: 'cache',
  routes: [
    // Cache Management: the storefront cache.
    { path: cachePaths.page, page: () => import('./cache-management.page.tsx'), permission: 'cache_management', menu: { section: 'cacheManagement' } },
  ],
});
