import { defineServerModule } from '../server-module.ts';
import { metalRoutes } from './metal.routes.ts';
import { seedMetals } from './metal.service.ts';
import { metals } from './metal.table.ts';

export const metalsModule = defineServerModule({
  name: 'metals',
  routes: (app, { db }) => metalRoutes(app, db),
  tables: [metals],
  reference: seedMetals,
  permissions: ['system'],
});
