import { defineServerModule } from '../server-module.ts';
import { mailRoutes } from './mail.routes.ts';
import { seedDemoMailTemplates } from './mail-template.demo.ts';
import { mailTemplates } from './mail-template.table.ts';
import { mailOutbox } from './mail.table.ts';

export const mailModule = defineServerModule({
  name: 'mail',
  routes: (app, { db, config }) => mailRoutes(app, db, config),
  tables: [mailOutbox, mailTemplates],
  demo: seedDemoMailTemplates,
  // sales: the outbox; system: the e-mail templates (/system/editor).
  permissions: ['sales', 'system'],
});
