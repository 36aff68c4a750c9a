import type { CacheKey, CacheKeyStatus, CacheStatusResponse } from '@facet/contract/modules/cache/cache.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { apiRequest } from '../../api/client.ts';

export const cacheKeys = { status: ['cache'] as const };

export const cacheApi = {
  status: () => apiRequest<CacheStatusResponse>('/api/cache'),
  generate: (key: CacheKey) => apiRequest<JobRecord>(`/api/cache/${key}/generate`, { method: 'POST' }),
  reset: (key: CacheKey) => apiRequest<JobRecord>(`/api/cache/${key}/reset`, { method: 'POST' }),
  clear: (key: CacheKey) => apiRequest<CacheKeyStatus>(`/api/cache/${key}/clear`, { method: 'POST' }),
  clearAll: () => apiRequest<CacheStatusResponse>('/api/cache/clear', { method: 'POST' }),
  syncProducts: () => apiRequest<JobRecord>('/api/products/sync', { method: 'POST' }),
};
