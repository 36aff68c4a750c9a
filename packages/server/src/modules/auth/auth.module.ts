import { defineServerModule } from '../server-module.ts';
import { authRoutes } from './auth.routes.ts';
import { sessions, loginFailures } from './session.table.ts';

export const authModule = defineServerModule({
  name: 'auth',
  routes: (app, { db }) => authRoutes(app, db),
  tables: [sessions, loginFailures],
  // Sign-in and the session: open or for any signed-in user, no feature key.
  permissions: [],
});
