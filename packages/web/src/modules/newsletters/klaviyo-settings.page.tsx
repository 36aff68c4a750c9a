import { MESSAGES } from '@facet/contract/messages';
import { klaviyoSettingsInputSchema } from '@facet/contract/modules/newsletters/newsletter.schema';
import type { KlaviyoSettingsInput } from '@facet/contract/modules/newsletters/newsletter.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input, Spin, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { newsletterApi, newsletterKeys } from './newsletter.api.ts';
import { newsletterPaths } from './newsletter.paths.ts';

/**
 * Klaviyo Settings (beyond the spec's screens): the account's private API key (stored encrypted,
 * never shown again; blank keeps it) and the id of the list the subscribers are kept on.
 */
export default function KlaviyoSettingsPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<KlaviyoSettingsInput>();
  const current = useQuery({ queryKey: newsletterKeys.klaviyoSettings, queryFn: newsletterApi.klaviyoSettings });
  const back = () => void navigate(newsletterPaths.list);
  const save = useMutation({
    mutationFn: newsletterApi.saveKlaviyoSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(newsletterKeys.klaviyoSettings, saved);
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.options });
      form.setFieldValue('apiKey', '');
      void message.success(MESSAGES.recordUpdated);
    },
    onError: (error: unknown) => {
      if (!isWorthReporting(error)) return;
      const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [];
      if (!isApiError(error) || error.issues.length === 0 || unplaced.length) void message.warning(unplaced[0]?.message ?? failureMessage(error));
    },
  });
  return (
    <>
      <PageHeader title="Klaviyo Settings" onBack={back} />
      <Card>
        {!current.data ? (
          <Spin />
        ) : (
          <SchemaForm
            schema={klaviyoSettingsInputSchema}
            form={form}
            layout="vertical"
            aria-label="Klaviyo Settings"
            initialValues={{ apiKey: '', listId: current.data.listId }}
            onSubmit={(input) => save.mutate(input)}
            style={{ maxWidth: 560 }}
          >
            <Typography.Paragraph type="secondary">
              Newsletters are scheduled as Klaviyo campaigns, and subscribers are kept on a Klaviyo list. Create a private API key in Klaviyo (Settings &gt; API
              keys) with access to campaigns, lists, profiles, subscriptions and templates.
            </Typography.Paragraph>
            <FormField
              name="apiKey"
              label="Private API Key"
              extra={current.data.apiKeyIsSet ? <Tag color="success">A key is saved; leave blank to keep it</Tag> : <Tag color="warning">No key saved</Tag>}
            >
              <Input.Password autoComplete="off" placeholder={current.data.apiKeyIsSet ? '••••••••' : 'pk_...'} />
            </FormField>
            <FormField name="listId" label="Subscribers List Id" required extra="The id of the Klaviyo list the shop's subscribers are kept on (Lists & Segments > the list > Settings).">
              <Input />
            </FormField>
            <FormActions isSaving={save.isPending} onCancel={back} submitLabel="Save" />
          </SchemaForm>
        )}
      </Card>
    </>
  );
}
