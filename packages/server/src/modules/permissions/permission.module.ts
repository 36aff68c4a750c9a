import { defineServerModule } from '../server-module.ts';
import { permissionRoutes } from './permission.routes.ts';
import { permissions } from './permission.table.ts';

export const permissionsModule = defineServerModule({
  name: 'permissions',
  routes: (app, { db }) => permissionRoutes(app, db),
  tables: [permissions],
  permissions: ['role_permission'],
});
