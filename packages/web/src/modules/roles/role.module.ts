import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { rolePaths } from './role.paths.ts';

export const rolesWebModule = defineWebModule({
  name: 'roles',
  routes: [
    ...listAddEdit(rolePaths, () => import('./role-list.page.tsx'), () => import('./role-form.page.tsx'), 'user_management', { section: 'userManagement', label: 'Roles', order: 2 }),
  ],
});
