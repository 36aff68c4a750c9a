import { MESSAGES } from '@facet/contract/messages';
import type { MediaRecord } from '@facet/contract/modules/media/media.schema';
import type { ProductMediaKind, ProductMediaRecord } from '@facet/contract/modules/product-media/product-media.schema';
import { MAX_LIBRARY_FILES, PRODUCT_MEDIA_PURPOSES, cleanMediaFileName } from '@facet/contract/modules/product-media/product-media.schema';
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { writeAudit } from '../../db/audit.ts';
import { searchCondition } from '../../db/list-query.ts';
import type { Usage } from '../../db/usage.ts';
import { assertNotInUse } from '../../db/usage.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { media } from '../media/media.table.ts';
import type { ReceivedFile } from '../media/index.ts';
import { createMediaService, removeDeletedMediaFiles } from '../media/index.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { findProductMediaUrls } from '../products/index.ts';
import { productMediaLibrary } from './product-media.table.ts';

/** The library's key: model numbers are compared without case. */
const librarySku = (sku: string) => sku.trim().toLowerCase();

/**
 * Who uses a library file, by its URL (a product's or variant's base image, other images or videos
 * hold the URL); a file in use cannot be deleted. The products entry reads only the products table.
 */
export const PRODUCT_MEDIA_USAGES: Usage[] = [urlUsage('products', findProductMediaUrls)];

/** A usage of library files through their URLs: `findUsedUrls` answers which of `urls` live records hold. */
export function urlUsage(usedBy: string, findUsedUrls: (db: Db, urls: string[]) => Promise<string[]>): Usage {
  return {
    usedBy,
    async findUsedIds(db, ids) {
      const rows = await db
        .select({ id: productMediaLibrary.id, url: media.url })
        .from(productMediaLibrary)
        .innerJoin(media, eq(media.id, productMediaLibrary.mediaId))
        .where(inArray(productMediaLibrary.id, ids));
      if (!rows.length) return [];
      const used = new Set(await findUsedUrls(db, rows.map((row) => row.url)));
      return rows.filter((row) => used.has(row.url)).map((row) => row.id);
    },
  };
}

const recordColumns = {
  id: productMediaLibrary.id,
  sku: productMediaLibrary.sku,
  kind: productMediaLibrary.kind,
  name: productMediaLibrary.name,
  url: media.url,
  contentType: media.contentType,
  byteSize: media.byteSize,
  width: media.width,
  height: media.height,
  createdAt: productMediaLibrary.createdAt,
};
type RecordRow = Omit<ProductMediaRecord, 'kind' | 'createdAt'> & { kind: string; createdAt: Date };

const toRecord = (row: RecordRow): ProductMediaRecord => ({ ...row, kind: row.kind as ProductMediaKind, createdAt: row.createdAt.toISOString() });

/**
 * Serialises the writes to one SKU's library (the file limit, the sort order, a move), on both
 * drivers: a transaction-scoped advisory lock on the SKU's hash.
 */
async function lockLibrary(tx: Db, sku: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-media:${sku}`}))`);
}

export interface ProductMediaListOptions {
  sku: string;
  kind?: ProductMediaKind | undefined;
  /** Already the effective search (from 2 characters) or undefined. */
  search?: string | undefined;
}

export function createProductMediaService(db: Db, storage: MediaStorage) {
  const mediaService = createMediaService(db, storage);

  return {
    /** The SKU's library in upload order; every file (MAX_LIBRARY_FILES at most), so no paging. */
    async list({ sku, kind, search }: ProductMediaListOptions): Promise<ProductMediaRecord[]> {
      const rows = await db
        .select(recordColumns)
        .from(productMediaLibrary)
        .innerJoin(media, eq(media.id, productMediaLibrary.mediaId))
        .where(
          and(
            eq(productMediaLibrary.sku, librarySku(sku)),
            isLive(productMediaLibrary),
            kind ? eq(productMediaLibrary.kind, kind) : undefined,
            searchCondition([productMediaLibrary.name], search),
          ),
        )
        .orderBy(asc(productMediaLibrary.sort), asc(productMediaLibrary.id));
      return rows.map(toRecord);
    },

    /**
     * Stores one file through the media pipeline and files it in the SKU's library, in one transaction;
     * `also` runs in that transaction (the image sync records the file it came from there).
     */
    async upload(sku: string, kind: ProductMediaKind, file: ReceivedFile, context: ServiceContext, also?: (tx: Db, record: ProductMediaRecord) => Promise<void>): Promise<ProductMediaRecord> {
      const key = librarySku(sku);
      return mediaService.store(PRODUCT_MEDIA_PURPOSES[kind], file, context, async (tx, stored: MediaRecord, { fileName, type }) => {
        await lockLibrary(tx, key);
        const [totals] = await tx
          .select({ files: count(), lastSort: max(productMediaLibrary.sort) })
          .from(productMediaLibrary)
          .where(and(eq(productMediaLibrary.sku, key), isLive(productMediaLibrary)));
        if ((totals?.files ?? 0) >= MAX_LIBRARY_FILES) throw conflict(MESSAGES.mediaLibraryFull(MAX_LIBRARY_FILES));
        const name = cleanMediaFileName(fileName, `${kind}.${type === 'jpeg' ? 'jpg' : type}`);
        const [row] = await tx
          .insert(productMediaLibrary)
          .values({ sku: key, mediaId: stored.id, kind, name, sort: (totals?.lastSort ?? 0) + 1, createdBy: context.actor?.id ?? null, updatedBy: context.actor?.id ?? null })
          .returning({ id: productMediaLibrary.id, createdAt: productMediaLibrary.createdAt });
        const record: ProductMediaRecord = {
          id: row!.id,
          sku: key,
          kind,
          url: stored.url,
          name,
          contentType: stored.contentType,
          byteSize: stored.byteSize,
          width: stored.width,
          height: stored.height,
          createdAt: row!.createdAt.toISOString(),
        };
        await writeAudit(tx, context, { action: 'create', entity: 'product-media', entityId: record.id, after: { ...record } });
        await also?.(tx, record);
        return record;
      });
    },

    /**
     * Soft deletes a library file and its media row; refused (409) while a saved product uses its URL.
     * Once that has committed the stored file is removed, so its URL answers 404. `also` runs in that
     * transaction (the image sync records why it removed the file there).
     */
    async remove(id: number, context: ServiceContext, also?: (tx: Db) => Promise<void>): Promise<void> {
      const mediaId = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ ...recordColumns, mediaId: productMediaLibrary.mediaId })
          .from(productMediaLibrary)
          .innerJoin(media, eq(media.id, productMediaLibrary.mediaId))
          .where(and(eq(productMediaLibrary.id, id), isLive(productMediaLibrary)))
          .for('update', { of: productMediaLibrary });
        if (!row) throw notFound();
        await assertNotInUse(tx, PRODUCT_MEDIA_USAGES, id, row.kind === 'video' ? 'This video' : 'This image');
        const actorId = context.actor?.id ?? null;
        const deleted = { deletedAt: new Date(), deletedBy: actorId, updatedBy: actorId };
        await tx.update(productMediaLibrary).set({ ...deleted, version: sql`${productMediaLibrary.version} + 1` }).where(eq(productMediaLibrary.id, id));
        await tx.update(media).set({ ...deleted, version: sql`${media.version} + 1` }).where(eq(media.id, row.mediaId));
        const { mediaId: _mediaId, ...record } = row;
        await writeAudit(tx, context, { action: 'delete', entity: 'product-media', entityId: id, before: toRecord(record) });
        await also?.(tx);
        return row.mediaId;
      });
      // The row is deleted whatever storage says: a removal that fails (the bucket unreachable) is
      // retried by the media module's sweep, so the request does not fail for it.
      await removeDeletedMediaFiles(db, storage, [mediaId]).catch(() => 0);
    },
  };
}

/**
 * Follows a product whose model number changes: its library moves to the new SKU, after any files
 * already uploaded under the new one. The products service calls it inside its save transaction.
 * Answers how many files moved.
 */
export async function moveLibrary(tx: Db, fromSku: string, toSku: string, context: ServiceContext): Promise<number> {
  const [from, to] = [librarySku(fromSku), librarySku(toSku)];
  if (from === to) return 0;
  // Both locks, always in the same order, so two crossed moves cannot deadlock.
  for (const sku of [from, to].sort()) await lockLibrary(tx, sku);
  const [target] = await tx
    .select({ lastSort: max(productMediaLibrary.sort) })
    .from(productMediaLibrary)
    .where(and(eq(productMediaLibrary.sku, to), isLive(productMediaLibrary)));
  const moved = await tx
    .update(productMediaLibrary)
    .set({
      sku: to,
      sort: sql`${productMediaLibrary.sort} + ${target?.lastSort ?? 0}`,
      updatedAt: new Date(),
      updatedBy: context.actor?.id ?? null,
      version: sql`${productMediaLibrary.version} + 1`,
    })
    .where(and(eq(productMediaLibrary.sku, from), isLive(productMediaLibrary)))
    .returning({ id: productMediaLibrary.id });
  if (moved.length) await writeAudit(tx, context, { action: 'update', entity: 'product-media-library', entityId: null, before: { sku: from }, after: { sku: to, files: moved.length } });
  return moved.length;
}
