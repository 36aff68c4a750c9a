import { MESSAGES } from '@facet/contract/messages';
import type { ImportCounts, ImportLineError } from '@facet/contract/modules/product-import/product-import.schema';
import { CONFIGURABLE_ATTRIBUTE_CODES } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type { CanBeSetWith } from '@facet/contract/modules/products/product.schema';
import { variantOptionKey } from '@facet/contract/modules/products/product.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { Sheet } from '../../spreadsheets/sheet-reader.ts';
import { attributeSetGroupAttributes, attributeSetGroups, attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { categories } from '../categories/category.table.ts';
import { shapeNames } from '../diamond-shapes/index.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { shopName } from '../settings/index.ts';
import type { ImportRow, ProductRow, VariantRow } from './product-import.rows.ts';
import { LineErrors, readImportRows } from './product-import.rows.ts';

/**
 * The check of a whole sheet against the catalogue, set-based: one query per lookup (attribute sets,
 * categories, attributes with options, shapes) and one for every SKU the sheet names, then each row
 * is resolved in memory. The result is what the apply writes, classified create / update /
 * unchanged, or the line errors that stop it.
 */

export interface AttributeValue {
  attributeId: number;
  optionId: number | null;
  value: string;
  isStandalone: boolean;
}

/** The columns of a product's row the import sets (the names of products.ts's columns in SQL). */
export interface ProductColumns {
  sku: string;
  name: string;
  attribute_set_id: number;
  model_number: string;
  price: string;
  weight: string | null;
  weight_unit: string;
  qty: number;
  is_ready_to_ship: boolean;
  is_gift_card: boolean;
  description: string;
  meta_title: string;
  meta_keywords: string;
  meta_description: string;
  side_diamonds_size: string;
  side_diamonds_pieces: number | null;
  side_diamonds_weight: string | null;
  side_diamonds_weight_unit: string;
  can_be_set_with: CanBeSetWith[];
  category_ids: number[];
}

export interface VariantColumns {
  sku: string;
  model_number: string;
  option_key: string;
  price: string;
  qty: number;
  is_ready_to_ship: boolean;
}

export type Change = 'create' | 'update' | 'unchanged';

export interface PlannedProduct {
  line: number;
  change: Change;
  id: number | null;
  columns: ProductColumns;
  attributes: AttributeValue[];
  /** Lower-cased SKUs of the related products, in the sheet's order. */
  relatedSkus: string[];
  /** Whether the attribute values, categories or related products differ from the stored ones (always on create). */
  linksChanged: boolean;
}

export interface PlannedVariant {
  line: number;
  change: Change;
  id: number | null;
  /** Lower-cased SKU of its product. */
  parentSku: string;
  columns: VariantColumns;
  options: { attributeId: number; optionId: number }[];
  optionsChanged: boolean;
}

export interface ImportPlan {
  rows: number;
  products: PlannedProduct[];
  variants: PlannedVariant[];
  errors: ImportLineError[];
  counts: { products: ImportCounts; variants: ImportCounts };
  /** The shop's own name: the vendor of new products. */
  vendor: string;
}

const lower = (text: string) => text.toLowerCase();

/** Name (lower-cased) to id, the lowest id winning when two live rows share a name. */
function byName(rows: { id: number; name: string }[]) {
  const map = new Map<string, number>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) if (!map.has(lower(row.name))) map.set(lower(row.name), row.id);
  return map;
}

interface AttributeInfo {
  id: number;
  code: string;
  inputType: string;
  isConfigurable: boolean;
  options: Map<string, number>;
}

async function loadLookups(db: Db) {
  const [setRows, categoryRows, shapeRows, attributeRows, optionRows, placedRows, shop] = await Promise.all([
    db.select({ id: attributeSets.id, name: attributeSets.name }).from(attributeSets).where(isLive(attributeSets)),
    db.select({ id: categories.id, name: categories.name }).from(categories).where(isLive(categories)),
    shapeNames(db),
    db
      .select({ id: productAttributes.id, code: productAttributes.attributeCode, name: productAttributes.attributeName, inputType: productAttributes.inputType })
      .from(productAttributes)
      .where(isLive(productAttributes)),
    db.select({ id: attributeOptions.id, attributeId: attributeOptions.attributeId, value: attributeOptions.value }).from(attributeOptions).where(isLive(attributeOptions)),
    db
      .select({ setId: attributeSetGroupAttributes.setId, attributeId: attributeSetGroupAttributes.attributeId })
      .from(attributeSetGroupAttributes)
      .innerJoin(attributeSetGroups, and(eq(attributeSetGroups.id, attributeSetGroupAttributes.groupId), isLive(attributeSetGroups))),
    shopName(db),
  ]);
  const attributesById = new Map<number, AttributeInfo>();
  const attributes = new Map<string, AttributeInfo>();
  for (const row of [...attributeRows].sort((a, b) => a.id - b.id)) {
    const info: AttributeInfo = { id: row.id, code: row.code, inputType: row.inputType, isConfigurable: CONFIGURABLE_ATTRIBUTE_CODES.includes(row.code), options: new Map() };
    attributesById.set(row.id, info);
    // By code first, then by name: the sheet may use either.
    if (!attributes.has(lower(row.code))) attributes.set(lower(row.code), info);
  }
  for (const row of attributeRows) if (!attributes.has(lower(row.name))) attributes.set(lower(row.name), attributesById.get(row.id)!);
  for (const row of [...optionRows].sort((a, b) => a.id - b.id)) {
    const info = attributesById.get(row.attributeId);
    if (info && !info.options.has(lower(row.value))) info.options.set(lower(row.value), row.id);
  }
  const placed = new Set(placedRows.map((row) => `${row.setId}:${row.attributeId}`));
  return {
    sets: byName(setRows),
    categories: byName(categoryRows),
    shapes: byName(shapeRows),
    attributes,
    placed,
    vendor: shop,
  };
}

interface StoredRow {
  id: number;
  sku: string;
  parent_product_id: number | null;
  parent_sku: string | null;
  option_key: string;
  qty: number;
  is_ready_to_ship: boolean;
  fingerprint: string;
  links: string;
}

/**
 * Column values in one comparable text, the same from the plan and from a stored row. The categories
 * are a set: compared in id order, as the plan holds them (the product form stores them as picked).
 */
const PRODUCT_FINGERPRINT = sql.raw(`concat_ws(chr(31), p.name, p.attribute_set_id, p.model_number, p.price::numeric(12,2), coalesce(p.weight::numeric(12,2)::text, ''), p.weight_unit, p.qty,
  p.is_ready_to_ship, p.is_gift_card, p.description, p.meta_title, p.meta_keywords, p.meta_description, p.side_diamonds_size, coalesce(p.side_diamonds_pieces::text, ''),
  coalesce(p.side_diamonds_weight::numeric(12,2)::text, ''), p.side_diamonds_weight_unit, p.can_be_set_with::text, array_to_string(array(select unnest(p.category_ids) order by 1), ','))`);
const VARIANT_FINGERPRINT = sql.raw(`concat_ws(chr(31), p.model_number, p.price::numeric(12,2), p.qty, p.is_ready_to_ship)`);

const money = (value: string | null) => (value === null ? '' : Number(value).toFixed(2));
// concat_ws writes booleans as PostgreSQL's text of them.
const bool = (value: boolean) => (value ? 't' : 'f');

function productFingerprint(c: ProductColumns) {
  return [
    c.name,
    c.attribute_set_id,
    c.model_number,
    money(c.price),
    money(c.weight),
    c.weight_unit,
    c.qty,
    bool(c.is_ready_to_ship),
    bool(c.is_gift_card),
    c.description,
    c.meta_title,
    c.meta_keywords,
    c.meta_description,
    c.side_diamonds_size,
    c.side_diamonds_pieces ?? '',
    money(c.side_diamonds_weight),
    c.side_diamonds_weight_unit,
    // jsonb's text: keys ordered by length then name, ', ' and ': ' separators.
    `[${c.can_be_set_with.map((row) => `{"caratTo": ${row.caratTo}, "shapeId": ${row.shapeId}, "caratFrom": ${row.caratFrom}}`).join(', ')}]`,
    c.category_ids.join(','),
  ].join('\u001f');
}
const variantFingerprint = (c: VariantColumns) => [c.model_number, money(c.price), c.qty, bool(c.is_ready_to_ship)].join('\u001f');
function linksOf(attributes: AttributeValue[], related: string[]) {
  const values = [...attributes]
    .sort((a, b) => a.attributeId - b.attributeId)
    .map((a) => [a.attributeId, a.optionId ?? '', a.value, bool(a.isStandalone)].join(':'))
    .join('|');
  return [values, related.join('|')].filter(Boolean).join('\u001e');
}

/**
 * Stored live rows with these SKUs (lower-cased), with what the plan compares: three statements, each
 * a single pass whatever the planner believes about the tables' sizes. The rows are found through the
 * unique index on lower(sku) (or one scan probing the hashed list), then the attribute values and the
 * related products of the top-level ones are read by product id and grouped.
 * (Joining them in one statement let the planner, with the statistics of a table from before a big
 * import (a hundred rows where 60,000 now are), nest the aggregate of every product's related SKUs
 * inside the loop over the found rows: over twelve minutes for a second dry run of 60,000 rows.)
 */
async function loadStored(db: Db, skus: string[]): Promise<Map<string, StoredRow>> {
  if (!skus.length) return new Map();
  const found = rowsOf<Omit<StoredRow, 'links'>>(
    await db.execute(sql`
      select p.id, lower(p.sku) as sku, p.parent_product_id, lower(parent.sku) as parent_sku, p.option_key, p.qty, p.is_ready_to_ship,
        case when p.parent_product_id is null then ${PRODUCT_FINGERPRINT} else ${VARIANT_FINGERPRINT} end as fingerprint
      from products p left join products parent on parent.id = p.parent_product_id
      where p.deleted_at is null and lower(p.sku) = any(${sql.param(skus)}::text[])`),
  );
  const topIds = found.filter((row) => row.parent_product_id === null).map((row) => Number(row.id));
  const [attributeLinks, relatedLinks] = topIds.length
    ? await Promise.all([
        db.execute(sql`
          select v.product_id, string_agg(concat_ws(':', v.attribute_id, coalesce(v.option_id::text, ''), v.value, v.is_standalone), '|' order by v.attribute_id) as text
          from product_attribute_values v
          where v.product_id = any(${sql.param(topIds)}::int[])
          group by v.product_id`),
        db.execute(sql`
          select pr.product_id, string_agg(lower(r.sku), '|' order by pr.sort_order) as text
          from product_related pr join products r on r.id = pr.related_product_id and r.deleted_at is null
          where pr.product_id = any(${sql.param(topIds)}::int[])
          group by pr.product_id`),
      ])
    : [{ rows: [] }, { rows: [] }];
  const textById = (result: unknown) => new Map(rowsOf<{ product_id: number; text: string }>(result).map((row) => [Number(row.product_id), row.text]));
  const attributes = textById(attributeLinks);
  const related = textById(relatedLinks);
  return new Map(
    found.map((row) => {
      const id = Number(row.id);
      const parentId = row.parent_product_id === null ? null : Number(row.parent_product_id);
      // The text the plan makes (linksOf): the values, then the related SKUs, joined when both are there.
      const links = parentId === null ? [attributes.get(id), related.get(id)].filter(Boolean).join('\u001e') : '';
      return [row.sku, { ...row, id, parent_product_id: parentId, qty: Number(row.qty), links }];
    }),
  );
}

/** Option keys of the live variants of these products (lower-cased variant SKU by product id and key). */
async function loadVariantKeys(db: Db, parentIds: number[]): Promise<Map<string, string>> {
  if (!parentIds.length) return new Map();
  const result = await db.execute(sql`
    select parent_product_id, option_key, lower(sku) as sku from products
    where deleted_at is null and parent_product_id = any(${sql.param(parentIds)}::int[])`);
  return new Map(rowsOf<{ parent_product_id: number; option_key: string; sku: string }>(result).map((row) => [`${row.parent_product_id}:${row.option_key}`, row.sku]));
}

const emptyCounts = (): ImportCounts => ({ create: 0, update: 0, unchanged: 0 });

/**
 * The ready-to-ship flag a row sets. The stock cell is one number for two things (document 2 §5: stock
 * above 0 means ready to ship, with that quantity), and the export writes the quantity: a stock the
 * sheet leaves as stored keeps the stored flag (a piece made to order with 3 in hand, a ready-to-ship
 * piece out of stock); a new row or a changed stock sets the flag as the spec says.
 */
const readyToShipOf = (row: ImportRow, existing: StoredRow | undefined) => (existing && existing.qty === row.qty ? existing.is_ready_to_ship : row.isReadyToShip);

/** A sheet's rows read as products and variants, with the line errors of the rows' own rules: what the plan takes. */
export interface SheetRows {
  rows: ImportRow[];
  errors: LineErrors;
}

/**
 * The sheet as the plan reads it. The plan takes these rather than the sheet so the caller can let the
 * sheet go first: 60,000 rows are ~25 MB of heap twice over (cells by header, then the rows read).
 */
export function sheetRowsOf(sheet: Sheet): SheetRows {
  const errors = new LineErrors();
  return { rows: readImportRows(sheet, errors), errors };
}

/** Checks the sheet's rows and plans their writes. `sanitize` cleans a description (rich text) the way the product form's save does. */
export async function planImport(db: Db, { rows, errors }: SheetRows, sanitize: (html: string) => Promise<string>): Promise<ImportPlan> {
  const lookups = await loadLookups(db);

  // The same SKU twice in the sheet: the later line is the error.
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (!row.sku) continue;
    const first = firstLine.get(lower(row.sku));
    if (first === undefined) firstLine.set(lower(row.sku), row.line);
    else errors.add(row.line, MESSAGES.importSkuRepeated(first));
  }
  const sheetProducts = new Map<string, ProductRow>();
  for (const row of rows) if (row.kind === 'product' && row.sku && firstLine.get(lower(row.sku)) === row.line) sheetProducts.set(lower(row.sku), row);

  const named = new Set<string>();
  for (const row of rows) {
    if (row.sku) named.add(lower(row.sku));
    if (row.kind === 'variant') named.add(lower(row.parentSku));
    else for (const sku of row.relatedSkus) named.add(lower(sku));
  }
  const stored = await loadStored(db, [...named]);

  const products: PlannedProduct[] = [];
  for (const row of rows) {
    if (row.kind !== 'product') continue;
    const line = row.line;
    const setId = lookups.sets.get(lower(row.attributeSet));
    if (row.attributeSet && setId === undefined) errors.add(line, MESSAGES.importUnknown('attribute set', row.attributeSet));
    const categoryIds = [
      ...new Set(
        row.categories.flatMap((name) => {
          const id = lookups.categories.get(lower(name));
          if (id === undefined) errors.add(line, MESSAGES.importUnknown('category', name));
          return id === undefined ? [] : [id];
        }),
      ),
    ].sort((a, b) => a - b);
    const canBeSetWith = row.canBeSetWith.flatMap(({ shape, caratFrom, caratTo }) => {
      const shapeId = lookups.shapes.get(lower(shape));
      if (shapeId === undefined) errors.add(line, MESSAGES.importUnknown('shape', shape));
      return shapeId === undefined ? [] : [{ shapeId, caratFrom, caratTo }];
    });
    const attributes: AttributeValue[] = [];
    const pairs = [...row.attributes.map((pair) => ({ ...pair, standalone: false })), ...row.standaloneAttributes.map((pair) => ({ ...pair, standalone: true }))];
    for (const { name, value, standalone } of pairs) {
      const attribute = lookups.attributes.get(lower(name));
      if (!attribute) {
        errors.add(line, MESSAGES.importUnknown('attribute', name));
        continue;
      }
      if (attributes.some((a) => a.attributeId === attribute.id)) continue;
      const isStandalone = standalone || setId === undefined || !lookups.placed.has(`${setId}:${attribute.id}`);
      // As the product form has it: an attribute that makes variants may describe the product itself
      // where its set places it (an engagement setting's Bridal Shape), never as a standalone one.
      if (isStandalone && attribute.isConfigurable) {
        errors.add(line, MESSAGES.importAttributeMakesVariants(name));
        continue;
      }
      if (attribute.inputType === 'text') {
        attributes.push({ attributeId: attribute.id, optionId: null, value, isStandalone });
        continue;
      }
      const optionId = attribute.options.get(lower(value));
      if (optionId === undefined) errors.add(line, MESSAGES.importUnknown(`option of ${name}`, value));
      else attributes.push({ attributeId: attribute.id, optionId, value: '', isStandalone });
    }
    const relatedSkus = row.relatedSkus.map(lower).filter((sku, i, all) => all.indexOf(sku) === i);
    for (const sku of relatedSkus) {
      const own = sheetProducts.has(sku) || (stored.has(sku) && stored.get(sku)!.parent_product_id === null);
      if (!own || sku === lower(row.sku)) errors.add(line, MESSAGES.importUnknown('related SKU', sku));
    }
    const existing = row.sku ? stored.get(lower(row.sku)) : undefined;
    if (existing && existing.parent_product_id !== null) errors.add(line, MESSAGES.importSkuIsVariant);
    if (errors.has(line) || setId === undefined) continue;
    const columns: ProductColumns = {
      sku: row.sku,
      name: row.name,
      attribute_set_id: setId,
      model_number: row.sku,
      price: row.price ?? '0',
      weight: row.weight,
      weight_unit: row.weightUnit,
      qty: row.qty,
      is_ready_to_ship: readyToShipOf(row, existing),
      is_gift_card: row.isGiftCard,
      description: row.description,
      meta_title: row.metaTitle,
      meta_keywords: row.metaKeywords,
      meta_description: row.metaDescription,
      side_diamonds_size: row.sideDiamondsSize,
      side_diamonds_pieces: row.sideDiamondsPieces,
      side_diamonds_weight: row.sideDiamondsWeight,
      side_diamonds_weight_unit: row.sideDiamondsWeightUnit,
      can_be_set_with: canBeSetWith,
      category_ids: categoryIds,
    };
    products.push({ line, change: existing ? 'update' : 'create', id: existing?.id ?? null, columns, attributes, relatedSkus, linksChanged: true });
  }

  const variants: PlannedVariant[] = [];
  const variantRows = rows.filter((row): row is VariantRow => row.kind === 'variant');
  const parentIds = [...new Set(variantRows.flatMap((row) => {
    const parent = stored.get(lower(row.parentSku));
    return parent && parent.parent_product_id === null ? [parent.id] : [];
  }))];
  const storedKeys = await loadVariantKeys(db, parentIds);
  const keysInSheet = new Map<string, number>();
  for (const row of variantRows) {
    const line = row.line;
    const parentSku = lower(row.parentSku);
    const storedParent = stored.get(parentSku);
    const parentInSheet = sheetProducts.get(parentSku);
    if (!parentInSheet && (!storedParent || storedParent.parent_product_id !== null)) errors.add(line, MESSAGES.importParentMissing(row.parentSku));
    const options: { attributeId: number; optionId: number }[] = [];
    for (const { name, value } of row.options) {
      const attribute = lookups.attributes.get(lower(name));
      if (!attribute || !attribute.isConfigurable) {
        errors.add(line, MESSAGES.importUnknown('option', name));
        continue;
      }
      const optionId = attribute.options.get(lower(value));
      if (optionId === undefined) errors.add(line, MESSAGES.importUnknown(`option of ${name}`, value));
      else if (!options.some((o) => o.attributeId === attribute.id)) options.push({ attributeId: attribute.id, optionId });
    }
    const optionKey = variantOptionKey(options);
    const existing = row.sku ? stored.get(lower(row.sku)) : undefined;
    if (existing && existing.parent_product_id === null) errors.add(line, MESSAGES.importSkuIsProduct);
    if (existing && existing.parent_product_id !== null && existing.parent_sku !== parentSku) errors.add(line, MESSAGES.importSkuIsVariant);
    const sheetKey = `${parentSku}:${optionKey}`;
    if (keysInSheet.has(sheetKey)) errors.add(line, MESSAGES.importVariantRepeated);
    else keysInSheet.set(sheetKey, line);
    if (storedParent && storedParent.parent_product_id === null) {
      const holder = storedKeys.get(`${storedParent.id}:${optionKey}`);
      if (holder !== undefined && holder !== lower(row.sku)) errors.add(line, MESSAGES.importVariantRepeated);
    }
    if (errors.has(line)) continue;
    const columns: VariantColumns = {
      sku: row.sku,
      model_number: row.modelNumber,
      option_key: optionKey,
      price: row.price ?? '0',
      qty: row.qty,
      is_ready_to_ship: readyToShipOf(row, existing),
    };
    const change: Change = !existing ? 'create' : existing.fingerprint === variantFingerprint(columns) && existing.option_key === optionKey ? 'unchanged' : 'update';
    variants.push({ line, change, id: existing?.id ?? null, parentSku, columns, options, optionsChanged: !existing || existing.option_key !== optionKey });
  }

  // Descriptions are rich text: cleaned as the form's save cleans them (plain text needs nothing).
  for (const product of products) {
    if (/[<&>]/.test(product.columns.description)) product.columns.description = await sanitize(product.columns.description);
    const existing = stored.get(lower(product.columns.sku));
    if (!existing) continue;
    product.linksChanged = existing.links !== linksOf(product.attributes, product.relatedSkus);
    product.change = !product.linksChanged && existing.fingerprint === productFingerprint(product.columns) ? 'unchanged' : 'update';
  }

  const counts = { products: emptyCounts(), variants: emptyCounts() };
  for (const product of products) counts.products[product.change]++;
  for (const variant of variants) counts.variants[variant.change]++;
  return { rows: rows.length, products, variants, errors: errors.list(), counts, vendor: lookups.vendor };
}
