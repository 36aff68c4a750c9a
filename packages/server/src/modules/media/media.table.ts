import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardColumns } from '../../db/columns.ts';

/** One row per stored upload; image fields of other records hold its `url`. */
export const media = pgTable(
  'media',
  {
    ...standardColumns,
    /** Generated file name in storage (random hex and the type's extension); never the uploader's name. */
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** What the upload was for (category-image...): decides where it may be used. */
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The name the file had on the uploader's computer, for the audit trail only. */
    originalName: text('original_name').notNull().default(''),
    /**
     * When the stored file of a deleted row was removed from storage (`removeDeletedMediaFiles`); null
     * while the row is live, and for a deleted row whose file is still to go.
     */
    fileRemovedAt: timestamp('file_removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('media_name').on(t.name),
    uniqueIndex('media_url').on(t.url),
    // The sweep's rows: deleted, file not yet removed. Few at any time, so the index stays tiny.
    index('media_files_to_remove').on(t.id).where(sql`${t.deletedAt} is not null and ${t.fileRemovedAt} is null`),
  ],
);
