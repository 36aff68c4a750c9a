import { MESSAGES } from '@facet/contract/messages';
import { customerGroupResource, isDefaultCustomerGroup } from '@facet/contract/modules/customer-groups/customer-group.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { customerGroupPaths } from './customer-group.paths.ts';

/** Form fields named by customerGroupResource's input. */
const Field = formFieldOf(customerGroupResource);

export default function CustomerGroupFormPage() {
  return (
    <ResourceFormPage
      resource={customerGroupResource}
      paths={customerGroupPaths}
      defaults={{ status: true }}
      lockedReason={(group) => (isDefaultCustomerGroup(group.name) ? MESSAGES.defaultGroupLocked : undefined)}
    >
      <Field name="name" label="Name" required>
        <Input />
      </Field>
      <StatusField />
    </ResourceFormPage>
  );
}
