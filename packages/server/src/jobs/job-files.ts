import fs from 'node:fs';
import path from 'node:path';
import { EXPORT_RETENTION_HOURS } from '@facet/contract/modules/jobs/job.schema';

/** How long a job's file is kept and offered for download. */
export const JOB_FILE_RETENTION_MS = EXPORT_RETENTION_HOURS * 60 * 60 * 1000;

/** Where run `runId` keeps the file it produced (one file per run). */
export function jobFilePath(dir: string, runId: number) {
  return path.join(dir, `${runId}.xlsx`);
}

/**
 * Deletes the files of runs older than the retention period (and files a killed run left half
 * written). Export jobs call it as they start, so the folder holds at most a day of exports.
 */
export function removeExpiredJobFiles(dir: string, now = Date.now()) {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && now - stat.mtimeMs > JOB_FILE_RETENTION_MS) fs.rmSync(file, { force: true });
  }
}
