import { defineServerModule } from '../server-module.ts';
import { contentPageCacheSource } from './content-page.cache.ts';
import { seedDemoContentPages } from './content-page.demo.ts';
import { contentPageRoutes } from './content-page.routes.ts';
import { contentPages } from './content-page.table.ts';

export const contentPagesModule = defineServerModule({
  name: 'content-pages',
  routes: (app, { db }) => contentPageRoutes(app, db),
  tables: [contentPages],
  demo: seedDemoContentPages,
  cacheSources: [contentPageCacheSource],
  permissions: ['content_management'],
});
