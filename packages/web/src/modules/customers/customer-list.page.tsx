import { customerResource } from '@facet/contract/modules/customers/customer.schema';
import { Space, Tag } from 'antd';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { customerPaths } from './customer.paths.ts';

type CustomerRow = RecordOf<typeof customerResource>;

/**
 * /customers (document 2 §2): the Filters panel (name, email, group; Apply, Reset), Export Excel
 * (the file Customers, what the filters select), Add Customer; Edit, the status switch ('Confirm?')
 * and Delete ('Delete record?'). The name, email and page filters live in the URL, so the edit
 * screen returns to the same filtered page.
 */
export default function CustomerListPage() {
  return (
    <ResourceListPage
      resource={customerResource}
      paths={customerPaths}
      title="Customers"
      searchPlaceholder="Search name or email"
      columns={[
        {
          title: 'Name',
          dataIndex: 'name',
          // A guest checked out without an account (the storefront's guests): no password to sign in with.
          render: (name: string, customer) => (customer.isGuest ? <Space size={6}>{name}<Tag>Guest</Tag></Space> : name),
        },
        { title: 'Email', dataIndex: 'email' },
        { title: 'Contact Number', dataIndex: 'contactNumber' },
        { title: 'Customer Group', dataIndex: 'groupName' },
        dateColumn<CustomerRow>('Created Date', 'createdAt'),
      ]}
    />
  );
}
