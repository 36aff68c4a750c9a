import { defineWebModule } from '../../app-route.ts';
import { REPORT_PATHS } from './report.paths.ts';

/**
 * Report (document 3 §2.3, §2.15; issue 27): Search Terms is the spec's one entry under Report; Link
 * Statistics and the Virtual Ring Builder requests join it there (what shoppers did on the storefront),
 * all with the permission report.
 */
export const reportsWebModule = defineWebModule({
  name: 'reports',
  routes: [
    { path: REPORT_PATHS.searchTerms, page: () => import('./search-term-list.page.tsx'), permission: 'report', menu: { section: 'report', label: 'Search Terms', order: 1 } },
    { path: REPORT_PATHS.linkStatistics, page: () => import('./link-statistics.page.tsx'), permission: 'report', menu: { section: 'report', label: 'Link Statistics', order: 2 } },
    { path: REPORT_PATHS.ringRequests, page: () => import('./ring-request-list.page.tsx'), permission: 'report', menu: { section: 'report', label: 'Virtual Ring Builder', order: 3 } },
  ],
});
