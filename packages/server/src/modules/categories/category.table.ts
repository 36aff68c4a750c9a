import type { CategoryExploreMore, CategoryFaq } from '@facet/contract/modules/categories/category.schema';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';
import { productAttributes } from '../product-attributes/product-attribute.table.ts';

/**
 * The category tree. Row 1 is the root (parent null), seeded on every database; every other category
 * has a parent. FAQs and Explore More links are values of their category, read and written only
 * with it, so they live in the row as JSON; filter options point at attributes, so they have a table.
 */
export const categories = pgTable(
  'categories',
  {
    ...standardColumns,
    ...statusColumn,
    name: text('name').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    abbreviation: text('abbreviation').notNull().default(''),
    description: text('description').notNull().default(''),
    orderNo: integer('order_no').notNull().default(0),
    sizeAttributeId: integer('size_attribute_id').notNull().default(0),
    isDiamondCategory: boolean('is_diamond_category').notNull().default(false),
    isGemstoneCategory: boolean('is_gemstone_category').notNull().default(false),
    isMtoCategory: boolean('is_mto_category').notNull().default(false),
    isGiftCard: boolean('is_gift_card').notNull().default(false),
    image: text('image').notNull().default(''),
    desktopBannerImage: text('desktop_banner_image').notNull().default(''),
    mobileBannerImage: text('mobile_banner_image').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaKeyword: text('meta_keyword').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    offerImage1: text('offer_image_1').notNull().default(''),
    offerBannerSlug1: text('offer_banner_slug_1').notNull().default(''),
    afterProducts1: integer('after_products_1'),
    offerImage2: text('offer_image_2').notNull().default(''),
    offerBannerSlug2: text('offer_banner_slug_2').notNull().default(''),
    afterProducts2: integer('after_products_2'),
    faqs: jsonb('faqs').$type<CategoryFaq[]>().notNull().default([]),
    exploreMore: jsonb('explore_more').$type<CategoryExploreMore[]>().notNull().default([]),
    footerTitle: text('footer_title').notNull().default(''),
    footerDescription: text('footer_description').notNull().default(''),
  },
  (t) => [
    uniqueIndex('categories_slug_live').on(sql`lower(${t.slug})`).where(sql`deleted_at is null`),
    index('categories_parent').on(t.parentId),
    ...searchIndexes('categories', t.name, t.slug),
    listIndex('categories_created', t, t.createdAt),
    listIndex('categories_name', t, sql`lower(${t.name})`),
  ],
);

/**
 * The product attributes a category can be filtered by, in display order. Written only through the
 * category (whole list replaced on save, order changed by the reorder call).
 */
export const categoryFilterOptions = pgTable(
  'category_filter_options',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => productAttributes.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.attributeId] }), index('category_filter_options_attribute').on(t.attributeId)],
);
