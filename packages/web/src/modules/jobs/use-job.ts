import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ListResponse } from '@facet/contract/api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

/** A job that has not ended yet: its screen keeps polling. */
export const isJobActive = (job: Pick<JobRecord, 'status'> | undefined) => job?.status === 'queued' || job?.status === 'running';

const POLL_MS = 1000;

/** One job, polled every second while it is queued or running; for any screen that starts long work. */
export function useJob(id: number | null | undefined) {
  return useQuery({
    queryKey: ['jobs', id],
    queryFn: () => apiRequest<JobRecord>(`/api/jobs/${id}`),
    enabled: typeof id === 'number',
    refetchInterval: (query) => (isJobActive(query.state.data) ? POLL_MS : false),
  });
}

/** A page of recent jobs, newest first, polled every second while any of them is running. */
export function useJobList(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['jobs', 'list', page, pageSize],
    queryFn: () => apiRequest<ListResponse<JobRecord>>('/api/jobs', { query: { page, pageSize } }),
    refetchInterval: (query) => (query.state.data?.items.some(isJobActive) ? POLL_MS : false),
  });
}
