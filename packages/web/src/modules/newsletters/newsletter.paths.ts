import type { ResourcePaths } from '../../ui/resource-paths.ts';

/**
 * The spec's routes (document 3 §2.1): the newsletters' list and Add form, the subscribers' list, and
 * (beyond the spec) Klaviyo's settings. A newsletter is never edited: `edit` names no screen of its own.
 */
export const newsletterPaths: ResourcePaths = { list: '/newsletter/list', add: '/newsletter/add', edit: '/newsletter/list' };
export const subscriberPaths = { list: '/newsletter/subscribers' } as const;
export const klaviyoSettingsPath = '/newsletter/klaviyo-settings';
