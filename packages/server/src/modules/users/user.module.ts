import { defineServerModule } from '../server-module.ts';
import { userRoutes } from './user.routes.ts';
import { users, userRoles } from './user.table.ts';

export const usersModule = defineServerModule({
  name: 'users',
  routes: (app, { db }) => userRoutes(app, db),
  tables: [users, userRoles],
  permissions: ['user_management'],
});
