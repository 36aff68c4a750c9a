import { isMasterRoleName, roleResource } from '@facet/contract/modules/roles/role.schema';
import { Tag } from 'antd';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { rolePaths } from './role.paths.ts';

type RoleRow = RecordOf<typeof roleResource>;

/** Roles show this many permission names; the rest are counted. */
const SHOWN_PERMISSIONS = 4;

function PermissionTags({ names }: { names: string[] }) {
  const hidden = names.length - SHOWN_PERMISSIONS;
  return (
    <>
      {names.slice(0, SHOWN_PERMISSIONS).map((name) => (
        <Tag key={name}>{name}</Tag>
      ))}
      {hidden > 0 && <Tag title={names.slice(SHOWN_PERMISSIONS).join(', ')}>+{hidden} more</Tag>}
    </>
  );
}

export default function RoleListPage() {
  return (
    <ResourceListPage
      resource={roleResource}
      paths={rolePaths}
      title="Roles"
      searchPlaceholder="Search role name"
      columns={[
        { title: 'Name', dataIndex: 'name' },
        { title: 'Permissions', dataIndex: 'permissionNames', render: (names: string[]) => <PermissionTags names={names} /> },
        dateColumn<RoleRow>('Created Date', 'createdAt'),
      ]}
      // Spec: the role named master cannot be edited or deleted.
      rowActions={(role) => (isMasterRoleName(role.name) ? { edit: 'hidden', delete: 'hidden' } : {})}
    />
  );
}
