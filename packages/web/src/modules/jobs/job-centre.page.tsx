import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../../api/client.ts';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { formatDateTime } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { DeadLetters } from './dead-letters.tsx';
import { JobDownloadLink, JobProgressBar, JobStatusTag } from './job-progress.tsx';
import { isJobActive, useJobList } from './use-job.ts';

const PAGE_SIZE = 20;

function describeResult(result: JobRecord['result']): string {
  if (!result) return '';
  return Object.entries(result)
    .filter(([key]) => key !== 'download')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/**
 * /system/jobs: recent jobs with live progress (polled every second while one runs), their result or
 * error, and Cancel / Retry. Jobs start where their work is (a list's bulk actions and exports, an
 * import, a feed sync, the cache screen), not here.
 */
export default function JobCentrePage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useJobList(page, PAGE_SIZE);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['jobs'] });
  const onError = (error: unknown) => {
    if (isWorthReporting(error)) void message.warning(failureMessage(error));
  };

  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'retry' }) => apiRequest<JobRecord>(`/api/jobs/${id}/${action}`, { method: 'POST' }),
    onSuccess: () => void refresh(),
    onError,
  });

  const columns: TableColumnsType<JobRecord> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: 'Job', dataIndex: 'label' },
    { title: 'Started By', dataIndex: 'actorName' },
    { title: 'Status', dataIndex: 'status', render: (_, job) => <JobStatusTag status={job.status} /> },
    { title: 'Progress', key: 'progress', render: (_, job) => <JobProgressBar job={job} /> },
    {
      title: 'Result',
      key: 'result',
      render: (_, job) =>
        job.error ? (
          <Typography.Text type="danger">{job.error}</Typography.Text>
        ) : (
          <Flex vertical>
            <Typography.Text>{describeResult(job.result)}</Typography.Text>
            <JobDownloadLink job={job} />
          </Flex>
        ),
    },
    { title: 'Created', dataIndex: 'createdAt', render: (value: string) => formatDateTime(value) },
    {
      title: 'Action',
      key: 'action',
      render: (_, job) =>
        isJobActive(job) ? (
          <Button size="small" danger disabled={job.cancelRequested} onClick={() => act.mutate({ id: job.id, action: 'cancel' })}>
            {job.cancelRequested ? 'Cancelling' : 'Cancel'}
          </Button>
        ) : job.status === 'failed' || job.status === 'cancelled' ? (
          <Button size="small" onClick={() => act.mutate({ id: job.id, action: 'retry' })}>
            Retry
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title="Job Centre" />
      <Table<JobRecord>
        rowKey="id"
        columns={columns}
        dataSource={data?.items}
        loading={isLoading}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      <DeadLetters />
    </>
  );
}
