import { defineServerModule } from '../server-module.ts';
import { invoiceRoutes } from './invoice.routes.ts';
import { creditNotes, invoices } from './invoice.table.ts';

export const invoicesModule = defineServerModule({
  name: 'invoices',
  routes: (app, { db, mediaStorage }) => invoiceRoutes(app, db, mediaStorage),
  tables: [invoices, creditNotes],
  permissions: ['sales'],
});
