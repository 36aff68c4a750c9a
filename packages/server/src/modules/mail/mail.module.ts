import { defineServerModule } from '../server-module.ts';
import { mailRoutes } from './mail.routes.ts';
import { mailOutbox } from './mail.table.ts';

export const mailModule = defineServerModule({
  name: 'mail',
  routes: (app, { db, config }) => mailRoutes(app, db, config),
  tables: [mailOutbox],
  permissions: ['sales'],
});
