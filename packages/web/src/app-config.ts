import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api/client.ts';
import { queryClient } from './api/query-client.ts';

/** What GET /api/app-config returns. */
export interface AppConfig {
  version: string;
  /** The storefront's address (SITE_URL). */
  siteUrl: string;
}

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => apiRequest<AppConfig>('/api/app-config'),
  staleTime: Infinity,
});

const APP_VERSION_KEY = 'facet.appVersion';

async function clearBrowserStorage() {
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  localStorage.clear();
  sessionStorage.clear();
}

/**
 * Spec: a stored app version that differs from the running one clears caches and storage and
 * reloads, so nobody keeps working with a stale build's leftovers after a release.
 */
export async function enforceAppVersion(): Promise<void> {
  const { version } = await queryClient.fetchQuery(appConfigQuery).catch(() => ({ version: null }));
  if (version === null) return;
  const stored = localStorage.getItem(APP_VERSION_KEY);
  if (stored !== null && stored !== version) {
    await clearBrowserStorage();
    localStorage.setItem(APP_VERSION_KEY, version);
    window.location.reload();
    return;
  }
  localStorage.setItem(APP_VERSION_KEY, version);
}
