import { MESSAGES } from '@facet/contract/messages';
import { customerGroupResource, isDefaultCustomerGroup } from '@facet/contract/modules/customer-groups/customer-group.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { FormField } from '../../ui/schema-form.tsx';
import { StatusField } from '../../ui/status-field.tsx';
import { customerGroupPaths } from './customer-group.paths.ts';

export default function CustomerGroupFormPage() {
  return (
    <ResourceFormPage
      resource={customerGroupResource}
      paths={customerGroupPaths}
      defaults={{ status: true }}
      lockedReason={(group) => (isDefaultCustomerGroup(group.name) ? MESSAGES.defaultGroupLocked : undefined)}
    >
      <FormField name="name" label="Name" required>
        <Input />
      </FormField>
      <StatusField />
    </ResourceFormPage>
  );
}
