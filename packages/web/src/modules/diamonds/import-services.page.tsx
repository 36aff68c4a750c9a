import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { SYNC_MODES } from '@facet/contract/modules/diamonds/diamond.schema';
import type { ImportServiceRecord, SyncMode } from '@facet/contract/modules/diamonds/diamond.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Row, Segmented, Spin, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useJobOutcome } from '../jobs/use-job-outcome.ts';
import { JobProgress } from '../jobs/job-progress.tsx';
import type { ImportServices } from './diamond.api.ts';
import { diamondKeys, nivodaApi, nivodaKeys } from './diamond.api.ts';
import { diamondPaths, nivodaPaths } from './diamond.paths.ts';
import { unpricedListSearch } from './diamond-filters.ts';
import { RunOutcomeTag } from './feed-run-tags.tsx';

/** While a service runs the screen refreshes itself (counts, last run, health). */
const RUNNING_POLL_MS = 2000;
const count = (value: number) => value.toLocaleString('en-GB');

function scheduleText({ incrementalMinutes, fullSyncHours }: Pick<ImportServices, 'incrementalMinutes' | 'fullSyncHours'>) {
  return `changes every ${incrementalMinutes} minutes, everything every ${fullSyncHours} hours`;
}

/** The staleness warning (the last success older than twice the schedule), said per service. */
function staleText(service: ImportServiceRecord, schedule: ImportServices) {
  const limit = `${2 * schedule.incrementalMinutes} minutes`;
  return service.lastSuccessAt
    ? `${service.label}: the last successful sync ended ${formatDateTime(service.lastSuccessAt)}, more than ${limit} ago. Stones and prices may be out of date.`
    : `${service.label}: switched on but no sync has succeeded yet. Stones and prices may be out of date.`;
}

/** The health panel: the last success of each service, stones natural vs lab (and gemstones), and a warning when a feed has gone stale. */
function HealthPanel({ data }: { data: ImportServices }) {
  const stale = data.services.filter((service) => service.isStale);
  return (
    <Card title="Feed health">
      <Flex vertical gap={16}>
        {stale.length === 0 ? (
          <Alert type="success" showIcon title="The feed is up to date." />
        ) : (
          stale.map((service) => <Alert key={service.name} type="warning" showIcon title={staleText(service, data)} />)
        )}
        <Row gutter={[16, 16]}>
          {data.services.map((service) => (
            <Col key={service.name} xs={12} lg={8}>
              <Statistic title={`${service.label} on offer`} value={service.stoneCount} formatter={(value) => count(Number(value))} />
            </Col>
          ))}
          {data.services.map((service) => (
            <Col key={service.name} xs={12} lg={8}>
              <Statistic title={`${service.label}: last success`} value={service.lastSuccessAt ? formatDateTime(service.lastSuccessAt) : 'Never'} styles={{ content: { fontSize: 18 } }} />
            </Col>
          ))}
        </Row>
        <Typography.Text type="secondary">Schedule of a service that is on: {scheduleText(data)}.</Typography.Text>
      </Flex>
    </Card>
  );
}

/** One import service: on or off, its counts and last run; Start (incremental or full) and Stop; the run's progress in place. */
function ServiceCard({ service }: { service: ImportServiceRecord }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<SyncMode>('incremental');
  const [isStarting, setStarting] = useState(false);
  const [startedJobId, setStartedJobId] = useState<number | null>(null);
  // The run this screen started, else one under way when the screen opened (the scheduler's, or another user's).
  const jobId = startedJobId ?? (service.lastRun?.isRunning ? service.lastRun.jobRunId : null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: nivodaKeys.all }), queryClient.invalidateQueries({ queryKey: diamondKeys.all })]);
  const reportFailure = (error: unknown) => {
    if (isWorthReporting(error)) void message.warning(failureMessage(error));
  };
  useJobOutcome(jobId, (job: JobRecord) => {
    if (job.status === 'succeeded') void message.success(`${service.label}: sync finished.`);
    else if (job.status === 'failed') void message.warning(`${service.label}: sync failed. ${job.error ?? ''}`.trim());
    void refresh();
  });

  const start = async () => {
    setStarting(true);
    try {
      const answer = await nivodaApi.start(service.name, mode);
      setStartedJobId(answer.jobId);
      void message.success(answer.message);
      await refresh();
    } catch (error) {
      reportFailure(error);
    } finally {
      setStarting(false);
    }
  };
  const stop = () => {
    modal.confirm({
      title: `Stop ${service.label}?`,
      content: 'The service is switched off: no scheduled syncs until it is started again. A sync under way stops and changes nothing.',
      okText: 'Stop',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        nivodaApi.stop(service.name).then((answer) => {
          queryClient.setQueryData(nivodaKeys.services, answer);
          void message.success(`${service.label} stopped.`);
          void refresh();
        }, reportFailure),
    });
  };

  const lastRun = service.lastRun;
  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span>{service.label}</span>
          {service.isEnabled ? <Tag color="success">On</Tag> : <Tag>Off</Tag>}
          {service.isRunning && <Tag color="processing">Running</Tag>}
        </Flex>
      }
      role="region"
      aria-label={service.label}
    >
      <Flex vertical gap={16}>
        <Row gutter={16}>
          <Col span={12}>
            <Statistic title="Stones on offer" value={service.stoneCount} formatter={(value) => count(Number(value))} />
          </Col>
          <Col span={12}>
            <Statistic title="For sale" value={service.forSaleCount} formatter={(value) => count(Number(value))} />
          </Col>
        </Row>
        {/* Stones without a price are not for sale and the lists leave them out: say how many, and link to them. */}
        {service.unpricedCount > 0 && (
          <Typography.Text type="warning" data-testid={`unpriced-${service.name}`}>
            {count(service.unpricedCount)} without a price (no markup band or exchange rate).{' '}
            <Link to={`${diamondPaths.list}${unpricedListSearch(service.name)}`}>Show them</Link>
          </Typography.Text>
        )}
        <Descriptions
          size="small"
          column={1}
          bordered
          styles={{ label: { width: 150 } }}
          items={[
            {
              key: 'lastRun',
              label: 'Last run',
              children: lastRun ? (
                <Flex align="center" gap={8} wrap>
                  <RunOutcomeTag run={lastRun} />
                  <span>
                    {SYNC_MODES[lastRun.mode as SyncMode] ?? lastRun.mode}, {formatDateTime(lastRun.startTime)}
                    {lastRun.endTime ? ` to ${formatDateTime(lastRun.endTime)}` : ''}
                  </span>
                </Flex>
              ) : (
                'Never run'
              ),
            },
            { key: 'imported', label: 'Imported', children: lastRun ? `${count(lastRun.totalCount)} stones (${count(lastRun.added)} added, ${count(lastRun.updated)} updated, ${count(lastRun.removed)} removed)` : '-' },
            ...(lastRun?.errorMessage ? [{ key: 'error', label: 'Error', children: <Typography.Text type="danger">{lastRun.errorMessage}</Typography.Text> }] : []),
            { key: 'lastSuccess', label: 'Last success', children: service.lastSuccessAt ? formatDateTime(service.lastSuccessAt) : 'Never' },
          ]}
        />
        {jobId !== null && <JobProgress id={jobId} />}
        <Flex align="center" gap={8} wrap>
          <Segmented<SyncMode>
            aria-label={`${service.label} sync`}
            value={mode}
            onChange={setMode}
            options={[
              { value: 'incremental', label: 'Changes only' },
              { value: 'full', label: 'Full sync' },
            ]}
          />
          <Button type="primary" icon={<PlayCircleOutlined />} loading={isStarting} disabled={service.isRunning} onClick={() => void start()}>
            Start
          </Button>
          <Button danger icon={<PauseCircleOutlined />} disabled={!service.isEnabled && !service.isRunning} onClick={stop}>
            Stop
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * System > Import Services (/system/service, document 3 §2.1): start and stop the import services
 * (the spec's natural and lab grown, and gemstones), their counts and last run, and the feed's health.
 * Start runs a sync now (a job, its progress shown in place) and switches the service's schedule on;
 * Stop switches it off.
 */
export default function ImportServicesPage() {
  const navigate = useNavigate();
  const services = useQuery({
    queryKey: nivodaKeys.services,
    queryFn: nivodaApi.services,
    refetchInterval: (current) => (current.state.data?.services.some((service) => service.isRunning) ? RUNNING_POLL_MS : false),
  });
  return (
    <>
      <PageHeader
        title="Import Services"
        extra={
          <>
            <Button onClick={() => void navigate(nivodaPaths.settings)}>Feed Settings</Button>
            <Button onClick={() => void navigate(nivodaPaths.logs)}>Nivoda Logs</Button>
          </>
        }
      />
      {services.data ? (
        <Flex vertical gap={16}>
          <HealthPanel data={services.data} />
          <Row gutter={[16, 16]}>
            {services.data.services.map((service) => (
              <Col key={service.name} xs={24} xl={12} xxl={8}>
                <ServiceCard service={service} />
              </Col>
            ))}
          </Row>
        </Flex>
      ) : services.isError ? (
        <Alert type="error" title="The import services could not be loaded." />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </>
  );
}
