import { DownloadOutlined } from '@ant-design/icons';
import { JOB_STATUS_LABELS, downloadOf, jobDownloadPath } from '@facet/contract/modules/jobs/job.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { Flex, Progress, Tag, Typography } from 'antd';
import { isJobActive, useJob } from './use-job.ts';

const STATUS_COLOURS: Record<JobRecord['status'], string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
};

export function JobStatusTag({ status }: Pick<JobRecord, 'status'>) {
  return <Tag color={STATUS_COLOURS[status]}>{JOB_STATUS_LABELS[status]}</Tag>;
}

/** A job's progress bar: done of total, coloured by how it ended. */
export function JobProgressBar({ job }: { job: JobRecord }) {
  const total = job.progressTotal ?? 0;
  const percent = job.status === 'succeeded' ? 100 : total > 0 ? Math.floor((job.progressDone / total) * 100) : 0;
  const status = job.status === 'failed' || job.status === 'cancelled' ? 'exception' : job.status === 'succeeded' ? 'success' : 'active';
  return (
    <Flex vertical style={{ minWidth: 160 }}>
      <Progress percent={percent} status={status} size="small" aria-label={`Progress of job ${job.id}`} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {/* A job that ended before it counted its work (a feed that never answered) did nothing: it is not waiting. */}
        {job.progressTotal === null ? (isJobActive(job) ? 'Waiting to start' : 'Nothing processed') : `${job.progressDone.toLocaleString()} of ${job.progressTotal.toLocaleString()}`}
      </Typography.Text>
    </Flex>
  );
}

/** The file a finished job made (a big export), as a link that downloads it; nothing for other jobs. */
export function JobDownloadLink({ job }: { job: JobRecord }) {
  const download = downloadOf(job);
  if (!download) return null;
  return (
    <Typography.Link href={jobDownloadPath(job.id)} download={download.fileName}>
      <DownloadOutlined /> Download {download.fileName}
    </Typography.Link>
  );
}

/**
 * In place progress of job `id` for a screen that started it: status, bar, and the error if it failed.
 * The list's Export Excel (a big export) uses it; import, feed sync and the others as they arrive.
 */
export function JobProgress({ id }: { id: number }) {
  const { data: job } = useJob(id);
  if (!job) return null;
  return (
    <Flex gap={12} align="center" wrap>
      <JobStatusTag status={job.status} />
      <JobProgressBar job={job} />
      {job.error && <Typography.Text type="danger">{job.error}</Typography.Text>}
      <JobDownloadLink job={job} />
    </Flex>
  );
}
