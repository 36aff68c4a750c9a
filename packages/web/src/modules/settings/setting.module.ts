import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { settingPaths } from './setting.paths.ts';

export const settingsWebModule = defineWebModule({
  name: 'settings',
  routes: [
    ...listAddEdit(settingPaths, () => import('./setting-list.page.tsx'), () => import('./setting-form.page.tsx'), 'system', { section: 'system', label: 'Settings', order: 4 }),
  ],
});
