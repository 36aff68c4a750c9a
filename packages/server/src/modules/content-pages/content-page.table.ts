import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

export const contentPages = pgTable(
  'content_pages',
  {
    ...standardColumns,
    ...statusColumn,
    title: text('title').notNull(),
    /** Set from the slug on create, never changed (see the contract's record schema). */
    pageCode: text('page_code').notNull(),
    slug: text('slug').notNull(),
    metaTitle: text('meta_title').notNull(),
    metaKeywords: text('meta_keywords').notNull(),
    metaDescription: text('meta_description').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
  },
  (t) => [
    uniqueIndex('content_pages_slug_live').on(sql`lower(${t.slug})`).where(sql`deleted_at is null`),
    uniqueIndex('content_pages_page_code_live').on(t.pageCode).where(sql`deleted_at is null`),
    ...searchIndexes('content_pages', t.title, t.pageCode, t.slug),
    listIndex('content_pages_created', t, t.createdAt),
    listIndex('content_pages_title', t, sql`lower(${t.title})`),
  ],
);
