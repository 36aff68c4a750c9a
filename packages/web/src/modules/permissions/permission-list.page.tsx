import { isMasterPermissionName, permissionResource } from '@facet/contract/modules/permissions/permission.schema';
import { dateColumn } from '../../ui/list-columns.tsx';
import type { RecordOf } from '../../ui/resource-api.ts';
import { ResourceListPage } from '../../ui/resource-list-page.tsx';
import { permissionPaths } from './permission.paths.ts';

type PermissionRow = RecordOf<typeof permissionResource>;

export default function PermissionListPage() {
  return (
    <ResourceListPage
      resource={permissionResource}
      paths={permissionPaths}
      title="Permissions"
      searchPlaceholder="Search name, key or description"
      columns={[
        { title: 'Name', dataIndex: 'name' },
        { title: 'Key', dataIndex: 'key' },
        { title: 'Description', dataIndex: 'description', ellipsis: true },
        dateColumn<PermissionRow>('Created Date', 'createdAt'),
      ]}
      // Spec: the permission named Master cannot be edited or deleted.
      rowActions={(permission) => (isMasterPermissionName(permission.name) ? { edit: 'hidden', delete: 'hidden' } : {})}
    />
  );
}
