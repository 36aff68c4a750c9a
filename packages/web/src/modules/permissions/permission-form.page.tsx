import { MESSAGES } from '@facet/contract/messages';
import { isMasterPermissionName, permissionResource } from '@facet/contract/modules/permissions/permission.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { permissionPaths } from './permission.paths.ts';

/** Form fields named by permissionResource's input. */
const Field = formFieldOf(permissionResource);

export default function PermissionFormPage() {
  return (
    <ResourceFormPage
      resource={permissionResource}
      paths={permissionPaths}
      lockedReason={(permission) => (isMasterPermissionName(permission.name) ? MESSAGES.masterPermissionLocked : undefined)}
    >
      <Field name="name" label="Name" required>
        <Input />
      </Field>
      <Field name="description" label="Description" required>
        <Input.TextArea rows={3} />
      </Field>
      <Field name="key" label="Key" required extra="The feature key that menus and pages check, e.g. user_management.">
        <Input />
      </Field>
    </ResourceFormPage>
  );
}
