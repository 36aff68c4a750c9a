import { Switch } from 'antd';
import { FormField } from './schema-form.tsx';

/** The Active/Inactive switch of a form (document 1 §4), bound to `status`. */
export function StatusField() {
  return (
    <FormField name="status" label="Status" valuePropName="checked">
      <Switch checkedChildren="Active" unCheckedChildren="Inactive" />
    </FormField>
  );
}
