import { settingResource } from '@facet/contract/modules/settings/setting.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { FormField } from '../../ui/schema-form.tsx';
import { settingPaths } from './setting.paths.ts';

export default function SettingFormPage() {
  return (
    <ResourceFormPage resource={settingResource} paths={settingPaths}>
      <FormField name="title" label="Title" required>
        <Input />
      </FormField>
      <FormField name="key" label="Key" required extra="The name Facet reads the setting by, e.g. store_email.">
        <Input />
      </FormField>
      <FormField name="value" label="Value" required>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </FormField>
    </ResourceFormPage>
  );
}
