import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

export const blogCategories = pgTable(
  'blog_categories',
  {
    ...standardColumns,
    ...statusColumn,
    name: text('name').notNull(),
    description: text('description').notNull(),
    slug: text('slug').notNull(),
    metaTitle: text('meta_title').notNull().default(''),
    metaKeywords: text('meta_keywords').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    image: text('image').notNull().default(''),
  },
  (t) => [
    uniqueIndex('blog_categories_name_live').on(sql`lower(${t.name})`).where(sql`deleted_at is null`),
    uniqueIndex('blog_categories_slug_live').on(sql`lower(${t.slug})`).where(sql`deleted_at is null`),
    ...searchIndexes('blog_categories', t.name, t.slug),
    listIndex('blog_categories_created', t, t.createdAt),
    listIndex('blog_categories_name', t, sql`lower(${t.name})`),
  ],
);

export const blogs = pgTable(
  'blogs',
  {
    ...standardColumns,
    ...statusColumn,
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    slug: text('slug').notNull(),
    image: text('image').notNull().default(''),
    blogCategoryId: integer('blog_category_id')
      .notNull()
      .references(() => blogCategories.id),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
  },
  (t) => [
    uniqueIndex('blogs_slug_live').on(t.slug).where(sql`deleted_at is null`),
    index('blogs_category').on(t.blogCategoryId),
    ...searchIndexes('blogs', t.title, t.slug),
    listIndex('blogs_created', t, t.createdAt),
    listIndex('blogs_title', t, sql`lower(${t.title})`),
  ],
);
