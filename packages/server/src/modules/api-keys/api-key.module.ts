import { defineServerModule } from '../server-module.ts';
import { apiKeyRoutes } from './api-key.routes.ts';
import { apiKeys } from './api-key.table.ts';

export const apiKeysModule = defineServerModule({
  name: 'api-keys',
  routes: (app, { db }) => apiKeyRoutes(app, db),
  tables: [apiKeys],
  permissions: ['system'],
});
