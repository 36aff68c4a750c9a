import { defineServerModule } from '../server-module.ts';
import { seedDemoCustomers } from './customer.demo.ts';
import { customerRoutes } from './customer.routes.ts';
import { customers, customerAddresses } from './customer.table.ts';

export const customersModule = defineServerModule({
  name: 'customers',
  routes: (app, { db }) => customerRoutes(app, db),
  tables: [customers, customerAddresses],
  demo: seedDemoCustomers,
  // Its demo customers are spread over the demo groups.
  after: ['customer-groups'],
  permissions: ['customers', 'sales'],
});
