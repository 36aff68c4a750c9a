/** The spec's route (document 1 §2). */
export const cachePaths = { page: '/cacheManagement' } as const;
