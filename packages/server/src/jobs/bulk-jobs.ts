import { bulkJobKind } from '@facet/contract/bulk';
import { BULK_JOB_KINDS } from '@facet/contract/modules/jobs/job.schema';
import type { BulkJobs } from '../http/bulk-actions.ts';
import type { JobEngine } from './job-engine.ts';
import type { JobService } from './job.service.ts';
import type { StaffActorLookup } from './bulk.job.ts';
import { bulkJob } from './bulk.job.ts';

/** Bulk actions as jobs: each list with bulk actions registers its kind as its routes register. */
export function createBulkJobs(engine: JobEngine, jobs: JobService, staffActorOf: StaffActorLookup): BulkJobs {
  return {
    register(target) {
      const kind = bulkJobKind(target.name);
      // The kind's area (who sees the job) comes from the contract's list of bulk resources.
      const info = BULK_JOB_KINDS[kind];
      if (!info) throw new Error(`${target.name} has bulk actions: add it to BULK_RESOURCES in the contract's job.schema.ts`);
      engine.register(bulkJob(target, info, staffActorOf));
    },
    start: (name, params, actor) => jobs.submit(actor, bulkJobKind(name), params),
  };
}
