import type { ListResponse } from '@facet/contract/api';
import type { ProductListRow, ProductSearchRow } from '@facet/contract/modules/products/product.schema';
import { productLabel, productListQuery } from '@facet/contract/modules/products/product.schema';
import type { ListQueryOf } from '@facet/contract/list-query';
import { filterValuesOf } from '@facet/contract/list-query';
import { and, arrayOverlaps, asc, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { ListQuerySpec } from '../../db/list-query.ts';
import { applyListQuery, filterConditions, searchLoweredCondition } from '../../db/list-query.ts';
import type { TableSize } from '../../db/list-totals.ts';
import { CAPPED_TEXT_TOTAL, cappedTotal, countCap, countToCap, isTextMatch, plannedRowsOf } from '../../db/list-totals.ts';
import { attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { productPriceOrder, products } from './product.table.ts';

/** The products list, the related-product search and the model number's blur check: reads of the products table. */

/**
 * The list counts matching rows up to this many and then says "more" (totalIsCapped): 50 pages of
 * 20. Counting further costs a visit per row (100,000 products and 500,000 variants), which staff
 * narrowing the list with the filters never need. A model number or name substring counts as far as
 * the toolkit's lists do one (CAPPED_TEXT_TOTAL), and the count itself is the toolkit's
 * (list-totals.ts): a page past the cap counts as far as itself, a page that is not full is the exact
 * end, and nothing is counted when the planner expects ten times the cap to match.
 */
const LIST_TOTAL_CAP = 1_000;
export type ProductListQuery = ListQueryOf<typeof productListQuery.filters>;

/** The list: its filters, sort and search, each on an indexed expression of the products table. */
export const listSpec: ListQuerySpec<typeof productListQuery.filters> = {
  definition: productListQuery,
  filters: {
    sku: (term) => searchLoweredCondition([products.skuLower], term),
    name: (term) => searchLoweredCondition([products.nameLower], term),
    cid: (ids) => arrayOverlaps(products.categoryIds, ids),
    price: products.price,
    aid: products.attributeSetId,
    vendor: products.vendor,
    status: products.status,
  },
  sort: { createdAt: products.createdAt, name: products.nameLower, sku: products.skuLower, price: products.price },
  defaultSort: { field: 'createdAt', order: 'desc' },
  base: isLive(products),
};

/**
 * The list when it sorts or filters by price: the price read from product_price_order (the live rows'
 * prices again, indexed on price and id; products.price is in no index of products so that a bulk
 * price update stays HOT), joined on the product. The same rows and order as products.price gives,
 * the table holding exactly the live rows with their price (triggers on products keep it).
 */
const listSpecByPrice: ListQuerySpec<typeof productListQuery.filters> = {
  ...listSpec,
  filters: { ...listSpec.filters, price: productPriceOrder.price },
  sort: { ...listSpec.sort, price: productPriceOrder.price },
};

/**
 * How a list query reads prices: `sort` when it sorts by price (the page joins product_price_order),
 * `filter` when it filters by price (the page and the count join it), `only` when the price range is
 * its one condition (the count then reads product_price_order alone: its rows are the live rows).
 */
function priceUse(query: ProductListQuery) {
  const filters = Object.keys(filterValuesOf(productListQuery.filters, query));
  const filtered = filters.includes('price');
  return { sort: query.sort === 'price', filter: filtered, only: filtered && filters.length === 1 && !query.search };
}

/** What a list row shows (joined to its attribute set): the list and the status switch's answer read the same columns. */
const LIST_ROW_COLUMNS = {
  id: products.id,
  version: products.version,
  sku: products.sku,
  name: products.name,
  attributeSetName: attributeSets.name,
  baseImage: products.baseImage,
  createdAt: products.createdAt,
  status: products.status,
  parentProductId: products.parentProductId,
};

/** One page of the list: the page and a total counted up to a cap, in two statements; variants' data is never loaded. */
export async function listProducts(db: Db, query: ProductListQuery, tableSize: (source: Db) => Promise<TableSize>): Promise<ListResponse<ProductListRow>> {
  const byPrice = priceUse(query);
  const { where, orderBy, limit, offset } = applyListQuery(products, query, byPrice.sort || byPrice.filter ? listSpecByPrice : listSpec);
  // Products, joined to their price's row when the query sorts or filters by price (an inner join:
  // that table holds every live row). The count needs it for a price range only, and then reads it
  // alone when the range is the one condition (an index-only scan of the range, up to the cap).
  let pageQuery = db.select(LIST_ROW_COLUMNS).from(products).innerJoin(attributeSets, eq(attributeSets.id, products.attributeSetId)).$dynamic();
  if (byPrice.sort || byPrice.filter) pageQuery = pageQuery.innerJoin(productPriceOrder, eq(productPriceOrder.productId, products.id));
  const matching = () => {
    const matchingQuery = byPrice.only
      ? db.select({ one: sql`1` }).from(productPriceOrder).where(and(...filterConditions(productListQuery.filters, query, listSpecByPrice.filters))).$dynamic()
      : db.select({ one: sql`1` }).from(products).where(where).$dynamic();
    return byPrice.filter && !byPrice.only ? matchingQuery.innerJoin(productPriceOrder, eq(productPriceOrder.productId, products.id)) : matchingQuery;
  };
  const paging = { limit, offset };
  const cap = countCap(isTextMatch(productListQuery.filters, query) ? CAPPED_TEXT_TOTAL : LIST_TOTAL_CAP, paging);
  const hasConditions = Object.keys(filterValuesOf(productListQuery.filters, query)).length > 0;
  const [rows, counted] = await Promise.all([
    pageQuery
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    countToCap(cap, {
      size: await tableSize(db),
      plannedMatches: hasConditions ? () => plannedRowsOf(db, matching()) : null,
      countUpTo: async (upTo) => (await db.select({ total: count() }).from(matching().limit(upTo).as('matching')))[0]?.total ?? 0,
    }),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: query.page,
    pageSize: query.pageSize,
    ...cappedTotal(counted, cap, rows.length, paging),
  };
}

/** One row as the list shows it (the status switch answers it). */
export async function listRowOf(db: Db, id: number): Promise<ProductListRow> {
  const [row] = await db
    .select(LIST_ROW_COLUMNS)
    .from(products)
    .innerJoin(attributeSets, eq(attributeSets.id, products.attributeSetId))
    .where(eq(products.id, id));
  return { ...row!, createdAt: row!.createdAt.toISOString() };
}

/** The model number's blur check: another live product or variant holds it (not the product being edited, nor its variants). */
export async function skuExists(db: Db, sku: string, id: number | undefined) {
  if (!sku) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        isLive(products),
        eq(sql`lower(${products.sku})`, sku.toLowerCase()),
        id === undefined ? undefined : and(ne(products.id, id), or(isNull(products.parentProductId), ne(products.parentProductId, id))),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Related product search: live top-level products whose name or model number holds the term. */
export async function searchProducts(db: Db, term: string): Promise<ProductSearchRow[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, modelNumber: products.modelNumber })
    .from(products)
    .where(and(isLive(products), isNull(products.parentProductId), searchLoweredCondition([products.nameLower, products.skuLower], term)))
    .orderBy(asc(products.nameLower), asc(products.id))
    .limit(20);
  return rows.map((row) => ({ ...row, label: productLabel(row) }));
}
