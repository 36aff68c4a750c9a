import { defineServerModule } from '../server-module.ts';
import { customerFormRoutes } from './customer-form.routes.ts';

/** The in-store customer form (/form): no table of its own; it writes through contact forms and appointments. */
export const customerFormModule = defineServerModule({
  name: 'customer-form',
  routes: (app, { db }) => customerFormRoutes(app, db),
  tables: [],
  permissions: ['sales'],
});
