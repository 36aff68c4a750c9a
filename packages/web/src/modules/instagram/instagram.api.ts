import { instagramAuthorizationSchema, instagramTokenStateSchema } from '@facet/contract/modules/instagram/instagram.schema';
import type { InstagramCodeInput, InstagramTokenState } from '@facet/contract/modules/instagram/instagram.schema';
import { apiRequest } from '../../api/client.ts';

export const instagramKeys = { token: ['instagram', 'token'] as const };

interface TokenAnswer {
  message: string;
  token: InstagramTokenState;
}

export const instagramApi = {
  token: async () => instagramTokenStateSchema.parse(await apiRequest('/api/instagram/token')),
  authorizationUrl: async () => instagramAuthorizationSchema.parse(await apiRequest('/api/instagram/authorization', { method: 'POST' })).url,
  generate: (input: InstagramCodeInput) => apiRequest<TokenAnswer>('/api/instagram/token', { method: 'POST', body: input }),
  remove: () => apiRequest<TokenAnswer>('/api/instagram/token', { method: 'DELETE' }),
};
