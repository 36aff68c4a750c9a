import { MESSAGES } from '@facet/contract/messages';
import { isMasterRoleName, roleResource } from '@facet/contract/modules/roles/role.schema';
import { MASTER_PERMISSION } from '@facet/contract/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { Input } from 'antd';
import { useEffect } from 'react';
import { SESSION_QUERY_KEY } from '../../session/session.api.ts';
import { useSession } from '../../session/session-context.ts';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { PermissionChecklist } from './permission-checklist.tsx';
import { rolePaths } from './role.paths.ts';

/** Form fields named by roleResource's input. */
const Field = formFieldOf(roleResource);

/** The checklist comes from the session's catalogue; reload it so permissions added since sign-in are offered. */
function useFreshCatalogue() {
  const queryClient = useQueryClient();
  useEffect(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }), [queryClient]);
  return useSession().catalogue;
}

export default function RoleFormPage() {
  const catalogue = useFreshCatalogue();
  const { permissions: heldKeys } = useSession();
  const isMaster = heldKeys.includes(MASTER_PERMISSION);
  return (
    <ResourceFormPage
      resource={roleResource}
      paths={rolePaths}
      defaults={{ permissionIds: [] }}
      lockedReason={(role) => (isMasterRoleName(role.name) ? MESSAGES.masterRoleLocked : undefined)}
    >
      <Field name="name" label="Name" required>
        <Input />
      </Field>
      <Field
        name="permissionIds"
        label="Permissions"
        required
        extra={isMaster ? undefined : 'You can grant only the permissions you hold yourself.'}
      >
        <PermissionChecklist catalogue={catalogue} heldKeys={heldKeys} />
      </Field>
    </ResourceFormPage>
  );
}
