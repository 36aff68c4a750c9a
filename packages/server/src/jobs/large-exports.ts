import { JOB_KINDS, exportJobKind } from '@facet/contract/modules/jobs/job.schema';
import type { LargeExports } from '../http/large-exports.ts';
import type { JobEngine } from './job-engine.ts';
import type { JobService } from './job.service.ts';
import { exportJob } from './kinds/export.job.ts';

/** Exports over `threshold` rows as jobs: each list with an export registers its kind as its routes register. */
export function createLargeExports(engine: JobEngine, jobs: JobService, { threshold, dir }: { threshold: number; dir: string }): LargeExports {
  return {
    threshold,
    register(source) {
      const kind = exportJobKind(source.name);
      // The kind's area (who sees the job and its file) comes from the contract's list of exports.
      if (!(kind in JOB_KINDS)) throw new Error(`${source.name} has an export: add it to EXPORTED_RESOURCES in the contract's job.schema.ts`);
      engine.register(exportJob(source, dir) as never);
    },
    start: (name, query, actor) => jobs.submit(actor, exportJobKind(name), { query }),
  };
}
