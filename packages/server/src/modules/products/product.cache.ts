import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { CacheEntries, CacheSource } from '../cache/index.ts';
import { runningPriceRules, winningPriceRules } from '../catalog-price-rules/index.ts';
import { approvedRatings } from '../reviews/index.ts';
import { products } from './product.table.ts';

/** Top-level products read per batch; each batch is one statement and one write to the store. */
const PRODUCT_BATCH = 1000;

const liveActiveProduct = and(isLive(products), isNull(products.parentProductId), eq(products.status, true));

/**
 * One batch of products' storefront documents, built by PostgreSQL as JSON text (GLOSSARY, "storefront
 * product document"): prices are numbers in pounds (GBP) as stored, exact to the penny; categories are
 * ids (the categories key holds their names and slugs, so renaming one does not stale every product);
 * attributes are those shown on the storefront; variants are the live, active ones with their options;
 * `rating` (the approved reviews' average, one decimal; null without any) and `reviewCount` (issue 25).
 * `price` is what a shopper pays now: after the catalog price rule running when the document was built
 * (`regularPrice` the catalogue's, `priceRule` the rule's id, name and end; a variant's `priceRuleId`);
 * the rules' starts and ends republish the documents they change (catalog-price-rules' boundaries).
 *
 * Set-based per batch: the batch's variants, their options and the products' attributes are each read
 * once for the whole batch and grouped (a subquery per product and per variant cost a plan execution
 * for each of 100,000 products and 500,000 variants), then joined to their products.
 */
/** The materialized CTE of the rules running now that every price in a batch is read from. */
const RUNNING_RULES = sql`running_rules`;
/** The documents of the live, active top-level products `p` that `which` picks (a filter, its order and limit), by id. */
const productDocuments = (which: SQL) => sql`
  with batch_products as materialized (
    select p.* from products p
    where p.parent_product_id is null and p.deleted_at is null and p.status and ${which}
  ),
  -- The catalog price rules running now, read once for the batch; each product's and variant's winner
  -- is worked out once for the batch (one join each), in these materialized rows, never in a join the
  -- planner may rescan. A variant is covered by its product's id and categories.
  running_rules as materialized (${runningPriceRules()}),
  product_rules as materialized (
    ${winningPriceRules(sql`batch_products b`, sql`b.id`, { productId: sql`b.id`, categoryIds: sql`b.category_ids`, price: sql`b.price` }, RUNNING_RULES)}
  ),
  batch as materialized (
    select b.*, r.id as rule_id, r.name as rule_name, r.end_date as rule_end_date, r.price as rule_price
    from batch_products b left join product_rules r on r.key = b.id
  ),
  batch_variants as materialized (
    select c.* from batch_products b join products c on c.parent_product_id = b.id
    where c.deleted_at is null and c.status
  ),
  variant_rules as materialized (
    ${winningPriceRules(sql`batch_variants c join batch_products b on b.id = c.parent_product_id`, sql`c.id`, { productId: sql`b.id`, categoryIds: sql`b.category_ids`, price: sql`c.price` }, RUNNING_RULES)}
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
      'price', coalesce(vr.price, c.price),
      'regularPrice', c.price,
      'priceRuleId', vr.id,
      'qty', c.qty,
      'images', json_build_object('base', c.base_image, 'other', c.other_images, 'videos', c.videos),
      'options', coalesce(vo.options, '[]'::json)
    ) order by c.id) as variants
    from batch_variants c
    left join variant_options vo on vo.product_id = c.id
    left join variant_rules vr on vr.key = c.id
    group by c.parent_product_id
  ),
  attributes as (
    select v.product_id, json_agg(json_build_object('code', a.attribute_code, 'name', a.attribute_name, 'value', coalesce(o.value, v.value)) order by a.id) as attributes
    from batch b
    join product_attribute_values v on v.product_id = b.id
    join product_attributes a on a.id = v.attribute_id and a.deleted_at is null and a.show_in_storefront
    left join attribute_options o on o.id = v.option_id
    group by v.product_id
  ),
  ratings as (${approvedRatings(sql`select id from batch`)})
  select p.id, json_build_object(
    'id', p.id,
    'sku', p.sku,
    'modelNumber', p.model_number,
    'name', p.name,
    'currency', 'GBP',
    'price', coalesce(p.rule_price, p.price),
    'regularPrice', p.price,
    'priceRule', case when p.rule_id is null then null else json_build_object('id', p.rule_id, 'name', p.rule_name, 'endDate', p.rule_end_date) end,
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
    'variants', coalesce(pv.variants, '[]'::json),
    'rating', pr.rating,
    'reviewCount', coalesce(pr.review_count, 0)
  )::text as document
  from batch p
  left join attributes pa on pa.product_id = p.id
  left join ratings pr on pr.product_id = p.id
  left join variants pv on pv.parent_product_id = p.id
  order by p.id`;

/** The Products key: one document per live, active top-level product, by id. */
export const productCacheSource: CacheSource = {
  key: 'products',
  label: 'Products',
  tables: ['products', 'product_attribute_values', 'product_attributes', 'attribute_options', 'product_reviews', 'catalog_price_rules'],
  count: (db) => db.$count(products, liveActiveProduct),
  async *batches(db) {
    // Keyset by id: each batch starts after the last id read, so batch 100 costs what batch 1 does.
    let after = 0;
    for (;;) {
      const rows = await readDocuments(db, sql`p.id > ${after} order by p.id limit ${PRODUCT_BATCH}`);
      if (rows.length === 0) return;
      yield rows;
      after = Number(rows.at(-1)![0]);
      if (rows.length < PRODUCT_BATCH) return;
    }
  },
  async documentsOf(db, entries) {
    // The same statement as a Generate's batches, picking the named products: a document built either way is the same text.
    const ids = [...new Set(entries.map(Number).filter((id) => Number.isInteger(id) && id > 0))].sort((a, b) => a - b);
    const documents: CacheEntries = [];
    for (let i = 0; i < ids.length; i += PRODUCT_BATCH) documents.push(...(await readDocuments(db, sql`p.id = any(${arrayParam(ids.slice(i, i + PRODUCT_BATCH), 'int4')})`)));
    return documents;
  },
};

/** One batch of documents, as entries. */
async function readDocuments(db: Db, which: SQL): Promise<CacheEntries> {
  const result = (await db.transaction(async (tx) => {
    // The planner cannot see through the grouped CTEs (it expects hundreds of thousands of rows where a
    // batch has a few thousand), so a batch's estimate passes jit_above_cost and PostgreSQL JIT-compiled
    // every batch: about 240 ms of a 670 ms batch on the 100,000-product bench. Off for this statement only.
    await tx.execute(sql`set local jit = off`);
    return tx.execute(productDocuments(which));
  })) as unknown as { rows: { id: number; document: string }[] };
  return result.rows.map((row): [string, string] => [String(row.id), row.document]);
}
