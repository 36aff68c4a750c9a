import type { CanBeSetWith, ProductDetail } from '@facet/contract/modules/products/product.schema';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardColumns, statusColumn } from '../../db/columns.ts';
import { attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { categories } from '../categories/category.table.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productSizes } from '../product-sizes/product-size.table.ts';

/**
 * Products and their variants in one table (the spec models a variant as a child product): a
 * variant has its parent's id, its option key and its own system SKU; it repeats the parent's name,
 * attribute set and vendor so that the list (which shows children too) reads one table. SKUs are
 * unique across parents and variants among live rows; an option key once per parent.
 * Product details and Can Be Set With are values of their product, read and written only with it
 * (validated by the contract's schema), so they are JSON in the row.
 */
export const products = pgTable(
  'products',
  {
    ...standardColumns,
    ...statusColumn,
    parentProductId: integer('parent_product_id').references((): AnyPgColumn => products.id),
    attributeSetId: integer('attribute_set_id')
      .notNull()
      .references(() => attributeSets.id),
    name: text('name').notNull(),
    /** The model number of a top-level product; the system SKU (main SKU, dash, 4 characters) of a variant. */
    sku: text('sku').notNull(),
    /** The shop's own number: a top-level product's SKU again; a variant's own model number. */
    modelNumber: text('model_number').notNull().default(''),
    /** A variant's option ids joined by '_' (contract: variantOptionKey); empty on a top-level product. */
    optionKey: text('option_key').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    weight: numeric('weight', { precision: 12, scale: 2 }),
    weightUnit: text('weight_unit').notNull().default('lb'),
    qty: integer('qty').notNull().default(0),
    isReadyToShip: boolean('is_ready_to_ship').notNull().default(false),
    isGiftCard: boolean('is_gift_card').notNull().default(false),
    isSold: boolean('is_sold').notNull().default(false),
    /** A top-level product with live variants. */
    isConfigured: boolean('is_configured').notNull().default(false),
    description: text('description').notNull().default(''),
    productDescription: text('product_description').notNull().default(''),
    sizeTypeId: integer('size_type_id').references(() => productSizes.id),
    gender: smallint('gender'),
    productDetails: jsonb('product_details').$type<ProductDetail[]>().notNull().default([]),
    variationGroupByProperty: text('variation_group_by_property').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaKeywords: text('meta_keywords').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    canBeSetWith: jsonb('can_be_set_with').$type<CanBeSetWith[]>().notNull().default([]),
    vendor: text('vendor').notNull().default(''),
    baseImage: text('base_image').notNull().default(''),
    otherImages: text('other_images').array().notNull().default(sql`'{}'::text[]`),
    /** The product's videos; a variant has at most one. */
    videos: text('videos').array().notNull().default(sql`'{}'::text[]`),
    sideDiamondsSize: text('side_diamonds_size').notNull().default(''),
    sideDiamondsPieces: integer('side_diamonds_pieces'),
    sideDiamondsWeight: numeric('side_diamonds_weight', { precision: 12, scale: 2 }),
    sideDiamondsWeightUnit: text('side_diamonds_weight_unit').notNull().default('ct'),
    /**
     * The product's categories again, for the list's category filter: a GIN index on the array lets
     * the planner either walk the list's order checking the array or gather a small category's rows,
     * and bounds the count; a join through product_categories would probe the link table per row.
     * Written with product_categories on every save (saveLinks), which stays the referenced record.
     */
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * lower(name) and lower(sku), kept by the database: what the list's name and model number filters
     * and the related product search compare (substring, case-insensitive), through a trigram index
     * each. A search reading many rows (counting a common word up to the list's cap) would otherwise
     * spend most of its time computing lower() on every row it reads. The migration raises their
     * statistics target (drizzle does not model it) so the planner's estimate of a model number's
     * matches is near the truth: a hundred-row sample sees one SKU in a hundred, and the planner then
     * walked the list's order past 350,000 rows for a model number 600 rows hold.
     */
    nameLower: text('name_lower')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.name})`),
    skuLower: text('sku_lower')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.sku})`),
  },
  (t) => [
    uniqueIndex('products_sku_live').on(sql`lower(${t.sku})`).where(sql`deleted_at is null`),
    uniqueIndex('products_option_key_live').on(t.parentProductId, t.optionKey).where(sql`deleted_at is null and parent_product_id is not null`),
    index('products_name_search').using('gin', sql`${t.nameLower} gin_trgm_ops`),
    index('products_sku_search').using('gin', sql`${t.skuLower} gin_trgm_ops`),
    // The list's default order and each filter's column, partial on live rows (all a list reads). Ascending: read
    // backwards they serve `created_at desc, id desc` (a DESC NULLS LAST index would not, the order by meaning NULLS FIRST).
    index('products_created_at').on(t.createdAt, t.id).where(sql`deleted_at is null`),
    // No index names price (the list's price order and range are product_price_order's): the bulk price
    // update then writes heap-only tuples (HOT) when the page has room (the migration's fillfactor).
    index('products_attribute_set').on(t.attributeSetId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('products_vendor').on(t.vendor, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('products_status').on(t.status, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('products_category_ids').using('gin', t.categoryIds).where(sql`deleted_at is null`),
    index('products_parent').on(t.parentProductId),
    index('products_size_type').on(t.sizeTypeId).where(sql`size_type_id is not null`),
  ],
);

/**
 * The price of every live row of products (parents and variants, deleted_at is null) again, for the
 * list's price order and price range: `order by price, id limit 20` walks its index. products.price
 * stays the one source of truth and is in no index of products, so a price update can be HOT there
 * (12 indexes, two of them trigram GIN, not written per row). Kept by statement-level triggers on
 * products (migration 0018, hand-written), so no write path can forget it; never written by services.
 */
export const productPriceOrder = pgTable(
  'product_price_order',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [index('product_price_order_price').on(t.price, t.productId)],
);

/** Categories of a top-level product; replaced whole on save. */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category').on(t.categoryId, t.productId)],
);

/**
 * Attribute values: a variant's options (on the variant's row), and a top-level product's
 * standalone attributes and the attributes of its set's groups (an option, or the text of a text
 * attribute). Written only with their product; one value per attribute and product.
 */
export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => productAttributes.id),
    optionId: integer('option_id').references(() => attributeOptions.id),
    value: text('value').notNull().default(''),
    /** A Standalone Attribute of the form rather than one of the set's Attributes (variant options: false). */
    isStandalone: boolean('is_standalone').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId] }),
    index('product_attribute_values_attribute').on(t.attributeId),
    index('product_attribute_values_option').on(t.optionId).where(sql`option_id is not null`),
  ],
);

/** Related products of a top-level product, in the order chosen; replaced whole on save. */
export const productRelated = pgTable(
  'product_related',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    relatedProductId: integer('related_product_id')
      .notNull()
      .references(() => products.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedProductId] }), index('product_related_related').on(t.relatedProductId)],
);
