import type { BestSellerEntry } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';
import { categoryIdColumn } from '../categories/index.ts';
import { contentPages } from '../content-pages/content-page.table.ts';

/** Homepage widget sections (document 3 §3). */
export const widgetSections = pgTable(
  'widget_sections',
  {
    ...standardColumns,
    ...statusColumn,
    sectionName: text('section_name').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    sortOrder: integer('sort_order'),
    /** One of the contract's SECTION_TEMPLATES ids. */
    templateId: integer('template_id').notNull(),
    /** The custom HTML template's content, sanitised; '' for the other templates. */
    content: text('content').notNull().default(''),
    /** The best-seller template's categories with their child SKUs, in order; [] for the other templates. */
    bestSellers: jsonb('best_sellers').$type<BestSellerEntry[]>().notNull().default([]),
  },
  (t) => [
    ...searchIndexes('widget_sections', t.sectionName, t.subTitle),
    listIndex('widget_sections_created', t, t.createdAt),
    listIndex('widget_sections_name', t, sql`lower(${t.sectionName})`),
  ],
);

/** The options (items) of a section (document 3 §3, Section option). */
export const widgetSectionOptions = pgTable(
  'widget_section_options',
  {
    ...standardColumns,
    ...statusColumn,
    sectionId: integer('section_id')
      .notNull()
      .references(() => widgetSections.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    linkType: text('link_type', { enum: ['category', 'page', 'custom_link', 'external_link', 'blank'] }).notNull(),
    categoryId: categoryIdColumn('category_id'),
    pageId: integer('page_id').references(() => contentPages.id),
    /** The custom link (a path of the shop's site) or the external link; '' for the other types. */
    link: text('link').notNull().default(''),
    desktopImage: text('desktop_image').notNull(),
    mobileImage: text('mobile_image').notNull().default(''),
  },
  (t) => [
    ...searchIndexes('widget_section_options', t.title),
    index('widget_section_options_section').on(t.sectionId).where(sql`deleted_at is null`),
    listIndex('widget_section_options_created', t, t.createdAt),
    listIndex('widget_section_options_title', t, sql`lower(${t.title})`),
  ],
);
