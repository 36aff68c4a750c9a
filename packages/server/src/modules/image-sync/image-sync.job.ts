import { IMAGE_SYNC_MESSAGES, imageSyncJobParamsSchema, skuOfFileName } from '@facet/contract/modules/image-sync/image-sync.schema';
import type { ImageSyncOutcome } from '@facet/contract/modules/image-sync/image-sync.schema';
import { MEDIA_PURPOSES, tooLargeMessageFor } from '@facet/contract/modules/media/media.schema';
import { PRODUCT_MEDIA_PURPOSES } from '@facet/contract/modules/product-media/product-media.schema';
import { and, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { DropboxClient, DropboxEntry, DropboxPage } from '../../integrations/dropbox/dropbox-client.ts';
import { DropboxError } from '../../integrations/dropbox/dropbox-client.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobKind } from '../../jobs/job-kind.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createProductMediaService } from '../product-media/index.ts';
import { products } from '../products/product.table.ts';
import { imageSyncFiles } from './image-sync.table.ts';
import type { ImageSyncService } from './image-sync.service.ts';
import { dropboxProblem } from './image-sync.service.ts';

export const IMAGE_SYNC_JOB_KIND = 'image-sync.run';
const IMAGE_PURPOSE = PRODUCT_MEDIA_PURPOSES.image;

/** The live product or variant with this SKU (its model number or system SKU, any case): the library key it is filed under. */
async function librarySkuOf(db: Db, sku: string): Promise<string | null> {
  const key = sku.toLowerCase();
  const [row] = await db
    .select({ sku: products.sku })
    .from(products)
    .where(and(isNull(products.deletedAt), or(sql`lower(${products.sku}) = ${key}`, sql`lower(${products.modelNumber}) = ${key}`)))
    .limit(1);
  return row?.sku ?? null;
}

async function record(db: Db, entry: DropboxEntry, sku: string, outcome: ImageSyncOutcome, reason: string | null, jobRunId: number, mediaId: number | null = null) {
  const values = { path: entry.pathLower, name: entry.name, contentHash: entry.contentHash ?? '', sku, outcome, reason, mediaId, jobRunId, syncedAt: new Date() };
  await db.insert(imageSyncFiles).values(values).onConflictDoUpdate({ target: imageSyncFiles.path, set: values });
}

/**
 * Sync now: lists the configured folder recursively (or continues from the saved cursor: only what
 * changed since), and for each new or changed file (by Dropbox's content hash) reads the SKU from its
 * name, downloads it and passes it through the product media pipeline (type check, re-encode, 2 MB)
 * into that SKU's library. Each file commits on its own with its row in image_sync_files, so a run
 * killed half-way redoes nothing it had finished; the cursor is saved at the end with the run's time.
 * Deleted Dropbox files are left in the library (a product may show them).
 */
export function imageSyncJob(service: ImageSyncService, client: DropboxClient, storage: MediaStorage): JobKind {
  return defineJobKind({
    kind: IMAGE_SYNC_JOB_KIND,
    label: 'Dropbox image sync',
    permission: 'products',
    params: imageSyncJobParamsSchema,
    async run({ db, runId, context, progress, succeed }) {
      const media = createProductMediaService(db, storage);
      const { folder, cursor: saved, tokens } = await service.session();
      const maxBytes = MEDIA_PURPOSES[IMAGE_PURPOSE].maxBytes;
      const counts = { matched: 0, unmatched: 0, rejected: 0, unchanged: 0 };
      let done = 0;
      /** Files listed so far: the total grows as Dropbox's pages arrive. */
      let total = 0;

      async function handle(entry: DropboxEntry) {
        const sku = skuOfFileName(entry.name);
        if (!sku) return record(db, entry, '', 'rejected', IMAGE_SYNC_MESSAGES.notAnImageName, runId);
        const librarySku = await librarySkuOf(db, sku);
        if (!librarySku) return record(db, entry, sku, 'unmatched', IMAGE_SYNC_MESSAGES.unmatched(sku), runId);
        if (entry.size !== null && entry.size > maxBytes) return record(db, entry, sku, 'rejected', tooLargeMessageFor(IMAGE_PURPOSE), runId);
        let bytes: Buffer | null;
        try {
          bytes = await client.download(tokens, entry.pathLower, maxBytes);
        } catch (error) {
          // Gone between the listing and the download: the next listing says so.
          if (error instanceof DropboxError && error.isNotFound) return;
          throw error;
        }
        if (bytes === null) return record(db, entry, sku, 'rejected', tooLargeMessageFor(IMAGE_PURPOSE), runId);
        try {
          await media.upload(librarySku, 'image', { staged: false, bytes, fileName: entry.name }, context, async (tx, stored) => {
            const values = { path: entry.pathLower, name: entry.name, contentHash: entry.contentHash ?? '', sku: librarySku, outcome: 'matched', reason: null, mediaId: stored.id, jobRunId: runId, syncedAt: new Date() };
            await tx.insert(imageSyncFiles).values(values).onConflictDoUpdate({ target: imageSyncFiles.path, set: values });
          });
        } catch (error) {
          // The pipeline's refusal (not an image, too large, the library full) is the file's reason.
          if (error instanceof AppError && error.status < 500) return record(db, entry, sku, 'rejected', error.message, runId);
          throw error;
        }
      }

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
        const files = page.entries.filter((entry) => entry.tag === 'file' && entry.contentHash);
        total += files.length;
        const handled = await service.handled(files.map((entry) => ({ path: entry.pathLower, contentHash: entry.contentHash! })));
        for (const entry of files) {
          if (handled.has(entry.pathLower)) counts.unchanged += 1;
          else await handle(entry);
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
        const totals = await tx
          .select({ outcome: imageSyncFiles.outcome, files: sql<number>`count(*)::int` })
          .from(imageSyncFiles)
          .where(sql`${imageSyncFiles.jobRunId} = ${runId}`)
          .groupBy(imageSyncFiles.outcome);
        for (const total of totals) counts[total.outcome as ImageSyncOutcome] = total.files;
        await succeed(tx, { message: `${counts.matched} matched, ${counts.unmatched} unmatched, ${counts.rejected} rejected`, ...counts });
      });
    },
  });
}
