import { imageSyncAuthorizationSchema, imageSyncStartedSchema, imageSyncStateSchema } from '@facet/contract/modules/image-sync/image-sync.schema';
import type { ImageSyncCodeInput, ImageSyncState } from '@facet/contract/modules/image-sync/image-sync.schema';
import { apiRequest } from '../../api/client.ts';

export const imageSyncKeys = { state: ['image-sync'] as const };

interface StateAnswer {
  message: string;
  state: ImageSyncState;
}

export const imageSyncApi = {
  state: async () => imageSyncStateSchema.parse(await apiRequest('/api/image-sync')),
  authorizationUrl: async () => imageSyncAuthorizationSchema.parse(await apiRequest('/api/image-sync/authorization', { method: 'POST' })).url,
  connect: (input: ImageSyncCodeInput) => apiRequest<StateAnswer>('/api/image-sync/connection', { method: 'POST', body: input }),
  disconnect: () => apiRequest<StateAnswer>('/api/image-sync/connection', { method: 'DELETE' }),
  sync: async () => imageSyncStartedSchema.parse(await apiRequest('/api/image-sync/sync', { method: 'POST' })).jobId,
};
