import { userResource } from '@facet/contract/modules/users/user.schema';
import { Tag } from 'antd';
import { useSession } from '../../session/session-context.ts';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { userPaths } from './user.paths.ts';

type UserRow = RecordOf<typeof userResource>;

export default function UserListPage() {
  const { user: me } = useSession();
  return (
    <ResourceListPage
      resource={userResource}
      paths={userPaths}
      title="Users"
      searchPlaceholder="Search username or email"
      columns={[
        { title: 'Username', dataIndex: 'name' },
        { title: 'Email', dataIndex: 'email' },
        { title: 'Roles', dataIndex: 'roleNames', render: (names: string[]) => names.map((name) => <Tag key={name}>{name}</Tag>) },
        dateColumn<UserRow>('Created Date', 'createdAt'),
      ]}
      // Spec: nobody deletes their own account from the list.
      rowActions={(user) => ({ delete: user.id === me.id ? 'hidden' : 'enabled' })}
    />
  );
}
