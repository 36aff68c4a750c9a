import type { KlaviyoSettings, KlaviyoSettingsInput, NewsletterOptions, NewsletterRecord } from '@facet/contract/modules/newsletters/newsletter.schema';
import type { SubscriberRecord } from '@facet/contract/modules/newsletters/subscriber.schema';
import { apiRequest } from '../../api/client.ts';

export const newsletterKeys = {
  options: ['newsletters', 'options'] as const,
  klaviyoSettings: ['newsletters', 'klaviyo-settings'] as const,
};

export const newsletterApi = {
  options: () => apiRequest<NewsletterOptions>('/api/newsletters/options'),
  cancel: (id: number, version: number) => apiRequest<NewsletterRecord>(`/api/newsletters/${id}/cancel`, { method: 'POST', body: { version } }),
  sync: () => apiRequest<{ jobId: number | null }>('/api/newsletters/sync', { method: 'POST' }),
  klaviyoSettings: () => apiRequest<KlaviyoSettings>('/api/newsletters/klaviyo-settings'),
  saveKlaviyoSettings: (input: KlaviyoSettingsInput) => apiRequest<KlaviyoSettings>('/api/newsletters/klaviyo-settings', { method: 'PUT', body: input }),
  deactivateSubscriber: (id: number, version: number) => apiRequest<SubscriberRecord>(`/api/subscribers/${id}/deactivate`, { method: 'POST', body: { version } }),
};
