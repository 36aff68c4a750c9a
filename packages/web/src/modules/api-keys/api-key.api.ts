import type { ApiKey, ApiKeyCreated, ApiKeyCreateInput, ApiKeyList } from '@facet/contract/modules/api-keys/api-key.schema';
import { apiRequest } from '../../api/client.ts';

export const apiKeyKeys = { list: ['api-keys'] as const };

export const apiKeyApi = {
  list: () => apiRequest<ApiKeyList>('/api/api-keys'),
  create: (input: ApiKeyCreateInput) => apiRequest<ApiKeyCreated>('/api/api-keys', { method: 'POST', body: input }),
  revoke: (id: number) => apiRequest<ApiKey>(`/api/api-keys/${id}/revoke`, { method: 'POST' }),
};
