import type { CacheKey } from '@facet/contract/modules/cache/cache.schema';
import { ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import { STOREFRONT_SETTING_KEYS } from '@facet/contract/modules/settings/setting.schema';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { categories } from '../categories/category.table.ts';
import { contentPages } from '../content-pages/content-page.table.ts';
import { diamondShapes } from '../diamond-shapes/diamond-shape.table.ts';
import { countStonesForSale, diamondCombinationDocuments, stoneDocumentBatches } from '../diamonds/diamond-storefront.ts';
import { shapeCategories } from '../diamond-shapes/shape-category.table.ts';
import { navigationMenuItems } from '../navigation-menu/navigation-menu.table.ts';
import { products } from '../products/product.table.ts';
import { settings } from '../settings/setting.table.ts';
import { shippingRates } from '../shipping-rates/shipping-rate.table.ts';

/** Entries of a cache key: entry name and its JSON document. */
type CacheEntries = [string, string][];

/**
 * How a key's documents are made from the catalogue: how many there will be (for progress) and the
 * documents themselves, in batches, so a big catalogue is never held in memory at once.
 */
interface CacheSource {
  count(db: Db): Promise<number>;
  batches(db: Db): AsyncIterable<CacheEntries>;
}

/** Top-level products read per batch; each batch is one statement and one write to the store. */
const PRODUCT_BATCH = 1000;

const liveActiveProduct = and(isLive(products), isNull(products.parentProductId), eq(products.status, true));

/**
 * One batch of products' storefront documents, built by PostgreSQL as JSON text (GLOSSARY, "storefront
 * product document"): prices are numbers in pounds (GBP) as stored, exact to the penny; categories are
 * ids (the categories key holds their names and slugs, so renaming one does not stale every product);
 * attributes are those shown on the storefront; variants are the live, active ones with their options.
 *
 * Set-based per batch: the batch's variants, their options and the products' attributes are each read
 * once for the whole batch and grouped (a subquery per product and per variant cost a plan execution
 * for each of 100,000 products and 500,000 variants), then joined to their products.
 */
const productDocuments = (after: number, limit: number) => sql`
  with batch as materialized (
    select p.* from products p
    where p.parent_product_id is null and p.deleted_at is null and p.status and p.id > ${after}
    order by p.id limit ${limit}
  ),
  batch_variants as materialized (
    select c.* from batch b join products c on c.parent_product_id = b.id
    where c.deleted_at is null and c.status
  ),
  variant_options as (
    select v.product_id, json_agg(json_build_object('attributeCode', a.attribute_code, 'attribute', a.attribute_name, 'optionId', o.id, 'value', o.value) order by a.id) as options
    from batch_variants c
    join product_attribute_values v on v.product_id = c.id
    join product_attributes a on a.id = v.attribute_id
    join attribute_options o on o.id = v.option_id
    group by v.product_id
  ),
  variants as (
    select c.parent_product_id, json_agg(json_build_object(
      'id', c.id,
      'sku', c.sku,
      'modelNumber', c.model_number,
      'price', c.price,
      'qty', c.qty,
      'images', json_build_object('base', c.base_image, 'other', c.other_images, 'videos', c.videos),
      'options', coalesce(vo.options, '[]'::json)
    ) order by c.id) as variants
    from batch_variants c left join variant_options vo on vo.product_id = c.id
    group by c.parent_product_id
  ),
  attributes as (
    select v.product_id, json_agg(json_build_object('code', a.attribute_code, 'name', a.attribute_name, 'value', coalesce(o.value, v.value)) order by a.id) as attributes
    from batch b
    join product_attribute_values v on v.product_id = b.id
    join product_attributes a on a.id = v.attribute_id and a.deleted_at is null and a.show_in_storefront
    left join attribute_options o on o.id = v.option_id
    group by v.product_id
  )
  select p.id, json_build_object(
    'id', p.id,
    'sku', p.sku,
    'modelNumber', p.model_number,
    'name', p.name,
    'currency', 'GBP',
    'price', p.price,
    'qty', p.qty,
    'isReadyToShip', p.is_ready_to_ship,
    'isGiftCard', p.is_gift_card,
    'description', p.description,
    'productDescription', p.product_description,
    'productDetails', p.product_details,
    'categoryIds', p.category_ids,
    'images', json_build_object('base', p.base_image, 'other', p.other_images, 'videos', p.videos),
    'seo', json_build_object('metaTitle', p.meta_title, 'metaKeywords', p.meta_keywords, 'metaDescription', p.meta_description),
    'attributes', coalesce(pa.attributes, '[]'::json),
    'variants', coalesce(pv.variants, '[]'::json)
  )::text as document
  from batch p
  left join attributes pa on pa.product_id = p.id
  left join variants pv on pv.parent_product_id = p.id
  order by p.id`;

const productSource: CacheSource = {
  count: (db) => db.$count(products, liveActiveProduct),
  async *batches(db) {
    // Keyset by id: each batch starts after the last id read, so batch 100 costs what batch 1 does.
    let after = 0;
    for (;;) {
      const rows = (await db.transaction(async (tx) => {
        // The planner cannot see through the grouped CTEs (it expects hundreds of thousands of rows where a
        // batch has a few thousand), so a batch's estimate passes jit_above_cost and PostgreSQL JIT-compiled
        // every batch: about 240 ms of a 670 ms batch on the 100,000-product bench. Off for this statement only.
        await tx.execute(sql`set local jit = off`);
        return tx.execute(productDocuments(after, PRODUCT_BATCH));
      })) as unknown as { rows: { id: number; document: string }[] };
      if (rows.rows.length === 0) return;
      yield rows.rows.map((row): [string, string] => [String(row.id), row.document]);
      after = Number(rows.rows.at(-1)!.id);
      if (rows.rows.length < PRODUCT_BATCH) return;
    }
  },
};

/** A key whose documents are few: read at once, written as one batch. */
function smallSource(read: (db: Db) => Promise<CacheEntries>): CacheSource {
  return {
    count: async (db) => (await read(db)).length,
    async *batches(db) {
      yield await read(db);
    },
  };
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * The stones for sale, one document each by id: a million of them are streamed by keyset in batches
 * (`diamond-storefront.ts`), so the build holds one batch, and the live documents answer meanwhile.
 */
const diamondSource: CacheSource = {
  count: countStonesForSale,
  batches: (db) => stoneDocumentBatches(db),
};

const SOURCES: Record<CacheKey, CacheSource> = {
  products: productSource,
  diamonds: diamondSource,
  // The ring builder's shapes × carat bands that have stones for sale: a few hundred documents at most.
  'diamond-combinations': smallSource(diamondCombinationDocuments),

  // One document per live, active category (not the root), by slug.
  categories: smallSource(async (db) => {
    const rows = await db
      .select()
      .from(categories)
      .where(and(isLive(categories), eq(categories.status, true), ne(categories.id, ROOT_CATEGORY_ID)))
      .orderBy(asc(categories.orderNo), asc(categories.id));
    return rows.map((c) => [
      c.slug,
      json({
        id: c.id,
        name: c.name,
        title: c.title,
        slug: c.slug,
        parentId: c.parentId === ROOT_CATEGORY_ID ? null : c.parentId,
        orderNo: c.orderNo,
        abbreviation: c.abbreviation,
        description: c.description,
        isDiamondCategory: c.isDiamondCategory,
        isGemstoneCategory: c.isGemstoneCategory,
        isMtoCategory: c.isMtoCategory,
        isGiftCard: c.isGiftCard,
        images: { image: c.image, desktopBanner: c.desktopBannerImage, mobileBanner: c.mobileBannerImage },
        offers: [
          { image: c.offerImage1, slug: c.offerBannerSlug1, afterProducts: c.afterProducts1 },
          { image: c.offerImage2, slug: c.offerBannerSlug2, afterProducts: c.afterProducts2 },
        ],
        seo: { metaTitle: c.metaTitle, metaKeywords: c.metaKeyword, metaDescription: c.metaDescription },
        faqs: c.faqs,
        exploreMore: c.exploreMore,
        footer: { title: c.footerTitle, description: c.footerDescription },
      }),
    ]);
  }),

  // One document, `tree`: the enabled menu as the storefront draws it, links resolved to slugs.
  'navigation-menu': smallSource(async (db) => {
    const rows = await db
      .select({
        id: navigationMenuItems.id,
        parentId: navigationMenuItems.parentId,
        title: navigationMenuItems.title,
        description: navigationMenuItems.description,
        menuType: navigationMenuItems.menuType,
        link: navigationMenuItems.link,
        cssClass: navigationMenuItems.cssClass,
        image: navigationMenuItems.image,
        categorySlug: categories.slug,
        pageSlug: contentPages.slug,
      })
      .from(navigationMenuItems)
      .leftJoin(categories, and(eq(categories.id, navigationMenuItems.categoryId), isLive(categories)))
      .leftJoin(contentPages, and(eq(contentPages.id, navigationMenuItems.pageId), isLive(contentPages)))
      .where(and(isLive(navigationMenuItems), eq(navigationMenuItems.status, true)))
      .orderBy(asc(navigationMenuItems.sortOrder), asc(navigationMenuItems.id));
    type Node = { id: number; title: string; description: string; type: string; link: string; cssClass: string; image: string; children: Node[] };
    const nodes = new Map<number, Node>();
    for (const row of rows) {
      const link = row.menuType === 'category' ? (row.categorySlug ?? '') : row.menuType === 'page' ? (row.pageSlug ?? '') : row.link;
      nodes.set(row.id, { id: row.id, title: row.title, description: row.description, type: row.menuType, link, cssClass: row.cssClass, image: row.image, children: [] });
    }
    const top: Node[] = [];
    for (const row of rows) {
      const node = nodes.get(row.id)!;
      if (row.parentId === null) top.push(node);
      // An item under a disabled parent is not shown, as on the menu screen.
      else nodes.get(row.parentId)?.children.push(node);
    }
    return [['tree', json(top)]];
  }),

  // One document per live, active page, by slug.
  'content-pages': smallSource(async (db) => {
    const rows = await db
      .select()
      .from(contentPages)
      .where(and(isLive(contentPages), eq(contentPages.status, true)))
      .orderBy(asc(contentPages.id));
    return rows.map((p) => [
      p.slug,
      json({ id: p.id, title: p.title, slug: p.slug, pageCode: p.pageCode, content: p.content, updatedAt: p.updatedAt.toISOString(), seo: { metaTitle: p.metaTitle, metaKeywords: p.metaKeywords, metaDescription: p.metaDescription } }),
    ]);
  }),

  // One document per setting the storefront reads (an allow-list, STOREFRONT_SETTING_KEYS), by key;
  // a secret never, whatever its key.
  settings: smallSource(async (db) => {
    const rows = await db
      .select({ key: settings.key, title: settings.title, value: settings.value })
      .from(settings)
      .where(and(isLive(settings), eq(settings.isSecret, false), inArray(sql`lower(${settings.key})`, [...STOREFRONT_SETTING_KEYS])))
      .orderBy(asc(settings.id));
    return rows.map((s) => [s.key, json({ key: s.key, title: s.title, value: s.value })]);
  }),

  // One document, `all`: the active delivery services offered at checkout, in pounds.
  'shipping-rates': smallSource(async (db) => {
    const rows = await db
      .select({ id: shippingRates.id, name: shippingRates.name, rate: shippingRates.rate, minFreeShippingAmount: shippingRates.minFreeShippingAmount })
      .from(shippingRates)
      .where(and(isLive(shippingRates), eq(shippingRates.status, true)))
      .orderBy(asc(shippingRates.rate), asc(shippingRates.id));
    return [['all', json(rows.map((r) => ({ ...r, currency: 'GBP' })))]];
  }),

  // One document, `all`: the active diamond shapes with their shape category (Round or Fancy).
  'diamond-shapes': smallSource(async (db) => {
    const rows = await db
      .select({ id: diamondShapes.id, name: diamondShapes.name, shapeCategory: shapeCategories.name })
      .from(diamondShapes)
      .innerJoin(shapeCategories, eq(shapeCategories.id, diamondShapes.shapeCategoryId))
      .where(and(isLive(diamondShapes), eq(diamondShapes.status, true)))
      .orderBy(asc(diamondShapes.name));
    return [['all', json(rows)]];
  }),
};

export const cacheSourceOf = (key: CacheKey): CacheSource => SOURCES[key];

/**
 * The tables each key's documents are read from: a write to one of them makes the key's documents
 * stale, so it must invalidate the key after it commits. `cache-write-paths.test.ts` holds every
 * writer of these tables to that (and these lists to the tables the sources read).
 */
export const CACHE_KEY_TABLES: Record<CacheKey, readonly string[]> = {
  products: ['products', 'product_attribute_values', 'product_attributes', 'attribute_options'],
  diamonds: ['diamonds', 'diamond_shapes'],
  'diamond-combinations': ['diamonds', 'diamond_shapes'],
  categories: ['categories'],
  'navigation-menu': ['navigation_menu_items', 'categories', 'content_pages'],
  'content-pages': ['content_pages'],
  settings: ['settings'],
  'shipping-rates': ['shipping_rates'],
  'diamond-shapes': ['diamond_shapes', 'shape_categories'],
};
