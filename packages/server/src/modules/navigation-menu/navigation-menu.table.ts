import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';
import { categoryIdColumn } from '../categories/index.ts';
import { contentPages } from '../content-pages/content-page.table.ts';

export const navigationMenuItems = pgTable(
  'navigation_menu_items',
  {
    ...standardColumns,
    ...statusColumn,
    title: text('title').notNull(),
    description: text('description').notNull(),
    menuType: text('menu_type', { enum: ['category', 'page', 'custom_link', 'blank'] }).notNull(),
    // The category lives in another area: its module gives the column with its foreign key.
    categoryId: categoryIdColumn('category_id'),
    pageId: integer('page_id').references(() => contentPages.id),
    link: text('link').notNull().default(''),
    /** null at the top level (the spec's parent_id 0). */
    parentId: integer('parent_id').references((): AnyPgColumn => navigationMenuItems.id),
    sortOrder: integer('sort_order').notNull().default(0),
    cssClass: text('css_class').notNull().default(''),
    image: text('image').notNull().default(''),
  },
  (t) => [
    index('navigation_menu_items_parent').on(t.parentId),
    check('navigation_menu_items_menu_type', sql`${t.menuType} in ('category', 'page', 'custom_link', 'blank')`),
    ...searchIndexes('navigation_menu_items', t.title),
    listIndex('navigation_menu_items_created', t, t.createdAt),
    listIndex('navigation_menu_items_sort_order', t, t.sortOrder),
    listIndex('navigation_menu_items_title', t, sql`lower(${t.title})`),
  ],
);
