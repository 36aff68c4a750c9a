import { MESSAGES } from '@facet/contract/messages';
import { newsletterInputSchema, newsletterResource } from '@facet/contract/modules/newsletters/newsletter.schema';
import type { NewsletterInput } from '@facet/contract/modules/newsletters/newsletter.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, DatePicker, Form, Radio, Select, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { KlaviyoNotice } from './klaviyo-notice.tsx';
import { newsletterApi, newsletterKeys } from './newsletter.api.ts';
import { newsletterPaths } from './newsletter.paths.ts';

const SCHEDULE_FORMAT = 'MM/DD/YYYY hh:mm A';

/** A date and time picked in the browser's time zone, held (and sent) as UTC ISO text. */
function ScheduleInput({ value, onChange, ...props }: { value?: string; onChange?: (value: string) => void; id?: string }) {
  return (
    <DatePicker
      {...props}
      showTime={{ use12Hours: true, format: 'hh:mm A' }}
      format={SCHEDULE_FORMAT}
      style={{ width: '100%' }}
      disabledDate={(day) => day.isBefore(dayjs(), 'day')}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.toDate().toISOString() : '')}
    />
  );
}

/**
 * /newsletter/add (document 3 §2.9, §5, §7 PostNewsletter): a Klaviyo template, the audience (all
 * subscribers, or e-mails from Klaviyo's member list) minus excluded e-mails, and when it goes out
 * (sent as UTC). Submitting makes and schedules the campaign in Klaviyo.
 */
export default function NewsletterAddPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewsletterInput>();
  const sendAll = Form.useWatch('sendAll', form) ?? true;
  const scheduledOn = Form.useWatch('scheduledOn', form);
  const options = useQuery({ queryKey: newsletterKeys.options, queryFn: newsletterApi.options, retry: false });
  const api = useMemo(() => resourceApi(newsletterResource), []);
  const back = () => void navigate(newsletterPaths.list);
  const save = useMutation({
    mutationFn: (input: unknown) => api.create(input),
    onSuccess: async () => {
      void message.success(MESSAGES.recordAdded);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(newsletterResource) });
      back();
    },
    onError: (error: unknown) => {
      if (!isWorthReporting(error)) return;
      const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [];
      if (!isApiError(error) || error.issues.length === 0 || unplaced.length) void message.warning(unplaced[0]?.message ?? failureMessage(error));
    },
  });

  const emailOptions = (options.data?.members ?? []).map((member) => ({ value: member.email.toLowerCase(), label: member.email }));
  const isReady = options.data?.isConfigured === true;
  return (
    <>
      <PageHeader title="Add Newsletter" onBack={back} />
      <KlaviyoNotice />
      {options.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title="Klaviyo could not be read" description={failureMessage(options.error)} />}
      <Card>
        {options.isPending ? (
          <Spin />
        ) : (
          <SchemaForm
            schema={newsletterInputSchema}
            form={form}
            layout="vertical"
            aria-label="Add Newsletter"
            disabled={!isReady}
            initialValues={{ templateId: undefined, sendAll: true, sendEmails: [], excludeEmails: [], scheduledOn: '' }}
            onSubmit={(input) => save.mutate(input)}
            style={{ maxWidth: 640 }}
          >
            <FormField name="templateId" label="Template" required>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder="Choose a Klaviyo template"
                options={(options.data?.templates ?? []).map((template) => ({ value: template.id, label: template.name }))}
              />
            </FormField>
            <FormField name="sendAll" label="Send To" required>
              <Radio.Group
                options={[
                  { value: true, label: 'All subscribers' },
                  { value: false, label: 'Selected e-mails' },
                ]}
              />
            </FormField>
            {!sendAll && (
              <FormField name="sendEmails" label="E-mails" required extra="From Klaviyo's subscribers list.">
                <Select mode="multiple" allowClear optionFilterProp="label" placeholder="Choose e-mails" options={emailOptions} />
              </FormField>
            )}
            <FormField name="excludeEmails" label="Exclude E-mails">
              <Select mode="multiple" allowClear optionFilterProp="label" placeholder="None" options={emailOptions} />
            </FormField>
            <FormField name="scheduledOn" label="Scheduled On" required extra={scheduledOn ? `Goes out at ${dayjs(scheduledOn).toISOString().slice(0, 16).replace('T', ' ')} UTC.` : 'Your local time; sent to Klaviyo as UTC.'}>
              <ScheduleInput />
            </FormField>
            <Typography.Paragraph type="secondary">Submitting creates the campaign in Klaviyo and schedules it.</Typography.Paragraph>
            <FormActions isSaving={save.isPending} onCancel={back} isLocked={!isReady} />
          </SchemaForm>
        )}
      </Card>
    </>
  );
}
