import { customerGroupResource, isDefaultCustomerGroup } from '@facet/contract/modules/customer-groups/customer-group.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { customerGroupPaths } from './customer-group.paths.ts';

type CustomerGroupRow = RecordOf<typeof customerGroupResource>;

export default function CustomerGroupListPage() {
  return (
    <ResourceListPage
      resource={customerGroupResource}
      paths={customerGroupPaths}
      title="Customer Groups"
      searchPlaceholder="Search name"
      columns={[{ title: 'Name', dataIndex: 'name' }, dateColumn<CustomerGroupRow>('Created Date', 'createdAt')]}
      // Spec: the group named general has no actions and shows a dash.
      rowActions={(group) => (isDefaultCustomerGroup(group.name) ? { edit: 'hidden', delete: 'hidden', status: 'hidden' } : {})}
    />
  );
}
