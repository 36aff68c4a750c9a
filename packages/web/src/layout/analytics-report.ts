import type { AnalyticsReport } from '@facet/contract/modules/settings/setting.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

/**
 * The analytics report's address (the `analytics_url` setting, else ANALYTICS_URL), for the top bar's
 * link and /analytics. Read again when either opens after a minute, and at once after a setting is saved.
 */
export const analyticsReportQuery = queryOptions({
  queryKey: ['analytics-report'],
  queryFn: () => apiRequest<AnalyticsReport>('/api/analytics'),
  staleTime: 60_000,
});

/**
 * The report's origin when this document was served: its Content-Security-Policy lets it frame that
 * site and no other (app.ts). A later address on another site needs the document served again.
 */
let documentReportOrigin: string | null | undefined;

/** True when `url` is on another site than the one this document's policy allows (the first address seen sets it). */
export function needsFreshDocument(url: string | null): boolean {
  const origin = url ? new URL(url).origin : null;
  if (documentReportOrigin === undefined) documentReportOrigin = origin;
  return origin !== null && origin !== documentReportOrigin;
}
