import { IMAGE_SYNC_MESSAGES, IMAGE_SYNC_OUTCOMES, skuOfFileName } from '@facet/contract/modules/image-sync/image-sync.schema';
import type { ImageSyncOutcome } from '@facet/contract/modules/image-sync/image-sync.schema';
import { MEDIA_PURPOSES, tooLargeMessageFor } from '@facet/contract/modules/media/media.schema';
import { PRODUCT_MEDIA_PURPOSES } from '@facet/contract/modules/product-media/product-media.schema';
import { and, count, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/list-query.ts';
import type { ServiceContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { DropboxEntry } from '../../integrations/dropbox/dropbox-client.ts';
import { DropboxError } from '../../integrations/dropbox/dropbox-client.ts';
import type { createProductMediaService } from '../product-media/index.ts';
import { products } from '../products/product.table.ts';
import { imageSyncFiles } from './image-sync.table.ts';

const IMAGE_PURPOSE = PRODUCT_MEDIA_PURPOSES.image;
/** The most bytes a synced image may have (the product image pipeline's limit, 2 MB). */
export const IMAGE_SYNC_MAX_BYTES = MEDIA_PURPOSES[IMAGE_PURPOSE].maxBytes;

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

/** No file of any outcome: the report before any sync. */
export const noOutcomes = () => Object.fromEntries(IMAGE_SYNC_OUTCOMES.map((outcome) => [outcome, 0])) as Record<ImageSyncOutcome, number>;

/** A sync run's files by outcome (its rows of image_sync_files): its report's counts and its job's result. */
export async function outcomeCounts(db: Db, runId: number): Promise<Record<ImageSyncOutcome, number>> {
  const counts = noOutcomes();
  const totals = await db.select({ outcome: imageSyncFiles.outcome, files: count() }).from(imageSyncFiles).where(eq(imageSyncFiles.jobRunId, runId)).groupBy(imageSyncFiles.outcome);
  for (const total of totals) counts[total.outcome as ImageSyncOutcome] = total.files;
  return counts;
}

export interface FileHandlerOptions {
  db: Db;
  media: ReturnType<typeof createProductMediaService>;
  /** The sync run whose report the files go in. */
  runId: number;
  context: ServiceContext;
  /** The file's bytes from Dropbox (at most IMAGE_SYNC_MAX_BYTES: null when bigger). */
  download(entry: DropboxEntry): Promise<Buffer | null>;
}

/**
 * What a sync does with each entry Dropbox lists, and the row of `image_sync_files` that says so (the
 * run's report lists its run's rows). A new or changed file goes through the product media pipeline
 * into its SKU's library; a deleted one takes from the library the image the sync had attached from
 * it, and only that. The sync job runs it on Dropbox's listing; the demo on its own files.
 */
export function createFileHandler({ db, media, runId, context, download }: FileHandlerOptions) {
  async function record(entry: DropboxEntry, sku: string, outcome: ImageSyncOutcome, reason: string | null) {
    const values = { path: entry.pathLower, name: entry.name, contentHash: entry.contentHash ?? '', sku, outcome, reason, mediaId: null, jobRunId: runId, syncedAt: new Date() };
    await db.insert(imageSyncFiles).values(values).onConflictDoUpdate({ target: imageSyncFiles.path, set: values });
  }

  /** How a file deleted in Dropbox leaves the report: removed (with its image, or having none), or kept while a product shows its image. */
  const markDeleted = (tx: Db, path: string, outcome: 'removed' | 'kept') =>
    tx
      .update(imageSyncFiles)
      .set({
        outcome,
        reason: outcome === 'removed' ? IMAGE_SYNC_MESSAGES.removed : IMAGE_SYNC_MESSAGES.keptInUse,
        // A removed file put back later, even unchanged, is synced again; a kept one is still in the library.
        ...(outcome === 'removed' ? { contentHash: '', mediaId: null } : {}),
        jobRunId: runId,
        syncedAt: new Date(),
      })
      .where(eq(imageSyncFiles.path, path));

  return {
    /** A new or changed file: matched and attached, unmatched (no such SKU) or rejected (the pipeline's reason). */
    async handle(entry: DropboxEntry): Promise<void> {
      const sku = skuOfFileName(entry.name);
      if (!sku) return record(entry, '', 'rejected', IMAGE_SYNC_MESSAGES.notAnImageName);
      const librarySku = await librarySkuOf(db, sku);
      if (!librarySku) return record(entry, sku, 'unmatched', IMAGE_SYNC_MESSAGES.unmatched(sku));
      if (entry.size !== null && entry.size > IMAGE_SYNC_MAX_BYTES) return record(entry, sku, 'rejected', tooLargeMessageFor(IMAGE_PURPOSE));
      let bytes: Buffer | null;
      try {
        bytes = await download(entry);
      } catch (error) {
        // Gone between the listing and the download: the next listing says so.
        if (error instanceof DropboxError && error.isNotFound) return;
        throw error;
      }
      if (bytes === null) return record(entry, sku, 'rejected', tooLargeMessageFor(IMAGE_PURPOSE));
      try {
        await media.upload(librarySku, 'image', { staged: false, bytes, fileName: entry.name }, context, async (tx, stored) => {
          // `media_id` keeps the library file (its id), which a deletion in Dropbox later removes.
          const values = { path: entry.pathLower, name: entry.name, contentHash: entry.contentHash ?? '', sku: librarySku, outcome: 'matched', reason: null, mediaId: stored.id, jobRunId: runId, syncedAt: new Date() };
          await tx.insert(imageSyncFiles).values(values).onConflictDoUpdate({ target: imageSyncFiles.path, set: values });
        });
      } catch (error) {
        // The pipeline's refusal (not an image, too large, the library full) is the file's reason.
        if (error instanceof AppError && error.status < 500) return record(entry, sku, 'rejected', error.message);
        throw error;
      }
    },

    /**
     * A file or folder deleted in Dropbox (a `deleted` entry; a folder's stands for everything in it):
     * each image the sync attached from a file there is removed from its library, with its report row
     * in the same transaction. Staff's own uploads are never touched (only the rows' own library
     * files are), and an image a product still shows stays (kept). Files that never became an image
     * are forgotten, so the same file put back is synced again.
     */
    async handleDeleted(entry: DropboxEntry): Promise<void> {
      const files = await db
        .select({ path: imageSyncFiles.path, outcome: imageSyncFiles.outcome, libraryFileId: imageSyncFiles.mediaId })
        .from(imageSyncFiles)
        .where(or(eq(imageSyncFiles.path, entry.pathLower), like(imageSyncFiles.path, `${escapeLike(entry.pathLower)}/%`)));
      for (const file of files) {
        if (file.outcome === 'removed') continue;
        if (file.outcome !== 'matched' && file.outcome !== 'kept') {
          await db.delete(imageSyncFiles).where(eq(imageSyncFiles.path, file.path));
          continue;
        }
        if (file.libraryFileId === null) {
          await markDeleted(db, file.path, 'removed');
          continue;
        }
        try {
          await media.remove(file.libraryFileId, context, async (tx) => {
            await markDeleted(tx, file.path, 'removed');
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Already deleted from the library by staff: nothing left to remove.
          if (error.status === 404) await markDeleted(db, file.path, 'removed');
          else if (error.status === 409) await markDeleted(db, file.path, 'kept');
          else throw error;
        }
      }
    },
  };
}
