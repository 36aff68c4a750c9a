import { defineServerModule } from '../server-module.ts';
import { navigationMenuCacheSource } from './navigation-menu.cache.ts';
import { seedDemoNavigationMenu } from './navigation-menu.demo.ts';
import { navigationMenuRoutes } from './navigation-menu.routes.ts';
import { navigationMenuItems } from './navigation-menu.table.ts';
import { sitemaps } from './sitemap.table.ts';

export const navigationMenuModule = defineServerModule({
  name: 'navigation-menu',
  routes: (app, { db, config }) => navigationMenuRoutes(app, db, config),
  tables: [navigationMenuItems, sitemaps],
  demo: seedDemoNavigationMenu,
  // Its items link to categories and content pages; the sitemap lists blog posts.
  after: ['categories', 'content-pages', 'blogs'],
  cacheSources: [navigationMenuCacheSource],
  permissions: ['system'],
});
