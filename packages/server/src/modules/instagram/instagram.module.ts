import { defineServerModule } from '../server-module.ts';
import { instagramRoutes } from './instagram.routes.ts';

/** The shop's Instagram token (System > Instagram): its rows are setting options, written through the settings module. */
export const instagramModule = defineServerModule({
  name: 'instagram',
  routes: (app, { db, config }) => instagramRoutes(app, db, config),
  tables: [],
  permissions: ['system'],
});
