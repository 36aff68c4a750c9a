import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchIndexes, standardColumns } from '../../db/columns.ts';
import { media } from '../media/media.table.ts';

/**
 * The media library of a product: one row per image or video uploaded for a model number. Keyed by
 * the SKU, not the product id, because staff upload on the add form before the product exists (and
 * the spec fetches product media by sku); `moveLibrary` follows a SKU that changes.
 */
export const productMediaLibrary = pgTable(
  'product_media_library',
  {
    ...standardColumns,
    /** The product's model number, lower-cased: 'RING-1' and 'ring-1' are one library. */
    sku: text('sku').notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    /** 'image' or 'video'. */
    kind: text('kind').notNull(),
    /** The uploader's file name, cleaned: what staff see and search. */
    name: text('name').notNull(),
    /** Position in the library: upload order. */
    sort: integer('sort').notNull(),
  },
  (t) => [
    index('product_media_library_sku').on(t.sku, t.kind, t.sort).where(sql`deleted_at is null`),
    uniqueIndex('product_media_library_media').on(t.mediaId),
    ...searchIndexes('product_media_library', t.name),
  ],
);
