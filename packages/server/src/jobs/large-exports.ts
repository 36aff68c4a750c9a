import { exportJobKind } from '@facet/contract/modules/jobs/job.schema';
import type { LargeExports } from '../http/large-exports.ts';
import type { JobEngine } from './job-engine.ts';
import type { JobService } from './job.service.ts';
import { exportJob } from './export.job.ts';

/** Exports over `threshold` rows as jobs: each list with an export registers its kind as its routes register. */
export function createLargeExports(engine: JobEngine, jobs: JobService, { threshold, dir }: { threshold: number; dir: string }): LargeExports {
  return {
    threshold,
    register(source) {
      // The kind's area (who sees the job and its file) comes from the contract's list of exports.
      const kind = exportJob(source, dir);
      if (!kind) throw new Error(`${source.name} has an export: add it to EXPORTED_RESOURCES in the contract's job.schema.ts`);
      engine.register(kind);
    },
    start: (name, query, actor) => jobs.submit(actor, exportJobKind(name), { query }),
  };
}
