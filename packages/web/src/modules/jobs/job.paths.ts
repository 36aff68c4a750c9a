/** The Job Centre (platform issue, Jobs). */
export const jobPaths = { list: '/system/jobs' } as const;
