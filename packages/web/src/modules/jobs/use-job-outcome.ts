import { useEffect, useRef } from 'react';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { isJobActive, useJob } from './use-job.ts';

/**
 * Follows job `id` and calls `onEnd` once when it ends (succeeded, failed or cancelled): the screen
 * that started it shows the spec's toast then, rather than when the job was only queued.
 */
export function useJobOutcome(id: number | null, onEnd: (job: JobRecord) => void) {
  const { data: job } = useJob(id);
  const announced = useRef<number | null>(null);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    if (!job || isJobActive(job) || announced.current === job.id) return;
    announced.current = job.id;
    latest.current(job);
  }, [job]);
  return job;
}
