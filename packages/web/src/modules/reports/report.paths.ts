/** The spec's report routes (document 3 §2.1). */
export const REPORT_PATHS = {
  searchTerms: '/report/searchterm',
  linkStatistics: '/report/link-statistics',
  ringRequests: '/virtual-ring-builder',
} as const;
