import { DeleteOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { CacheKey, CacheKeyStatus } from '@facet/contract/modules/cache/cache.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { tableLoadingState } from '../../ui/loading-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { JobProgress } from '../jobs/job-progress.tsx';
import { isJobActive } from '../jobs/use-job.ts';
import { cacheApi, cacheKeys } from './cache.api.ts';
import { SyncProductsButton } from './sync-products-button.tsx';
import { useJobOutcome } from '../jobs/use-job-outcome.ts';

/** A building job started from a row: Generate, or Reset (emptied first, then generated). */
interface RowJob {
  id: number;
  action: 'generate' | 'reset';
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'];

/** 1,536 -> "1.5 KB". */
function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** A row's job in place while it runs; the spec's toast once it ends, then the figures again. */
function RowJobProgress({ job, onEnd }: { job: RowJob; onEnd: () => void }) {
  const { message } = App.useApp();
  const current = useJobOutcome(job.id, (ended: JobRecord) => {
    if (ended.status === 'succeeded') void message.success(job.action === 'reset' ? MESSAGES.cacheReset : MESSAGES.cacheGenerated);
    else if (ended.status === 'failed') void message.warning(MESSAGES.somethingWentWrong);
    onEnd();
  });
  return isJobActive(current) ? <JobProgress id={job.id} /> : null;
}

/**
 * Cache management (document 1 §2, §8): the storefront cache's keys with what each holds, Generate
 * and Clear per row, Reset for Products, Diamonds and Diamond Combinations; Sync Product and Clear
 * All above. Generating runs as a job shown in its row.
 */
export default function CacheManagementPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: cacheKeys.status, queryFn: cacheApi.status });
  const [jobs, setJobs] = useState<Partial<Record<CacheKey, RowJob>>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: cacheKeys.status });
  const reportFailure = (error: unknown) => {
    if (isWorthReporting(error)) void message.warning(failureMessage(error));
  };

  const build = async (key: CacheKey, action: RowJob['action']) => {
    try {
      const job = action === 'reset' ? await cacheApi.reset(key) : await cacheApi.generate(key);
      setJobs((held) => ({ ...held, [key]: { id: job.id, action } }));
      // A reset empties the key at once: show it.
      if (action === 'reset') await refresh();
    } catch (error) {
      reportFailure(error);
    }
  };

  const confirmClear = (label: string, clear: () => Promise<unknown>) => {
    modal.confirm({
      title: MESSAGES.clearCacheConfirm,
      content: label,
      okText: 'Clear',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () =>
        // The dialog closes once the key is cleared; the figures reload behind it.
        clear().then(() => {
          void message.success(MESSAGES.cacheCleared);
          void refresh();
        }, reportFailure),
    });
  };

  const columns: TableColumnsType<CacheKeyStatus> = [
    { title: 'Cache Type', dataIndex: 'label', key: 'label' },
    { title: 'Entries', dataIndex: 'entries', key: 'entries', align: 'right', render: (entries: number) => entries.toLocaleString('en-GB') },
    { title: 'Size', dataIndex: 'bytes', key: 'bytes', align: 'right', render: (bytes: number) => formatBytes(bytes) },
    {
      title: 'Last Generated',
      dataIndex: 'generatedAt',
      key: 'generatedAt',
      render: (generatedAt: string | null, row) => (
        <Flex vertical>
          <span>{generatedAt ? formatDateTime(generatedAt) : 'Not generated'}</span>
          {row.invalidatedAt && generatedAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Changed since: {formatDateTime(row.invalidatedAt)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Job',
      key: 'job',
      render: (_: unknown, row) => {
        const job = jobs[row.key];
        return job ? <RowJobProgress key={job.id} job={job} onEnd={() => void refresh()} /> : null;
      },
    },
    {
      title: 'Action',
      key: 'action',
      render: (_: unknown, row) => (
        <Flex gap={4} wrap>
          <Button type="link" size="small" onClick={() => void build(row.key, 'generate')} aria-label={`Generate ${row.label}`}>
            Generate
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmClear(row.label, () => cacheApi.clear(row.key))} aria-label={`Clear ${row.label}`}>
            Clear
          </Button>
          {row.canReset && (
            <Button type="link" size="small" onClick={() => void build(row.key, 'reset')} aria-label={`Reset ${row.label}`}>
              Reset
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Cache Management"
        extra={
          <>
            <SyncProductsButton label="Sync Product" onDone={() => void refresh()} />
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmClear('Every cache type will be emptied.', cacheApi.clearAll)}>
              Clear All
            </Button>
          </>
        }
      />
      <Card>
        {status.data && (
          <Flex style={{ marginBottom: 12 }}>
            <Tag>{status.data.store === 'redis' ? 'Stored in Redis' : 'Stored in server memory'}</Tag>
          </Flex>
        )}
        <Table<CacheKeyStatus> rowKey="key" size="middle" columns={columns} dataSource={status.data?.items ?? []} pagination={false} {...tableLoadingState(status.isFetching)} />
      </Card>
    </>
  );
}
