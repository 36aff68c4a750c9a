import { SyncOutlined } from '@ant-design/icons';
import { MESSAGES } from '@facet/contract/messages';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { App, Button, Flex } from 'antd';
import { useState } from 'react';
import { failureMessage, isWorthReporting } from '../../ui/feedback.ts';
import { JobProgress } from '../jobs/job-progress.tsx';
import { isJobActive } from '../jobs/use-job.ts';
import { cacheApi } from './cache.api.ts';
import { useJobOutcome } from '../jobs/use-job-outcome.ts';

/**
 * Sync Products (document 2 §2 on the products list, document 1 §2 on the cache screen): rebuilds the
 * products cache from the catalogue as a job, shown in place; 'Response Sent Successfully!' when done.
 */
export function SyncProductsButton({ label, onDone }: { label: string; onDone?: () => void }) {
  const { message } = App.useApp();
  const [jobId, setJobId] = useState<number | null>(null);
  const [isStarting, setStarting] = useState(false);
  const job = useJobOutcome(jobId, (ended: JobRecord) => {
    if (ended.status === 'succeeded') void message.success(MESSAGES.productsSynced);
    else if (ended.status === 'failed') void message.warning(MESSAGES.somethingWentWrong);
    onDone?.();
  });
  const start = async () => {
    setStarting(true);
    try {
      setJobId((await cacheApi.syncProducts()).id);
    } catch (error) {
      if (isWorthReporting(error)) void message.warning(failureMessage(error));
    } finally {
      setStarting(false);
    }
  };
  return (
    <Flex align="center" gap={12}>
      {jobId !== null && isJobActive(job) && <JobProgress id={jobId} />}
      <Button icon={<SyncOutlined />} loading={isStarting || isJobActive(job)} onClick={() => void start()}>
        {label}
      </Button>
    </Flex>
  );
}
