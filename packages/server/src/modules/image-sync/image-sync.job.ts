import { imageSyncJobParamsSchema } from '@facet/contract/modules/image-sync/image-sync.schema';
import type { Db } from '../../db/client.ts';
import type { DropboxClient, DropboxPage } from '../../integrations/dropbox/dropbox-client.ts';
import { DropboxError } from '../../integrations/dropbox/dropbox-client.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobKind } from '../../jobs/job-kind.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createProductMediaService } from '../product-media/index.ts';
import { createFileHandler, IMAGE_SYNC_MAX_BYTES, outcomeCounts } from './image-sync.files.ts';
import type { ImageSyncService } from './image-sync.service.ts';
import { dropboxProblem, IMAGE_SYNC_JOB_KIND } from './image-sync.service.ts';

/** What a finished run's result says: its files by outcome, and a line of them. */
export async function runResult(tx: Db, runId: number) {
  const counts = await outcomeCounts(tx, runId);
  const gone = [counts.removed ? `${counts.removed} removed` : '', counts.kept ? `${counts.kept} kept (in use)` : ''].filter(Boolean);
  return { message: [`${counts.matched} matched, ${counts.unmatched} unmatched, ${counts.rejected} rejected`, ...gone].join(', '), ...counts };
}

/**
 * Sync now: lists the configured folder recursively (or continues from the saved cursor: only what
 * changed since), and for each new or changed file (by Dropbox's content hash) reads the SKU from its
 * name, downloads it and passes it through the product media pipeline (type check, re-encode, 2 MB)
 * into that SKU's library; for each file deleted in Dropbox it removes the image it had attached
 * (image-sync.files.ts). Each file commits on its own with its row in image_sync_files, so a run
 * killed half-way redoes nothing it had finished; the cursor is saved at the end with the run's time.
 * One run at a time: its start (Sync now, a Retry) queues none while one is queued or running.
 */
export function imageSyncJob(service: ImageSyncService, client: DropboxClient, storage: MediaStorage): JobKind {
  return defineJobKind({
    kind: IMAGE_SYNC_JOB_KIND,
    label: 'Dropbox image sync',
    permission: 'products',
    params: imageSyncJobParamsSchema,
    start: (params, { actor, submit }) => service.startSync(actor.id, (tx) => submit(params, tx)),
    async run({ db, runId, context, progress, succeed }) {
      const { folder, cursor: saved, tokens } = await service.session();
      const files = createFileHandler({
        db,
        media: createProductMediaService(db, storage),
        runId,
        context,
        download: (entry) => client.download(tokens, entry.pathLower, IMAGE_SYNC_MAX_BYTES),
      });
      let unchanged = 0;
      let done = 0;
      /** Entries listed so far: the total grows as Dropbox's pages arrive. */
      let total = 0;

      await progress(0);
      let page: DropboxPage;
      const listed = async (call: () => Promise<DropboxPage>) => {
        try {
          return await call();
        } catch (error) {
          throw dropboxProblem(error, folder) ?? error;
        }
      };
      try {
        page = saved ? await client.listFolderContinue(tokens, saved) : await listed(() => client.listFolder(tokens, folder));
      } catch (error) {
        // A cursor Dropbox no longer honours (409 reset): list the folder again from the start.
        if (!(saved && error instanceof DropboxError && error.status === 409)) throw dropboxProblem(error, folder) ?? error;
        page = await listed(() => client.listFolder(tokens, folder));
      }
      for (;;) {
        // Deletions first: a folder deleted and a file put back in its place within one page ends with the file.
        const deleted = page.entries.filter((entry) => entry.tag === 'deleted');
        const changed = page.entries.filter((entry) => entry.tag === 'file' && entry.contentHash);
        total += deleted.length + changed.length;
        for (const entry of deleted) {
          await files.handleDeleted(entry);
          done += 1;
          await progress(done, total);
        }
        const handled = await service.handled(changed.map((entry) => ({ path: entry.pathLower, contentHash: entry.contentHash! })));
        for (const entry of changed) {
          if (handled.has(entry.pathLower)) unchanged += 1;
          else await files.handle(entry);
          done += 1;
          await progress(done, total);
        }
        if (!page.hasMore) break;
        const cursor = page.cursor;
        page = await listed(() => client.listFolderContinue(tokens, cursor));
      }
      const finalCursor = page.cursor;
      await db.transaction(async (tx) => {
        await service.finish(tx, folder, finalCursor, runId);
        await succeed(tx, { ...(await runResult(tx, runId)), unchanged });
      });
    },
  });
}
