import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The files the Dropbox image sync has seen: one row per Dropbox path, with the content hash it last
 * handled, the SKU read from its name, and what became of it (matched: attached to the SKU's media
 * library; unmatched: no such SKU; rejected: the media pipeline refused it, `reason` its message;
 * removed or kept: deleted in Dropbox, its image removed, or kept while a product shows it).
 * A file whose path and content hash are here is not downloaded again, so a run killed half-way and
 * started again redoes nothing it had finished.
 */
export const imageSyncFiles = pgTable(
  'image_sync_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Dropbox's path_lower. */
    path: text('path').notNull(),
    /** The file's name as Dropbox shows it. */
    name: text('name').notNull(),
    contentHash: text('content_hash').notNull(),
    sku: text('sku').notNull(),
    /** 'matched', 'unmatched' or 'rejected'. */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    /**
     * The product media library file (`product_media_library.id`) a matched file became: what a
     * deletion in Dropbox removes. Null once removed, and for files that never became one.
     */
    mediaId: integer('media_id'),
    /** The job run that handled it last: the report of a sync lists its run's rows. */
    jobRunId: integer('job_run_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('image_sync_files_path').on(t.path), index('image_sync_files_run').on(t.jobRunId, t.outcome)],
);
