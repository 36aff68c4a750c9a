import type { JobKindDefinition } from '../job-kind.ts';

/**
 * Every job kind the server runs that needs only the database. A new kind adds one line here and one
 * entry to the contract's JOB_KINDS; a kind that needs more (the cache, a directory) is registered by
 * its module's routes (`jobs.engine.register`): the price update, the import, the cache's builds.
 */
export const JOB_KIND_DEFINITIONS: readonly JobKindDefinition<never>[] = [];
