import { MASKED_SECRET, settingResource } from '@facet/contract/modules/settings/setting.schema';
import { Checkbox, Input } from 'antd';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { settingPaths } from './setting.paths.ts';

/** Form fields named by settingResource's input. */
const Field = formFieldOf(settingResource);

/**
 * A secret (a password, a token) is stored encrypted and shown masked; once saved as one it keeps its
 * key and stays secret (the server refuses otherwise), so those two fields are fixed on its form.
 */
export default function SettingFormPage() {
  return (
    <ResourceFormPage resource={settingResource} paths={settingPaths}>
      {(record) => {
        const isSavedSecret = record?.isSecret === true;
        return (
          <>
            <Field name="title" label="Title" required>
              <Input />
            </Field>
            <Field
              name="key"
              label="Key"
              required
              extra={isSavedSecret ? 'The key of a secret setting cannot be changed.' : 'The name Facet reads the setting by, e.g. store_email.'}
            >
              <Input disabled={isSavedSecret} />
            </Field>
            <Field
              name="value"
              label="Value"
              required
              extra={isSavedSecret ? `Never shown. Leave ${MASKED_SECRET} to keep it, or type a new value.` : undefined}
            >
              {isSavedSecret ? <Input.Password autoComplete="new-password" visibilityToggle={false} /> : <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />}
            </Field>
            <Field
              name="isSecret"
              valuePropName="checked"
              extra="A secret is stored encrypted, shown as ******** and never matched by a search. Keys ending in password, secret, token or api_key are always secret. It cannot be undone."
            >
              <Checkbox disabled={isSavedSecret}>Secret</Checkbox>
            </Field>
          </>
        );
      }}
    </ResourceFormPage>
  );
}
