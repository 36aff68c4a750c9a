import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { standardColumns } from '../../db/columns.ts';

/** Each generated sitemap, newest served at /sitemap.xml; older rows stay as history. */
export const sitemaps = pgTable('sitemaps', {
  ...standardColumns,
  xml: text('xml').notNull(),
  urlCount: integer('url_count').notNull(),
});
