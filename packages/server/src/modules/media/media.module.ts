import { defineServerModule } from '../server-module.ts';
import { mediaRoutes } from './media.routes.ts';
import { media } from './media.table.ts';

export const mediaModule = defineServerModule({
  name: 'media',
  routes: (app, { db, mediaStorage }) => mediaRoutes(app, db, mediaStorage),
  tables: [media],
  // The library is shared: every screen with an image field uploads through it.
  permissions: ['categories', 'system', 'attribute', 'customers', 'products', 'widgets', 'section', 'blogs', 'sales'],
});
