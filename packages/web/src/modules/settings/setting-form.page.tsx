import { ANALYTICS_URL_SETTING_KEY, ANALYTICS_URL_SETTING_TITLE, MASKED_SECRET, settingResource } from '@facet/contract/modules/settings/setting.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Input } from 'antd';
import { useSearchParams } from 'react-router';
import { analyticsReportQuery } from '../../layout/analytics-report.ts';
import { ResourceFormPage } from '../../ui/resource-form-page.tsx';
import { formFieldOf } from '../../ui/schema-form.tsx';
import { settingPaths } from './setting.paths.ts';

/** Form fields named by settingResource's input. */
const Field = formFieldOf(settingResource);

/**
 * A secret (a password, a token) is stored encrypted and shown masked; once saved as one it keeps its
 * key and stays secret (the server refuses otherwise), so those two fields are fixed on its form.
 */
/** What the value means for a setting Facet reads in a particular way. */
function ValueHint() {
  const key = Form.useWatch<string | undefined>('key', Form.useFormInstance());
  if (key?.trim().toLowerCase() !== ANALYTICS_URL_SETTING_KEY) return null;
  return <>The report shown at Analytics: its full https:// embed link. Delete this setting to show the report of ANALYTICS_URL again.</>;
}

export default function SettingFormPage() {
  const queryClient = useQueryClient();
  // /system/settings/add?key=analytics_url (from the Analytics page): the report's setting, named for it.
  const isAnalyticsAdd = useSearchParams()[0].get('key') === ANALYTICS_URL_SETTING_KEY;
  return (
    <ResourceFormPage
      resource={settingResource}
      paths={settingPaths}
      defaults={isAnalyticsAdd ? { title: ANALYTICS_URL_SETTING_TITLE, key: ANALYTICS_URL_SETTING_KEY } : undefined}
      // The top bar and /analytics read the report's address afresh (it may be this setting).
      onSaved={() => void queryClient.invalidateQueries({ queryKey: analyticsReportQuery.queryKey })}
    >
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
              extra={isSavedSecret ? `Never shown. Leave ${MASKED_SECRET} to keep it, or type a new value.` : <ValueHint />}
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
