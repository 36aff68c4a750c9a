import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { customerPaths } from './customer.paths.ts';

export const customersWebModule = defineWebModule({
  name: 'customers',
  routes: [
    // Customers (document 1 §1 menu): the list, add and edit with the Addresses and Orders tabs.
    ...listAddEdit(customerPaths, () => import('./customer-list.page.tsx'), () => import('./customer-form.page.tsx'), 'customers', { section: 'customers' }),
  ],
});
