import { defineServerModule } from '../server-module.ts';
import { storefrontIdempotency } from './idempotency.table.ts';
import { storefrontRoutes } from './storefront.routes.ts';

// The storefront API (/api/storefront/v1): API keys, not staff sessions, authenticate it.
export const storefrontModule = defineServerModule({
  name: 'storefront',
  routes: (app, { db, config }) => storefrontRoutes(app, db, config),
  tables: [storefrontIdempotency],
  // API keys with scopes guard it, not staff permissions.
  permissions: [],
});
