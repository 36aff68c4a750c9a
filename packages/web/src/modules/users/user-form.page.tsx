import { MESSAGES } from '@facet/contract/messages';
import type { UserRecord } from '@facet/contract/modules/users/user.schema';
import { userResource } from '@facet/contract/modules/users/user.schema';
import { Input, Select } from 'antd';
import { useSession } from '../../session/session-context.ts';
import { useSignOut } from '../../session/use-sign-out.ts';
import { choicesLoadingState } from '../../ui/loading-state.tsx';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { useRoleOptions } from '../roles/role.api.ts';
import { userPaths } from './user.paths.ts';
import { StatusField } from '../../ui/status-field.tsx';

/** Form fields named by userResource's input. */
const Field = formFieldOf(userResource);

/** Spec: these changes to your own account end your session (the server has already ended it). */
function endsOwnSession(before: UserRecord, after: UserRecord, input: Record<string, unknown>): boolean {
  return Boolean(input.password) || before.name !== after.name || before.email !== after.email || before.status !== after.status;
}

export default function UserFormPage() {
  const { user: me } = useSession();
  const signOut = useSignOut();
  const roles = useRoleOptions();

  return (
    <ResourceFormPage
      resource={userResource}
      paths={userPaths}
      defaults={{ status: true, roleIds: [] }}
      toFormValues={({ name, email, status, roleIds }) => ({ name, email, status, roleIds })}
      onSaved={(saved, { previous, input }) => {
        if (!previous || saved.id !== me.id || !endsOwnSession(previous, saved, input)) return false;
        void signOut({ endOnServer: false, notice: 'You changed your own sign-in details. Please sign in again.' });
        return true;
      }}
    >
      {(user) => {
        const isEdit = user !== undefined;
        const isSelf = user?.id === me.id;
        return (
          <>
            <Field name="name" label="Username" required>
              <Input autoComplete="off" />
            </Field>
            <Field name="email" label="Email" required>
              <Input type="email" autoComplete="off" />
            </Field>
            <Field name="password" label="Password" required={!isEdit} extra={isEdit ? 'Leave blank to keep the current password.' : '8 to 12 characters.'}>
              <Input.Password autoComplete="new-password" />
            </Field>
            <Field name="confirmPassword" label="Confirm Password" required={!isEdit} dependencies={['password']}>
              <Input.Password autoComplete="new-password" />
            </Field>
            <Field name="roleIds" label="Roles" required extra={isSelf ? MESSAGES.cannotEditOwnRoles : undefined}>
              <Select mode="multiple" options={roles.data} {...choicesLoadingState(roles.isPending)} disabled={isSelf} optionFilterProp="label" placeholder="Select roles" />
            </Field>
            <StatusField />
          </>
        );
      }}
    </ResourceFormPage>
  );
}
