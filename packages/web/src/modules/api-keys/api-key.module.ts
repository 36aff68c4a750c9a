import { defineWebModule } from '../../app-route.ts';
import { apiKeyPaths } from './api-key.paths.ts';

export const apiKeysWebModule = defineWebModule({
  name: 'api-keys',
  routes: [
    // The storefront API's keys (issue 13).
    { path: apiKeyPaths.list, page: () => import('./api-key-list.page.tsx'), permission: 'system', menu: { section: 'system', label: 'API Keys', order: 6 } },
  ],
});
