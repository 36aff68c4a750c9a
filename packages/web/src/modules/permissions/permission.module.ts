import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { permissionPaths } from './permission.paths.ts';

export const permissionsWebModule = defineWebModule({
  name: 'permissions',
  routes: [
    // User Management
    ...listAddEdit(permissionPaths, () => import('./permission-list.page.tsx'), () => import('./permission-form.page.tsx'), 'role_permission', { section: 'userManagement', label: 'Permissions', order: 1 }),
  ],
});
