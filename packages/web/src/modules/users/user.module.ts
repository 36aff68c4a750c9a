import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { userPaths } from './user.paths.ts';

export const usersWebModule = defineWebModule({
  name: 'users',
  routes: [
    ...listAddEdit(userPaths, () => import('./user-list.page.tsx'), () => import('./user-form.page.tsx'), 'user_management', { section: 'userManagement', label: 'Users', order: 3 }),
  ],
});
