import { CUSTOMER_GROUP_PERMISSION } from '@facet/contract/modules/customer-groups/customer-group.permission';
import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { customerGroupPaths } from './customer-group.paths.ts';

export const customerGroupsWebModule = defineWebModule({
  name: 'customer-groups',
  routes: [
    // No menu entry in the spec: staff look for it under System, so it follows the spec's entries there (order 20 on).
    ...listAddEdit(customerGroupPaths, () => import('./customer-group-list.page.tsx'), () => import('./customer-group-form.page.tsx'), CUSTOMER_GROUP_PERMISSION, { section: 'system', label: 'Customer Groups', order: 25 }),
  ],
});
