import { defineServerModule } from '../server-module.ts';
import { roleRoutes } from './role.routes.ts';
import { roles, rolePermissions } from './role.table.ts';

export const rolesModule = defineServerModule({
  name: 'roles',
  routes: (app, { db }) => roleRoutes(app, db),
  tables: [roles, rolePermissions],
  permissions: ['user_management'],
});
