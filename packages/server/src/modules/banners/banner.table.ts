import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

/** The home page's banners (document 2 §3): each image is the url of a 'banner-image' upload. */
export const banners = pgTable(
  'banners',
  {
    ...standardColumns,
    ...statusColumn,
    name: text('name').notNull(),
    desktopMainImage: text('desktop_main_image').notNull(),
    mobileMainImage: text('mobile_main_image').notNull(),
    desktopSecondaryImage: text('desktop_secondary_image').notNull(),
    mobileSecondaryImage: text('mobile_secondary_image').notNull(),
    desktopSecondaryImage2: text('desktop_secondary_image2').notNull(),
    mobileSecondaryImage2: text('mobile_secondary_image2').notNull(),
  },
  (t) => [...searchIndexes('banners', t.name), listIndex('banners_created', t, t.createdAt), listIndex('banners_name', t, sql`lower(${t.name})`)],
);
