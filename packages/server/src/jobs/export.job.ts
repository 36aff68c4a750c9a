import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { EXPORT_JOB_KINDS, exportJobKind, exportJobParamsSchema } from '@facet/contract/modules/jobs/job.schema';
import type { JobDownload } from '@facet/contract/modules/jobs/job.schema';
import type { ExportSource } from '../http/large-exports.ts';
import { writeXlsx } from '../http/xlsx-writer.ts';
import { JOB_FILE_RETENTION_MS, jobFilePath, removeExpiredJobFiles } from './job-files.ts';
import { defineJobKind } from './job-kind.ts';
import type { JobKind } from './job-kind.ts';

/** Progress is recorded (and a cancel noticed) after every this many rows. */
const PROGRESS_EVERY = 1000;

/**
 * The export of one list as a job, for exports over the threshold: the list's query (as the request
 * sent it) is read again by the list's own schema, and the rows the streaming export would send are
 * written by the same `writeXlsx` into a file under `dir`; the run's result names the download.
 * A cancelled or failed run leaves no file; a finished one is deleted after the retention period.
 * Its label and area come from the contract's list of exported lists (`undefined` for a list not in it).
 */
export function exportJob(source: ExportSource<never>, dir: string): JobKind | undefined {
  const { fileName, columns } = source;
  const kind = exportJobKind(source.name);
  const info = EXPORT_JOB_KINDS[kind];
  if (!info) return undefined;
  return defineJobKind({
    kind,
    ...info,
    params: exportJobParamsSchema,
    async run({ runId, params, db, progress, succeed }) {
      removeExpiredJobFiles(dir);
      const query = source.parseQuery(params.query);
      const total = await source.count(query);
      await progress(0, total);
      let rows = 0;
      async function* counted() {
        let reported = 0;
        for await (const item of source.iterate(query)) {
          yield item;
          rows += Array.isArray(item) ? item.length : 1;
          if (rows - reported >= PROGRESS_EVERY) {
            reported = rows;
            await progress(rows, Math.max(rows, total));
          }
        }
      }
      fs.mkdirSync(dir, { recursive: true });
      const file = jobFilePath(dir, runId);
      const partial = `${file}.part`;
      const out = fs.createWriteStream(partial);
      try {
        await Promise.all([writeXlsx(out, fileName, columns, counted()), finished(out)]);
        fs.renameSync(partial, file);
      } catch (error) {
        out.destroy();
        fs.rmSync(partial, { force: true });
        throw error;
      }
      const download: JobDownload = { fileName: `${fileName}.xlsx`, rows, expiresAt: new Date(Date.now() + JOB_FILE_RETENTION_MS).toISOString() };
      await succeed(db, { rows, download });
    },
  });
}
