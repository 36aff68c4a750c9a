import { settingResource } from '@facet/contract/modules/settings/setting.schema';
import { Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { settingPaths } from './setting.paths.ts';

/** Form fields named by settingResource's input. */
const Field = formFieldOf(settingResource);

export default function SettingFormPage() {
  return (
    <ResourceFormPage resource={settingResource} paths={settingPaths}>
      <Field name="title" label="Title" required>
        <Input />
      </Field>
      <Field name="key" label="Key" required extra="The name Facet reads the setting by, e.g. store_email.">
        <Input />
      </Field>
      <Field name="value" label="Value" required>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
      </Field>
    </ResourceFormPage>
  );
}
