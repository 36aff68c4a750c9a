import { MESSAGES } from '@facet/contract/messages';
import {
  FEED_ENDPOINT_MAX,
  FEED_FULL_SYNC_HOURS,
  FEED_INCREMENTAL_MINUTES,
  FEED_PASSWORD_MAX,
  FEED_USERNAME_MAX,
  DIAMOND_MESSAGES,
  exchangeRateInputSchema,
  feedEndpointOrigin,
  feedSettingsInputSchema,
} from '@facet/contract/modules/diamonds/diamond.schema';
import type { ExchangeRateInput, FeedSettings, FeedSettingsInput } from '@facet/contract/modules/diamonds/diamond.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { Alert, App, Button, Card, Col, DatePicker, Flex, Form, Input, Row, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { NumberInput } from '../../ui/number-input.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { FormField, SchemaForm, showIssuesOnFields } from '../../ui/schema-form.tsx';
import { useJobOutcome } from '../jobs/use-job-outcome.ts';
import { JobProgress } from '../jobs/job-progress.tsx';
import { diamondKeys, nivodaApi, nivodaKeys } from './diamond.api.ts';
import { nivodaPaths } from './diamond.paths.ts';
import { FormActions } from '../../ui/form-actions.tsx';

/** Where Nivoda's API answers, offered as the placeholder (a demo machine points at the fake instead). */
const NIVODA_ENDPOINT_EXAMPLE = 'https://integrations.nivoda.net/api/diamonds';
const DATE_FORMAT = 'MM/DD/YYYY';
const ISO_DATE = 'YYYY-MM-DD';
/** A supplier price to show what the rate does, before any markup. */
const EXAMPLE_USD = 1000;

/** A refused save: the server's issues under their fields, anything else as the spec's warning. */
function useReportSaveFailure(form: FormInstance) {
  const { message } = App.useApp();
  return (error: unknown) => {
    if (!isWorthReporting(error)) return;
    const unplaced = isApiError(error) ? showIssuesOnFields(form, error.issues) : [];
    const isFullyPlaced = isApiError(error) && error.issues.length > 0 && unplaced.length === 0;
    if (!isFullyPlaced) void message.warning(unplaced[0]?.message ?? failureMessage(error));
  };
}

/** A day as the API holds it (YYYY-MM-DD), picked and shown as the spec writes dates (month/day/year). */
function DayPicker({ value, onChange, ...props }: { value?: string; onChange?: (value: string) => void; id?: string; 'aria-label'?: string }) {
  return (
    <DatePicker
      {...props}
      format={DATE_FORMAT}
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.format(ISO_DATE) : '')}
    />
  );
}

const poundsExact = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** What a rate makes of a US dollar price, before the markup band: '$1,000.00 × 0.79 = £790.00'. */
function rateExample(rate: string | undefined): string | null {
  const value = Number(rate);
  if (!rate || !Number.isFinite(value) || value <= 0) return null;
  return `$${EXAMPLE_USD.toLocaleString('en-GB')}.00 × ${rate.trim()} = ${poundsExact.format(EXAMPLE_USD * value)} before the markup band.`;
}

/**
 * The USD to GBP rate and the day it is for. Saving a new rate reprices every stone (a job of the
 * server's); its progress shows here until it ends.
 */
function ExchangeRateCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ExchangeRateInput>();
  const [jobId, setJobId] = useState<number | null>(null);
  const current = useQuery({ queryKey: nivodaKeys.exchangeRate, queryFn: nivodaApi.exchangeRate });
  const typedRate = Form.useWatch('rate', form);
  const reportFailure = useReportSaveFailure(form);
  useJobOutcome(jobId, (job: JobRecord) => {
    const repriced = typeof job.result?.repriced === 'number' ? job.result.repriced : null;
    if (job.status === 'succeeded') void message.success(repriced === null ? 'Repricing finished.' : `Repricing finished: ${repriced.toLocaleString('en-GB')} stones have a new price.`);
    else void message.warning(`Repricing did not finish. ${job.error ?? ''}`.trim());
    void queryClient.invalidateQueries({ queryKey: diamondKeys.all });
    void queryClient.invalidateQueries({ queryKey: nivodaKeys.all });
  });
  const save = useMutation({
    mutationFn: nivodaApi.saveExchangeRate,
    onSuccess: (answer) => {
      queryClient.setQueryData(nivodaKeys.exchangeRate, { rate: answer.rate, date: answer.date });
      if (answer.jobId !== null) setJobId(answer.jobId);
      void message.success(answer.message);
    },
    onError: reportFailure,
  });

  if (!current.data) return <LoadingCard title="Exchange rate" isError={current.isError} />;
  const saved = current.data;
  const example = rateExample(typedRate);
  return (
    <Card title="Exchange rate" role="region" aria-label="Exchange rate">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Nivoda prices stones in US dollars. A stone&apos;s price is its supplier price × this rate, then its markup band. Saving a new rate reprices
          every stone.
        </Typography.Paragraph>
        {saved.rate === null && <Alert type="warning" showIcon title="No rate is set: stones priced in US dollars are not for sale." />}
        <SchemaForm
          schema={exchangeRateInputSchema}
          form={form}
          layout="vertical"
          aria-label="Exchange rate"
          initialValues={{ rate: saved.rate ?? '', date: saved.date ?? dayjs().format(ISO_DATE) }}
          onSubmit={(input) => save.mutate(input)}
        >
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <FormField name="rate" label="USD to GBP rate" required extra={example ?? 'Pounds for one US dollar, e.g. 0.79.'}>
                <Input inputMode="decimal" placeholder="0.79" prefix="£" suffix="per $1" />
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <FormField name="date" label="Rate date" required extra="The day the rate was published.">
                <DayPicker aria-label="Rate date" />
              </FormField>
            </Col>
          </Row>
          <FormActions isSaving={save.isPending} submitLabel="Save rate" onCancel={() => form.resetFields()} cancelWhileSaving={false} />
        </SchemaForm>
        {jobId !== null && (
          <Flex vertical gap={4} role="status" aria-label="Repricing">
            <Typography.Text strong>Repricing</Typography.Text>
            <JobProgress id={jobId} />
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

const toFormValues = (saved: FeedSettings): FeedSettingsInput => ({
  endpoint: saved.endpoint,
  username: saved.username,
  password: '',
  incrementalMinutes: saved.incrementalMinutes,
  fullSyncHours: saved.fullSyncHours,
});

/** The Nivoda connection (endpoint, username, password) and the import services' schedule. */
function FeedSettingsCard() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FeedSettingsInput>();
  const current = useQuery({ queryKey: nivodaKeys.settings, queryFn: nivodaApi.settings });
  const typedEndpoint = Form.useWatch('endpoint', form);
  const typedPassword = Form.useWatch('password', form);
  const reportFailure = useReportSaveFailure(form);
  const save = useMutation({
    mutationFn: nivodaApi.saveSettings,
    onSuccess: (answer) => {
      const hadPassword = current.data?.passwordIsSet ?? false;
      queryClient.setQueryData(nivodaKeys.settings, answer);
      // The password is never sent back: the field empties and says one is saved.
      form.setFieldsValue(toFormValues(answer));
      void queryClient.invalidateQueries({ queryKey: nivodaKeys.services });
      if (hadPassword && !answer.passwordIsSet) void message.warning(`${MESSAGES.recordUpdated} ${DIAMOND_MESSAGES.feedPasswordClearedOnMove}`);
      else void message.success(MESSAGES.recordUpdated);
    },
    onError: reportFailure,
  });

  if (!current.data) return <LoadingCard title="Nivoda connection and schedule" isError={current.isError} />;
  const saved = current.data;
  const isConfigured = saved.endpoint !== '' && saved.username !== '' && saved.passwordIsSet;
  // The server clears a saved password when the endpoint moves to another origin: say so before Submit.
  const willClearPassword =
    saved.passwordIsSet && !typedPassword && typedEndpoint !== undefined && feedEndpointOrigin(typedEndpoint.trim()) !== feedEndpointOrigin(saved.endpoint);
  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span>Nivoda connection and schedule</span>
          {isConfigured ? <Tag color="success">Configured</Tag> : <Tag color="warning">Not configured</Tag>}
        </Flex>
      }
      role="region"
      aria-label="Nivoda connection and schedule"
    >
      <Flex vertical gap={16}>
        {!isConfigured && <Alert type="info" showIcon title="Syncs and Pull Diamond read Nivoda once the endpoint, username and password are all saved." />}
        <SchemaForm
          schema={feedSettingsInputSchema}
          form={form}
          layout="vertical"
          aria-label="Nivoda connection and schedule"
          initialValues={toFormValues(saved)}
          onSubmit={(input) => save.mutate(input)}
        >
          <FormField
            name="endpoint"
            label="Nivoda endpoint"
            extra="The address of Nivoda's GraphQL API, https:// (http:// only on this machine). Moving it to another address clears the saved password."
          >
            <Input placeholder={NIVODA_ENDPOINT_EXAMPLE} maxLength={FEED_ENDPOINT_MAX} autoComplete="off" />
          </FormField>
          {willClearPassword && <Alert type="warning" showIcon role="alert" title={DIAMOND_MESSAGES.feedPasswordClearedOnMove} style={{ marginBottom: 16 }} />}
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <FormField name="username" label="Username">
                <Input maxLength={FEED_USERNAME_MAX} autoComplete="off" />
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <FormField
                name="password"
                label="Password"
                extra={saved.passwordIsSet ? 'A password is saved and never shown. Leave blank to keep it, or type a new one.' : 'No password is saved yet.'}
              >
                <Input.Password
                  maxLength={FEED_PASSWORD_MAX}
                  autoComplete="new-password"
                  placeholder={saved.passwordIsSet ? '•••••••• (saved)' : 'Not set'}
                  visibilityToggle={false}
                />
              </FormField>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <FormField
                name="incrementalMinutes"
                label="Read changes every (minutes)"
                required
                extra={`From ${FEED_INCREMENTAL_MINUTES.min} to ${FEED_INCREMENTAL_MINUTES.max}. A service that is on reads the stones changed since its last run.`}
              >
                <NumberInput decimals={0} />
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <FormField
                name="fullSyncHours"
                label="Full sync every (hours)"
                required
                extra={`From ${FEED_FULL_SYNC_HOURS.min} to ${FEED_FULL_SYNC_HOURS.max}. A full sync reads every stone and marks those no longer offered.`}
              >
                <NumberInput decimals={0} />
              </FormField>
            </Col>
          </Row>
          <FormActions isSaving={save.isPending} onCancel={() => form.resetFields()} cancelWhileSaving={false} />
        </SchemaForm>
      </Flex>
    </Card>
  );
}

function LoadingCard({ title, isError }: { title: string; isError: boolean }) {
  return (
    <Card title={title}>
      {isError ? (
        <Alert type="error" title={`The ${title.toLowerCase()} could not be loaded.`} />
      ) : (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      )}
    </Card>
  );
}

/**
 * System > Feed Settings (/system/service/settings, route not in the spec): the diamond feed's
 * settings in one place, beside the import services that use them: the USD to GBP exchange rate
 * (its save reprices every stone, progress shown here) and the Nivoda connection and schedule.
 */
export default function FeedSettingsPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Feed Settings"
        extra={
          <>
            <Button onClick={() => void navigate(nivodaPaths.service)}>Import Services</Button>
            <Button onClick={() => void navigate(nivodaPaths.logs)}>Nivoda Logs</Button>
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ExchangeRateCard />
        </Col>
        <Col xs={24} xl={14}>
          <FeedSettingsCard />
        </Col>
      </Row>
    </>
  );
}
