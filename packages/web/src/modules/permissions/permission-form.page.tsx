import { MESSAGES } from '@facet/contract/messages';
import { isMasterPermissionName, permissionResource } from '@facet/contract/modules/permissions/permission.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { FormField } from '../../ui/schema-form.tsx';
import { permissionPaths } from './permission.paths.ts';

export default function PermissionFormPage() {
  return (
    <ResourceFormPage
      resource={permissionResource}
      paths={permissionPaths}
      lockedReason={(permission) => (isMasterPermissionName(permission.name) ? MESSAGES.masterPermissionLocked : undefined)}
    >
      <FormField name="name" label="Name" required>
        <Input />
      </FormField>
      <FormField name="description" label="Description" required>
        <Input.TextArea rows={3} />
      </FormField>
      <FormField name="key" label="Key" required extra="The feature key that menus and pages check, e.g. user_management.">
        <Input />
      </FormField>
    </ResourceFormPage>
  );
}
