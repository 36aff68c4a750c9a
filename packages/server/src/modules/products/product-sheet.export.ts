import { ROOT_CATEGORY_ID } from '@facet/contract/modules/categories/category.schema';
import type { CanBeSetWith } from '@facet/contract/modules/products/product.schema';
import type { ProductSheetColumn } from '@facet/contract/modules/products/product-sheet';
import {
  PRODUCT_SHEET_COLUMNS,
  SHEET_NO,
  SHEET_OPTION_SLOTS,
  SHEET_RANGE_SEPARATOR,
  SHEET_YES,
  sheetList,
  sheetPairs,
} from '@facet/contract/modules/products/product-sheet';
import type { ExportColumn } from '@facet/contract/resource';
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applyListQuery } from '../../db/list-query.ts';
import { isLive } from '../../db/columns.ts';
import { attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { categories } from '../categories/category.table.ts';
import { shapeNames } from '../diamond-shapes/index.ts';
import type { ProductListQuery } from './product.queries.ts';
import { listSpec } from './product.queries.ts';
import type { AttributeValueRow } from './product.load.ts';
import { attributeValuesOf } from './product.load.ts';
import { productCategories, productRelated, products } from './product.table.ts';

export type ProductSheetRow = Partial<Record<ProductSheetColumn, string | number | null>>;

const NUMBER_COLUMNS: ReadonlySet<ProductSheetColumn> = new Set(['weight', 'stock', 'side_diamonds_pieces', 'side_diamonds_weight']);
const MONEY_COLUMNS: ReadonlySet<ProductSheetColumn> = new Set(['price']);
/** The import's columns, typed: prices and weights stay numbers; every other cell is text. */
export const PRODUCT_SHEET_EXPORT_COLUMNS: readonly ExportColumn<ProductSheetColumn>[] = PRODUCT_SHEET_COLUMNS.map((column) => ({
  field: column,
  header: column,
  type: MONEY_COLUMNS.has(column) ? 'money' : NUMBER_COLUMNS.has(column) ? 'number' : 'text',
  width: column === 'description' ? 48 : 20,
}));

/** A value as the sheet's `name:value` pairs write it. */
const namedValue = (value: AttributeValueRow) => ({ name: value.attributeName, value: value.value });

/** Top-level products per batch: each batch is five queries, whatever its size. */
const BATCH = 200;

/**
 * The top-level products the list's query matches (its filters and search; the order is by id, so
 * the walk is a keyset), each as its sheet row followed by its live variants' rows.
 * A variant the list matched without its parent is not exported on its own: the import needs its parent row.
 */
export function createProductSheetExport(db: Db) {
  const whereOf = (query: ProductListQuery) => and(applyListQuery(products, query, listSpec).where, isNull(products.parentProductId));

  async function rowsOfBatch(parents: (typeof products.$inferSelect & { attributeSetName: string })[]): Promise<ProductSheetRow[]> {
    const parentIds = parents.map((p) => p.id);
    const variants = await db
      .select()
      .from(products)
      .where(and(inArray(products.parentProductId, parentIds), isLive(products)))
      .orderBy(asc(products.parentProductId), asc(products.id));
    const ids = [...parentIds, ...variants.map((v) => v.id)];
    const shapeIds = [...new Set(parents.flatMap((p) => p.canBeSetWith.map((row) => row.shapeId)))];
    const [valuesOf, categoryRows, relatedRows, shapes] = await Promise.all([
      attributeValuesOf(db, ids),
      db
        .select({ productId: productCategories.productId, name: categories.name, parentId: categories.parentId })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, parentIds))
        .orderBy(asc(productCategories.productId), asc(categories.id)),
      db
        .select({ productId: productRelated.productId, sku: products.sku })
        .from(productRelated)
        .innerJoin(products, and(eq(products.id, productRelated.relatedProductId), isLive(products)))
        .where(inArray(productRelated.productId, parentIds))
        .orderBy(asc(productRelated.productId), asc(productRelated.sortOrder)),
      shapeIds.length ? shapeNames(db, shapeIds) : Promise.resolve([]),
    ]);
    const group = <T extends { productId: number }>(rows: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of rows) map.set(row.productId, [...(map.get(row.productId) ?? []), row]);
      return map;
    };
    const categoriesOf = group(categoryRows);
    const relatedOf = group(relatedRows);
    const variantsOf = new Map<number, typeof variants>();
    for (const variant of variants) variantsOf.set(variant.parentProductId!, [...(variantsOf.get(variant.parentProductId!) ?? []), variant]);
    const shapeName = new Map(shapes.map((shape) => [shape.id, shape.name]));
    const numberOf = (value: string | null) => (value === null ? null : Number(value));

    const rows: ProductSheetRow[] = [];
    for (const parent of parents) {
      const own = valuesOf.get(parent.id) ?? [];
      const linked = categoriesOf.get(parent.id) ?? [];
      const setWith: CanBeSetWith[] = parent.canBeSetWith;
      rows.push({
        sku: parent.sku,
        product_title: parent.name,
        attribute_set: parent.attributeSetName,
        category: sheetList(linked.filter((c) => c.parentId === ROOT_CATEGORY_ID).map((c) => c.name)),
        sub_category: sheetList(linked.filter((c) => c.parentId !== ROOT_CATEGORY_ID).map((c) => c.name)),
        description: parent.description,
        weight: numberOf(parent.weight),
        weight_unit: parent.weightUnit,
        // The quantity, whether or not the piece is ready to ship: the import keeps the stored flag of a stock left as it is.
        stock: parent.qty,
        price: Number(parent.price),
        meta_title: parent.metaTitle,
        meta_keywords: parent.metaKeywords,
        meta_description: parent.metaDescription,
        side_diamonds_size: parent.sideDiamondsSize,
        side_diamonds_pieces: parent.sideDiamondsPieces,
        side_diamonds_weight: numberOf(parent.sideDiamondsWeight),
        side_diamonds_weight_unit: parent.sideDiamondsWeightUnit,
        related_skus: sheetList((relatedOf.get(parent.id) ?? []).map((r) => r.sku)),
        attributes: sheetPairs(own.filter((v) => !v.isStandalone).map(namedValue)),
        options: sheetPairs(own.filter((v) => v.isStandalone).map(namedValue)),
        can_be_set_with_shape: sheetList(setWith.map((row) => shapeName.get(row.shapeId) ?? '')),
        can_be_set_with_carat: sheetList(setWith.map((row) => `${row.caratFrom}${SHEET_RANGE_SEPARATOR}${row.caratTo}`)),
        is_gift_card: parent.isGiftCard ? SHEET_YES : SHEET_NO,
        model_number: parent.modelNumber,
      });
      for (const variant of variantsOf.get(parent.id) ?? []) {
        const options = (valuesOf.get(variant.id) ?? []).slice(0, SHEET_OPTION_SLOTS);
        const row: ProductSheetRow = { sku: variant.sku, parent_sku: parent.sku, product_title: parent.name, stock: variant.qty, price: Number(variant.price), model_number: variant.modelNumber };
        options.forEach((option, index) => {
          row[`option${index + 1}_name` as ProductSheetColumn] = option.attributeName;
          row[`option${index + 1}_value` as ProductSheetColumn] = option.value;
        });
        rows.push(row);
      }
    }
    return rows;
  }

  return {
    /** Top-level products matching, counted up to `upTo` (the export decides between streaming and a job). */
    async count(query: ProductListQuery, upTo?: number): Promise<number> {
      const matching = db.select({ one: sql`1` }).from(products).where(whereOf(query)).limit(upTo ?? 2_147_483_647).as('matching');
      const [row] = await db.select({ n: count() }).from(matching);
      return row?.n ?? 0;
    },

    async *iterate(query: ProductListQuery): AsyncGenerator<Record<string, unknown>> {
      const where = whereOf(query);
      let after = 0;
      for (;;) {
        const parents = await db
          .select({ product: products, attributeSetName: attributeSets.name })
          .from(products)
          .innerJoin(attributeSets, eq(attributeSets.id, products.attributeSetId))
          .where(and(where, gt(products.id, after)))
          .orderBy(asc(products.id))
          .limit(BATCH);
        if (parents.length === 0) return;
        yield* await rowsOfBatch(parents.map(({ product, attributeSetName }) => ({ ...product, attributeSetName })));
        after = parents[parents.length - 1]!.product.id;
      }
    },
  };
}
