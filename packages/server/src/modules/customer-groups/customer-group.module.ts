import { defineServerModule } from '../server-module.ts';
import { seedDemoCustomerGroups } from './customer-group.demo.ts';
import { customerGroupRoutes } from './customer-group.routes.ts';
import { seedDefaultCustomerGroup } from './customer-group.service.ts';
import { customerGroups } from './customer-group.table.ts';

export const customerGroupsModule = defineServerModule({
  name: 'customer-groups',
  routes: (app, { db }) => customerGroupRoutes(app, db),
  tables: [customerGroups],
  reference: seedDefaultCustomerGroup,
  demo: seedDemoCustomerGroups,
  permissions: ['customers', 'system'],
});
