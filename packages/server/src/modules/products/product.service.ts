import type { ListResponse } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import { CONFIGURABLE_ATTRIBUTE_CODES, VENDOR_ATTRIBUTE_CODE } from '@facet/contract/modules/product-attributes/product-attribute.schema';
import type {
  ProductAttributeValueRecord,
  ProductDeleteManyInput,
  ProductFormAttribute,
  ProductFormLookup,
  ProductFormLookupRow,
  ProductListRow,
  ProductRecord,
  ProductSaveInput,
  ProductSaveResponse,
  ProductSearchRow,
  ProductVariantRecord,
} from '@facet/contract/modules/products/product.schema';
import { checkRequiredAttributes, DEFAULT_SHOP_NAME, isFilledInAttributes, productLabel, productListQuery, SHOP_NAME_SETTING_KEY, variantOptionKey } from '@facet/contract/modules/products/product.schema';
import type { ListQueryOf } from '@facet/contract/list-query';
import { filterValuesOf } from '@facet/contract/list-query';
import type { SQL } from 'drizzle-orm';
import { and, arrayOverlaps, asc, count, eq, exists, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import { planChildRows } from '../../db/child-rows.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import type { ListQuerySpec } from '../../db/list-query.ts';
import { applyListQuery, filterConditions, searchLoweredCondition } from '../../db/list-query.ts';
import { assertVersion } from '../../db/version.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, conflict, databaseErrorOf, invalidField, notFound } from '../../http/errors.ts';
import { sanitizeRichTextField } from '../../http/rich-text-field.ts';
import { attributeSetGroupAttributes, attributeSetGroups, attributeSets } from '../attribute-sets/attribute-set.table.ts';
import { categories } from '../categories/category.table.ts';
import { diamondShapes } from '../diamond-shapes/diamond-shape.table.ts';
import { media } from '../media/media.table.ts';
import { moveLibrary } from '../product-media/product-media.service.ts';
import { attributeOptions, productAttributes } from '../product-attributes/product-attribute.table.ts';
import { productSizes } from '../product-sizes/product-size.table.ts';
import { settings } from '../settings/setting.table.ts';
import { productAttributeValues, productCategories, productPriceOrder, productRelated, products } from './product.table.ts';
import type { CacheInvalidation } from '../cache/cache-invalidation.ts';

const ENTITY = 'product';
/**
 * The list counts matching rows up to this many and then says "more" (totalIsCapped): 50 pages of
 * 20. Counting further costs a visit per row (100,000 products and 500,000 variants), which staff
 * narrowing the list with the filters never need.
 */
const LIST_TOTAL_CAP = 1_000;
type ProductListQuery = ListQueryOf<typeof productListQuery.filters>;
/** Where each form lookup reads, and which column names a row. */
const FORM_LOOKUP_TABLES = {
  'attribute-sets': { table: attributeSets, name: attributeSets.name },
  'size-types': { table: productSizes, name: productSizes.type },
  'diamond-shapes': { table: diamondShapes, name: diamondShapes.name },
} satisfies Record<ProductFormLookup, unknown>;
/** What a variant's row holds of its own (the rest it repeats of its parent). */
const variantColumns = {
  id: products.id,
  version: products.version,
  optionKey: products.optionKey,
  sku: products.sku,
  modelNumber: products.modelNumber,
  price: products.price,
  baseImage: products.baseImage,
  otherImages: products.otherImages,
  videos: products.videos,
  status: products.status,
};
type VariantRow = { [K in keyof typeof variantColumns]: (typeof variantColumns)[K]['_']['data'] };
type VariantSent = ProductSaveInput['variants'][number] & { optionKey: string; index: number };

const issue = (path: (string | number)[], message: string) => new AppError('VALIDATION_FAILED', message, [{ path, message }]);
const skuTaken = (path: (string | number)[]) => conflict(MESSAGES.skuExists, [{ path, message: MESSAGES.skuExists }]);
const isConfigurableCode = (code: string) => CONFIGURABLE_ATTRIBUTE_CODES.includes(code);
const money = (value: string | null) => (value === null ? null : Number(value));
/** The media of a save that may be attached, each in its place; the rest is named in the answer. */
interface MediaFound {
  image: (url: string | undefined) => string;
  images: (urls: string[] | undefined) => string[];
  video: (url: string | undefined) => string;
  videos: (urls: string[] | undefined) => string[];
  imagesNotAttached: string[];
}

/** The name staff know an image by: the last part of its address. */
const fileNameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1) || url;

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

/** Runs queries at once on the pool, or in turn on a transaction's one connection (node-postgres queues them otherwise, deprecated). */
async function inTurnOrTogether<const T extends readonly (() => Promise<unknown>)[]>(isInTransaction: boolean, queries: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!isInTransaction) return Promise.all(queries.map((query) => query())) as never;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as never;
}

/**
 * Variants travel to the database as one JSON parameter read back as rows of the products table's
 * own types (jsonb_populate_recordset): one statement per write however many variants, without a
 * query parameter per value.
 */
const VARIANT_COLUMNS = ['sku', 'model_number', 'option_key', 'price', 'base_image', 'other_images', 'videos'] as const;
const VARIANT_COLUMN_LIST = sql.raw(VARIANT_COLUMNS.join(', '));
const VARIANT_VALUE_LIST = sql.raw(VARIANT_COLUMNS.map((column) => `v.${column}`).join(', '));
const VARIANT_SET_LIST = sql.raw(VARIANT_COLUMNS.map((column) => `${column} = v.${column}`).join(', '));
type VariantColumns = { id?: number; sku: string; modelNumber: string; optionKey: string; price: string; baseImage: string; otherImages: string[]; videos: string[] };
function variantRecordset(rows: VariantColumns[]) {
  const json = rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    model_number: row.modelNumber,
    option_key: row.optionKey,
    price: row.price,
    base_image: row.baseImage,
    other_images: row.otherImages,
    videos: row.videos,
  }));
  return sql`jsonb_populate_recordset(null::${products}, ${JSON.stringify(json)}::jsonb) v`;
}
/** The rows a raw statement returned (both drivers answer `rows`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A unique index a racing save hit: the SKU one is the field's 409, as the check before gives. */
function skuRace(error: unknown, path: (string | number)[] = ['sku']) {
  const dbError = databaseErrorOf(error);
  return dbError?.code === '23505' && dbError.constraint === 'products_sku_live' ? skuTaken(path) : undefined;
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

/**
 * `cache`: told, after each write commits, which top-level products' storefront documents are stale
 * (a variant's write stales its parent's document). Seeders pass none.
 */
export function createProductService(db: Db, cache?: CacheInvalidation) {
  /** The top-level products of rows written: a variant's parent, or the row itself. */
  const productIdsOf = (rows: readonly { id: number; parentProductId: number | null }[]) => [...new Set(rows.map((row) => row.parentProductId ?? row.id))];

  async function shopName(source: Db): Promise<string> {
    const [row] = await source
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(sql`lower(${settings.key})`, SHOP_NAME_SETTING_KEY), isLive(settings)))
      .limit(1);
    return row?.value.trim() || DEFAULT_SHOP_NAME;
  }

  async function vendorOptions(source: Db) {
    return source
      .select({ id: attributeOptions.id, name: attributeOptions.value })
      .from(attributeOptions)
      .innerJoin(productAttributes, eq(productAttributes.id, attributeOptions.attributeId))
      .where(and(eq(productAttributes.attributeCode, VENDOR_ATTRIBUTE_CODE), isLive(productAttributes), isLive(attributeOptions)))
      .orderBy(asc(attributeOptions.sortOrder), asc(attributeOptions.id));
  }

  /** The attribute values of some products, with their attribute's and option's names. */
  async function loadAttributeValues(source: Db, productIds: SQL): Promise<Map<number, (ProductAttributeValueRecord & { isStandalone: boolean })[]>> {
    const rows = await source
      .select({
        productId: productAttributeValues.productId,
        attributeId: productAttributeValues.attributeId,
        attributeCode: productAttributes.attributeCode,
        attributeName: productAttributes.attributeName,
        inputType: productAttributes.inputType,
        optionId: productAttributeValues.optionId,
        optionValue: attributeOptions.value,
        text: productAttributeValues.value,
        isStandalone: productAttributeValues.isStandalone,
      })
      .from(productAttributeValues)
      .innerJoin(productAttributes, eq(productAttributes.id, productAttributeValues.attributeId))
      .leftJoin(attributeOptions, eq(attributeOptions.id, productAttributeValues.optionId))
      .where(sql`${productAttributeValues.productId} in ${productIds}`)
      .orderBy(asc(productAttributeValues.attributeId));
    const byProduct = new Map<number, (ProductAttributeValueRecord & { isStandalone: boolean })[]>();
    for (const { productId, optionValue, text, ...row } of rows) {
      const list = byProduct.get(productId) ?? [];
      list.push({ ...row, value: row.optionId === null ? text : (optionValue ?? '') });
      byProduct.set(productId, list);
    }
    return byProduct;
  }

  /**
   * The whole product in five queries: row, variants, attribute values, categories, related. Outside a
   * transaction they run at once on the pool; a transaction's one connection takes them in turn.
   */
  async function loadProduct(source: Db, id: number, isInTransaction = false): Promise<ProductRecord> {
    const liveVariantIds = sql`(select ${products.id} from ${products} where ${products.parentProductId} = ${id} and ${products.deletedAt} is null)`;
    const [[row], variants, values, categoryRows, relatedRows] = await inTurnOrTogether(isInTransaction, [
      () => source
        .select({ product: products, attributeSetName: attributeSets.name })
        .from(products)
        .innerJoin(attributeSets, eq(attributeSets.id, products.attributeSetId))
        .where(and(eq(products.id, id), isLive(products), isNull(products.parentProductId))),
      () => source.select(variantColumns).from(products).where(and(eq(products.parentProductId, id), isLive(products))).orderBy(asc(products.id)),
      () => loadAttributeValues(source, sql`(select ${id}::int union all ${liveVariantIds})`),
      () => source.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, id)).orderBy(asc(productCategories.categoryId)),
      () => source
        .select({ id: products.id, name: products.name, modelNumber: products.modelNumber })
        .from(productRelated)
        .innerJoin(products, and(eq(products.id, productRelated.relatedProductId), isLive(products)))
        .where(eq(productRelated.productId, id))
        .orderBy(asc(productRelated.sortOrder)),
    ] as const);
    if (!row) throw notFound();
    const { product, attributeSetName } = row;
    const own = values.get(id) ?? [];
    const strip = ({ isStandalone: _isStandalone, ...value }: ProductAttributeValueRecord & { isStandalone: boolean }) => value;
    return {
      id: product.id,
      version: product.version,
      createdAt: product.createdAt.toISOString(),
      updatedAt: product.updatedAt.toISOString(),
      attributeSetId: product.attributeSetId,
      attributeSetName,
      name: product.name,
      sku: product.sku,
      modelNumber: product.modelNumber,
      categoryIds: categoryRows.map((category) => category.id),
      price: Number(product.price),
      weight: money(product.weight),
      weightUnit: product.weightUnit as ProductRecord['weightUnit'],
      qty: product.qty,
      isReadyToShip: product.isReadyToShip,
      isGiftCard: product.isGiftCard,
      isSold: product.isSold,
      isConfigured: product.isConfigured,
      status: product.status,
      description: product.description,
      productDescription: product.productDescription,
      sizeTypeId: product.sizeTypeId,
      gender: product.gender,
      productDetails: product.productDetails,
      variants: variants.map((variant): ProductVariantRecord => ({
        id: variant.id,
        version: variant.version,
        optionKey: variant.optionKey,
        options: (values.get(variant.id) ?? []).map(strip),
        sku: variant.sku,
        modelNumber: variant.modelNumber,
        price: Number(variant.price),
        baseImage: variant.baseImage,
        otherImages: variant.otherImages,
        video: variant.videos[0] ?? '',
        status: variant.status,
      })),
      variationGroupByProperty: product.variationGroupByProperty,
      standaloneAttributes: own.filter((value) => value.isStandalone).map(strip),
      attributes: own.filter((value) => !value.isStandalone).map(strip),
      metaTitle: product.metaTitle,
      metaKeywords: product.metaKeywords,
      metaDescription: product.metaDescription,
      relatedProductIds: relatedRows.map((related) => related.id),
      relatedProducts: relatedRows.map((related) => ({ id: related.id, label: productLabel(related) })),
      canBeSetWith: product.canBeSetWith,
      vendor: product.vendor,
      baseImage: product.baseImage,
      otherImages: product.otherImages,
      videos: product.videos,
      sideDiamondsSize: product.sideDiamondsSize,
      sideDiamondsPieces: product.sideDiamondsPieces,
      sideDiamondsWeight: money(product.sideDiamondsWeight),
      sideDiamondsWeightUnit: product.sideDiamondsWeightUnit as ProductRecord['sideDiamondsWeightUnit'],
    };
  }

  /** Ids of live rows of `table` among `ids`. */
  async function liveIds(tx: Db, table: typeof categories | typeof productSizes | typeof diamondShapes | typeof attributeSets, ids: number[]) {
    if (!ids.length) return new Set<number>();
    const rows = await tx.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), isLive(table)));
    return new Set(rows.map((row) => row.id));
  }

  /** Every id the save points at must be a live record of its kind: else 400 on the field that names it. */
  async function checkReferences(tx: Db, input: ProductSaveInput, productId: number | undefined) {
    if (!(await liveIds(tx, attributeSets, [input.attributeSetId])).size) throw issue(['attributeSetId'], MESSAGES.chooseFromList('attribute set'));
    const foundCategories = await liveIds(tx, categories, input.categoryIds);
    const missingCategory = input.categoryIds.findIndex((id) => !foundCategories.has(id));
    if (missingCategory >= 0) throw issue(['categoryIds', missingCategory], MESSAGES.unknownCategory);
    if (input.sizeTypeId !== null && !(await liveIds(tx, productSizes, [input.sizeTypeId])).size) throw issue(['sizeTypeId'], MESSAGES.chooseFromList('size type'));
    const shapes = await liveIds(tx, diamondShapes, input.canBeSetWith.map((row) => row.shapeId));
    const missingShape = input.canBeSetWith.findIndex((row) => !shapes.has(row.shapeId));
    if (missingShape >= 0) throw issue(['canBeSetWith', missingShape, 'shapeId'], MESSAGES.chooseFromList('shape'));
    if (input.relatedProductIds.length) {
      const related = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, input.relatedProductIds), isLive(products), isNull(products.parentProductId)));
      const found = new Set(related.map((row) => row.id));
      const bad = input.relatedProductIds.findIndex((id) => id === productId || !found.has(id));
      if (bad >= 0) throw issue(['relatedProductIds', bad], MESSAGES.notRelatable);
    }
  }

  /**
   * Attributes and options: a variant's options are of configurable attributes, one of each of the
   * same attributes for every variant; a standalone attribute is not configurable; a set attribute is
   * placed in the set; an option belongs to its attribute; a text attribute takes text, not an option.
   */
  async function checkAttributes(tx: Db, input: ProductSaveInput, variants: VariantSent[]) {
    const attributeIds = [
      ...new Set([...variants.flatMap((variant) => variant.options.map((option) => option.attributeId)), ...input.standaloneAttributes.map((a) => a.attributeId), ...input.attributes.map((a) => a.attributeId)]),
    ];
    if (!attributeIds.length) return;
    const optionIds = [
      ...new Set([
        ...variants.flatMap((variant) => variant.options.map((option) => option.optionId)),
        ...[...input.standaloneAttributes, ...input.attributes].flatMap((value) => (value.optionId === null ? [] : [value.optionId])),
      ]),
    ];
    const attributeRows = await tx
        .select({ id: productAttributes.id, code: productAttributes.attributeCode, inputType: productAttributes.inputType })
        .from(productAttributes)
        .where(and(inArray(productAttributes.id, attributeIds), isLive(productAttributes)));
    const optionRows = optionIds.length
      ? await tx
          .select({ id: attributeOptions.id, attributeId: attributeOptions.attributeId })
          .from(attributeOptions)
          .where(and(inArray(attributeOptions.id, optionIds), isLive(attributeOptions)))
      : [];
    const placedRows = await tx
      .select({ attributeId: attributeSetGroupAttributes.attributeId })
      .from(attributeSetGroupAttributes)
      .innerJoin(attributeSetGroups, and(eq(attributeSetGroups.id, attributeSetGroupAttributes.groupId), isLive(attributeSetGroups)))
      .where(eq(attributeSetGroupAttributes.setId, input.attributeSetId));
    const attributes = new Map(attributeRows.map((row) => [row.id, row]));
    const optionAttribute = new Map(optionRows.map((row) => [row.id, row.attributeId]));
    const placed = new Set(placedRows.map((row) => row.attributeId));

    const firstAttributes = variants[0] ? [...variants[0].options.map((option) => option.attributeId)].sort((a, b) => a - b).join(',') : '';
    for (const variant of variants) {
      const path = ['variants', variant.index, 'options'];
      for (const option of variant.options) {
        const attribute = attributes.get(option.attributeId);
        if (!attribute) throw issue(path, MESSAGES.unknownAttribute);
        if (!isConfigurableCode(attribute.code)) throw issue(path, MESSAGES.notConfigurable);
        if (optionAttribute.get(option.optionId) !== option.attributeId) throw issue(path, MESSAGES.optionNotOfAttribute);
      }
      if ([...variant.options.map((option) => option.attributeId)].sort((a, b) => a - b).join(',') !== firstAttributes) throw issue(path, MESSAGES.variantAttributesDiffer);
    }
    for (const field of ['standaloneAttributes', 'attributes'] as const) {
      input[field].forEach((value, index) => {
        const attribute = attributes.get(value.attributeId);
        if (!attribute || (field === 'attributes' && !placed.has(value.attributeId))) throw issue([field, index, 'attributeId'], MESSAGES.unknownAttribute);
        if (field === 'standaloneAttributes' && isConfigurableCode(attribute.code)) throw issue([field, index, 'attributeId'], MESSAGES.notConfigurable);
        if (value.optionId !== null && (attribute.inputType === 'text' || optionAttribute.get(value.optionId) !== value.attributeId)) {
          throw issue([field, index, 'optionId'], MESSAGES.optionNotOfAttribute);
        }
      });
    }
  }

  /**
   * The Required flag: every live, active attribute placed in the set that the Attributes section
   * fills (the form offers exactly these) needs a value; a 400 names each one missing.
   */
  async function checkRequired(tx: Db, input: ProductSaveInput) {
    const placedRequired = await tx
      .select({ id: productAttributes.id, attributeCode: productAttributes.attributeCode })
      .from(attributeSetGroupAttributes)
      .innerJoin(attributeSetGroups, and(eq(attributeSetGroups.id, attributeSetGroupAttributes.groupId), isLive(attributeSetGroups)))
      .innerJoin(productAttributes, eq(productAttributes.id, attributeSetGroupAttributes.attributeId))
      .where(and(eq(attributeSetGroupAttributes.setId, input.attributeSetId), eq(productAttributes.isRequired, true), eq(productAttributes.status, true), isLive(productAttributes)))
      .orderBy(asc(productAttributes.attributeName), asc(productAttributes.id));
    const missing: { path: (string | number)[]; message: string }[] = [];
    checkRequiredAttributes(placedRequired.filter(isFilledInAttributes), input.attributes, (path, message) => missing.push({ path, message }));
    if (missing.length) throw new AppError('VALIDATION_FAILED', missing[0]!.message, missing);
  }

  /** The vendor: one of the vendor attribute's options or the shop's own name; empty means the shop's own name. */
  async function resolveVendor(tx: Db, vendor: string): Promise<string> {
    const own = await shopName(tx);
    if (vendor === '' || vendor === own) return own;
    const options = await vendorOptions(tx);
    if (!options.some((option) => option.name === vendor)) throw issue(['vendor'], MESSAGES.chooseFromList('vendor'));
    return vendor;
  }

  /** No other live product or variant may hold the main SKU or a variant's SKU (409 under the field). */
  async function checkSkus(tx: Db, input: ProductSaveInput, variants: VariantSent[], productId: number | undefined) {
    const wanted = [input.sku, ...variants.map((variant) => variant.sku)].map((sku) => sku.toLowerCase());
    const clashes = await tx
      .select({ sku: sql<string>`lower(${products.sku})` })
      .from(products)
      .where(
        and(
          isLive(products),
          inArray(sql`lower(${products.sku})`, wanted),
          productId === undefined ? undefined : and(ne(products.id, productId), or(isNull(products.parentProductId), ne(products.parentProductId, productId))),
        ),
      )
      .limit(1);
    const taken = clashes[0]?.sku;
    if (taken === undefined) return;
    if (taken === input.sku.toLowerCase()) throw skuTaken(['sku']);
    const variant = variants.find((sent) => sent.sku.toLowerCase() === taken)!;
    throw skuTaken(['variants', variant.index, 'sku']);
  }

  /**
   * Images and videos sent that are not known media are not attached: the save goes on without them
   * and answers their names ('Below product images not uploaded!'). So is a known file in the wrong
   * place (a video as an image, an image as a video): the storefront would show a broken picture.
   */
  async function knownMedia(tx: Db, input: ProductSaveInput, variants: VariantSent[]): Promise<MediaFound> {
    const images = [input.baseImage, ...input.otherImages, ...variants.flatMap((variant) => [variant.baseImage ?? '', ...(variant.otherImages ?? [])])].filter((url) => url !== '');
    const videos = [...input.videos, ...variants.map((variant) => variant.video ?? '')].filter((url) => url !== '');
    const unique = [...new Set([...images, ...videos])];
    const kinds = new Map<string, string>();
    if (unique.length) {
      const rows = await tx.select({ url: media.url, contentType: media.contentType }).from(media).where(and(inArray(media.url, unique), isLive(media)));
      for (const row of rows) kinds.set(row.url, row.contentType.split('/')[0]!);
    }
    const isImage = (url: string | undefined): url is string => Boolean(url) && kinds.get(url!) === 'image';
    const isVideo = (url: string | undefined): url is string => Boolean(url) && kinds.get(url!) === 'video';
    const missing = new Set([...images.filter((url) => !isImage(url)), ...videos.filter((url) => !isVideo(url))]);
    return {
      image: (url) => (isImage(url) ? url : ''),
      images: (urls) => (urls ?? []).filter(isImage),
      video: (url) => (isVideo(url) ? url : ''),
      videos: (urls) => (urls ?? []).filter(isVideo),
      imagesNotAttached: [...missing].map(fileNameOf),
    };
  }

  /** The product row's columns from the input (also what its variants repeat: name, set, vendor). */
  function productValues(input: ProductSaveInput, vendor: string, media: MediaFound, liveVariants: number) {
    return {
      attributeSetId: input.attributeSetId,
      name: input.name,
      sku: input.sku,
      modelNumber: input.sku,
      categoryIds: input.categoryIds,
      price: String(input.price),
      weight: input.weight === null ? null : String(input.weight),
      weightUnit: input.weightUnit,
      qty: input.qty,
      isReadyToShip: input.isReadyToShip,
      isGiftCard: input.isGiftCard,
      isConfigured: liveVariants > 0,
      status: input.status,
      description: input.description,
      productDescription: input.productDescription,
      sizeTypeId: input.sizeTypeId,
      gender: input.gender,
      productDetails: input.productDetails,
      variationGroupByProperty: input.variationGroupByProperty,
      metaTitle: input.metaTitle,
      metaKeywords: input.metaKeywords,
      metaDescription: input.metaDescription,
      canBeSetWith: input.canBeSetWith,
      vendor,
      baseImage: media.image(input.baseImage),
      otherImages: media.images(input.otherImages),
      videos: media.videos(input.videos),
      sideDiamondsSize: input.sideDiamondsSize,
      sideDiamondsPieces: input.sideDiamondsPieces,
      sideDiamondsWeight: input.sideDiamondsWeight === null ? null : String(input.sideDiamondsWeight),
      sideDiamondsWeightUnit: input.sideDiamondsWeightUnit,
    };
  }

  /**
   * Writes the variants as sent, set-based: removed ones soft deleted in one statement, changed ones
   * updated in one statement (from a JSON recordset), new ones inserted in one; then the options of
   * new and re-optioned variants replaced with one delete and one insert. Returns the counts for the audit.
   */
  async function saveVariants(
    tx: Db,
    parent: { id: number; attributeSetId: number; name: string; vendor: string; status: boolean; changedShared: boolean },
    variants: VariantSent[],
    stored: VariantRow[],
    media: MediaFound,
    context: RequestContext,
  ) {
    const by = context.actor.id;
    const columnsOf = (variant: VariantSent) => ({
      sku: variant.sku,
      modelNumber: variant.modelNumber ?? '',
      optionKey: variant.optionKey,
      price: String(variant.price),
      baseImage: media.image(variant.baseImage),
      otherImages: media.images(variant.otherImages),
      videos: media.video(variant.video) ? [media.video(variant.video)] : [],
    });
    const plan = planChildRows(stored, variants, (row, sent) => {
      const next = columnsOf(sent);
      return (
        row.sku === next.sku &&
        row.modelNumber === next.modelNumber &&
        row.optionKey === next.optionKey &&
        Number(row.price) === Number(next.price) &&
        row.baseImage === next.baseImage &&
        JSON.stringify(row.otherImages) === JSON.stringify(next.otherImages) &&
        JSON.stringify(row.videos) === JSON.stringify(next.videos)
      );
    });
    if (plan.unknownIds.length) throw invalidField('variants', MESSAGES.unknownVariants(plan.unknownIds.join(', ')));
    if (plan.repeatedIds.length) throw invalidField('variants', MESSAGES.repeatedVariants(plan.repeatedIds.join(', ')));

    // Removed first: a new variant may take the combination or SKU of one removed in the same save.
    if (plan.remove.length) {
      await tx
        .update(products)
        .set({ deletedAt: new Date(), deletedBy: by, version: sql`${products.version} + 1` })
        .where(inArray(products.id, plan.remove.map((row) => row.id)));
    }
    if (plan.update.length) {
      const changes = plan.update.map(({ stored: row, sent }) => ({ id: row.id, ...columnsOf(sent) }));
      await tx.execute(sql`
        update ${products} set ${VARIANT_SET_LIST}, version = ${products.version} + 1, updated_at = now(), updated_by = ${by}
        from ${variantRecordset(changes)} where ${products.id} = v.id`);
    }
    // What every variant repeats of its parent, so the list reads one table.
    if (parent.changedShared && (plan.update.length || plan.unchanged.length)) {
      await tx
        .update(products)
        .set({ name: parent.name, attributeSetId: parent.attributeSetId, vendor: parent.vendor })
        .where(and(eq(products.parentProductId, parent.id), isLive(products)));
    }
    const inserted = plan.insert.length
      ? rowsOf<{ id: number; option_key: string }>(
          await tx.execute(sql`
            insert into ${products} (parent_product_id, attribute_set_id, name, vendor, status, created_by, updated_by, ${VARIANT_COLUMN_LIST})
            select ${parent.id}, ${parent.attributeSetId}, ${parent.name}, ${parent.vendor}, ${parent.status}, ${by}, ${by}, ${VARIANT_VALUE_LIST}
            from ${variantRecordset(plan.insert.map(columnsOf))}
            returning id, option_key`),
        )
      : [];

    // Options: of new variants, and of kept ones whose combination changed.
    const idByKey = new Map(inserted.map((row) => [row.option_key, row.id]));
    const reoptioned = plan.update.filter(({ stored: row, sent }) => row.optionKey !== sent.optionKey);
    const optionOwners = [...plan.insert.map((variant) => ({ id: idByKey.get(variant.optionKey)!, variant })), ...reoptioned.map(({ stored: row, sent }) => ({ id: row.id, variant: sent }))];
    if (reoptioned.length) {
      await tx.delete(productAttributeValues).where(inArray(productAttributeValues.productId, reoptioned.map(({ stored: row }) => row.id)));
    }
    const optionRows = optionOwners.flatMap(({ id, variant }) => variant.options.map((option) => ({ product_id: id, attribute_id: option.attributeId, option_id: option.optionId })));
    if (optionRows.length) {
      await tx.execute(sql`
        insert into ${productAttributeValues} (product_id, attribute_id, option_id)
        select v.product_id, v.attribute_id, v.option_id from jsonb_populate_recordset(null::product_attribute_values, ${JSON.stringify(optionRows)}::jsonb) v`);
    }
    return { added: inserted.map((row) => Number(row.id)), changed: plan.update.map(({ stored: row }) => row.id), removed: plan.remove.map((row) => row.id), live: variants.length };
  }

  /** The parent's own links: standalone and set attribute values, categories, related products; replaced whole. */
  async function saveLinks(tx: Db, id: number, input: ProductSaveInput) {
    await tx.delete(productAttributeValues).where(eq(productAttributeValues.productId, id));
    await tx.delete(productCategories).where(eq(productCategories.productId, id));
    await tx.delete(productRelated).where(eq(productRelated.productId, id));
    const values = [
      ...input.standaloneAttributes.map((value) => ({ ...value, isStandalone: true })),
      ...input.attributes.map((value) => ({ ...value, isStandalone: false })),
    ]
      // An attribute left blank in the form has no value to keep.
      .filter((value) => value.optionId !== null || value.value !== '')
      .map((value) => ({ productId: id, attributeId: value.attributeId, optionId: value.optionId, value: value.optionId === null ? value.value : '', isStandalone: value.isStandalone }));
    if (values.length) await tx.insert(productAttributeValues).values(values);
    await tx.insert(productCategories).values(input.categoryIds.map((categoryId) => ({ productId: id, categoryId })));
    if (input.relatedProductIds.length) {
      await tx.insert(productRelated).values(input.relatedProductIds.map((relatedProductId, sortOrder) => ({ productId: id, relatedProductId, sortOrder })));
    }
  }

  /** Variants as sent and kept (removed ones dropped), with their option key computed here. */
  function sentVariants(input: ProductSaveInput): VariantSent[] {
    return input.variants.flatMap((variant, index) => (variant.removed ? [] : [{ ...variant, optionKey: variantOptionKey(variant.options), index }]));
  }

  /** The audit's picture of a product: its own fields, variants as a count (their changes are listed by id). */
  function auditPicture(record: ProductRecord) {
    const { variants, ...rest } = record;
    return { ...rest, variantCount: variants.length };
  }

  /** One save of the whole product, create or update, in one transaction. */
  async function save(received: ProductSaveInput, context: RequestContext, existing?: { id: number; version: number }): Promise<ProductSaveResponse> {
    const input: ProductSaveInput = { ...received, description: await sanitizeRichTextField('description', received.description) };
    const variants = sentVariants(input);
    let imagesNotAttached: string[] = [];
    const transaction = db.transaction(async (tx) => {
      const by = context.actor.id;
      let before: ProductRecord | undefined;
      let stored: VariantRow[] = [];
      if (existing) {
        const [row] = await tx
          .select()
          .from(products)
          .where(and(eq(products.id, existing.id), isLive(products), isNull(products.parentProductId)))
          .for('update');
        if (!row) throw notFound();
        await assertVersion(tx, ENTITY, row, existing.version);
        before = await loadProduct(tx, existing.id, true);
        stored = await tx
          .select(variantColumns)
          .from(products)
          .where(and(eq(products.parentProductId, existing.id), isLive(products)));
      }
      // A configurable product (variants saved, or variant rows in the save) keeps one at least: its
      // price lives on its variants, and with none left it would sell at the main price, often 0.
      if (!variants.length && (stored.length || input.variants.length)) throw invalidField('variants', MESSAGES.productVariationsNotFound);
      await checkReferences(tx, input, existing?.id);
      await checkAttributes(tx, input, variants);
      await checkRequired(tx, input);
      const vendor = await resolveVendor(tx, input.vendor);
      await checkSkus(tx, input, variants, existing?.id);
      const mediaFound = await knownMedia(tx, input, variants);
      imagesNotAttached = mediaFound.imagesNotAttached;

      const values = productValues(input, vendor, mediaFound, variants.length);
      let id: number;
      if (existing) {
        id = existing.id;
        await tx
          .update(products)
          .set({ ...values, version: sql`${products.version} + 1`, updatedAt: new Date(), updatedBy: by })
          .where(eq(products.id, id));
      } else {
        const [inserted] = await tx
          .insert(products)
          .values({ ...values, createdBy: by, updatedBy: by })
          .returning({ id: products.id });
        id = inserted!.id;
      }
      // The media library is keyed by the model number: it follows the product to its new one.
      if (before && before.sku !== input.sku) await moveLibrary(tx, before.sku, input.sku, context);
      const changedShared = !before || before.name !== input.name || before.attributeSetId !== input.attributeSetId || before.vendor !== vendor;
      const variantChanges = await saveVariants(tx, { id, attributeSetId: input.attributeSetId, name: input.name, vendor, status: input.status, changedShared }, variants, stored, mediaFound, context);
      await saveLinks(tx, id, input);
      const after = await loadProduct(tx, id, true);
      await writeAudit(tx, context, {
        action: existing ? 'update' : 'create',
        entity: ENTITY,
        entityId: id,
        before: before ? auditPicture(before) : null,
        after: { ...auditPicture(after), variantChanges },
      });
      return after;
    });
    const product = await transaction.catch((error: unknown) => {
      throw skuRace(error) ?? error;
    });
    await cache?.invalidate('products', [product.id]);
    return { product, imagesNotAttached };
  }

  /** Soft deletes rows (and the variants of those that are products), in one statement; the count of rows deleted. */
  async function softDelete(tx: Db, condition: SQL, context: RequestContext) {
    const deleted = await tx
      .update(products)
      .set({ deletedAt: new Date(), deletedBy: context.actor.id, version: sql`${products.version} + 1` })
      .where(and(isLive(products), condition))
      .returning({ id: products.id, parentProductId: products.parentProductId });
    // A parent that lost variants but lives on: its aggregate changed (version), and it may have none left.
    const parents = [...new Set(deleted.flatMap((row) => (row.parentProductId === null ? [] : [row.parentProductId])))];
    if (parents.length) {
      await tx
        .update(products)
        .set({
          version: sql`${products.version} + 1`,
          isConfigured: sql`exists (select 1 from ${products} v where v.parent_product_id = ${products.id} and v.deleted_at is null)`,
          updatedAt: new Date(),
          updatedBy: context.actor.id,
        })
        .where(and(inArray(products.id, parents), isLive(products)));
    }
    return deleted;
  }

  return {
    /** One page of the list: the page and a total counted up to a cap, in two statements; variants' data is never loaded. */
    async list(query: ProductListQuery): Promise<ListResponse<ProductListRow>> {
      const byPrice = priceUse(query);
      const { where, orderBy, limit, offset } = applyListQuery(products, query, byPrice.sort || byPrice.filter ? listSpecByPrice : listSpec);
      // Products, joined to their price's row when the query sorts or filters by price (an inner join:
      // that table holds every live row). The count needs it for a price range only, and then reads it
      // alone when the range is the one condition (an index-only scan of the range, up to the cap).
      let pageQuery = db.select(LIST_ROW_COLUMNS).from(products).innerJoin(attributeSets, eq(attributeSets.id, products.attributeSetId)).$dynamic();
      if (byPrice.sort || byPrice.filter) pageQuery = pageQuery.innerJoin(productPriceOrder, eq(productPriceOrder.productId, products.id));
      let matchingQuery = byPrice.only
        ? db.select({ one: sql`1` }).from(productPriceOrder).where(and(...filterConditions(productListQuery.filters, query, listSpecByPrice.filters))).$dynamic()
        : db.select({ one: sql`1` }).from(products).where(where).$dynamic();
      if (byPrice.filter && !byPrice.only) matchingQuery = matchingQuery.innerJoin(productPriceOrder, eq(productPriceOrder.productId, products.id));
      const matching = matchingQuery.limit(LIST_TOTAL_CAP + 1).as('matching');
      const [rows, [counted]] = await Promise.all([
        pageQuery
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(matching),
      ]);
      const total = counted?.total ?? 0;
      const response = {
        items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total: Math.min(total, LIST_TOTAL_CAP),
        page: query.page,
        pageSize: query.pageSize,
      };
      return total > LIST_TOTAL_CAP ? { ...response, totalIsCapped: true } : response;
    },

    get: (id: number) => loadProduct(db, id),

    create: (input: ProductSaveInput, context: RequestContext) => save(input, context),

    update: (id: number, input: ProductSaveInput, version: number, context: RequestContext) => save(input, context, { id, version }),

    /** The list's status switch, on a product or a variant row. */
    async setStatus(id: number, status: boolean, version: number, context: RequestContext): Promise<ProductListRow> {
      const written = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(products)
          .where(and(eq(products.id, id), isLive(products)))
          .for('update');
        if (!row) throw notFound();
        await assertVersion(tx, ENTITY, row, version);
        await tx
          .update(products)
          .set({ status, version: sql`${products.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id })
          .where(eq(products.id, id));
        await writeAudit(tx, context, { action: 'status', entity: ENTITY, entityId: id, before: { status: row.status }, after: { status } });
        return row;
      });
      await cache?.invalidate('products', productIdsOf([written]));
      const [row] = await db
        .select(LIST_ROW_COLUMNS)
        .from(products)
        .innerJoin(attributeSets, eq(attributeSets.id, products.attributeSetId))
        .where(eq(products.id, id));
      return { ...row!, createdAt: row!.createdAt.toISOString() };
    },

    /** Deletes one row: a product with its variants, or one variant. */
    async remove(id: number, context: RequestContext) {
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, id), isLive(products)))
          .for('update');
        if (!row) throw notFound();
        const deleted = await softDelete(tx, or(eq(products.id, id), eq(products.parentProductId, id))!, context);
        await writeAudit(tx, context, { action: 'delete', entity: ENTITY, entityId: id, before: { deletedIds: deleted.map((r) => r.id) } });
        return deleted;
      });
      await cache?.invalidate('products', productIdsOf(deleted));
    },

    /** Delete Selected or Delete All, set-based; answers how many rows (products and their variants) were deleted. */
    async removeMany(input: ProductDeleteManyInput, context: RequestContext) {
      const deleted = await db.transaction(async (tx) => {
        const condition = 'ids' in input ? or(inArray(products.id, input.ids), inArray(products.parentProductId, input.ids))! : sql`true`;
        const rows = await softDelete(tx, condition, context);
        await writeAudit(tx, context, { action: 'delete', entity: ENTITY, entityId: null, before: { deletedIds: rows.map((r) => r.id), all: 'all' in input } });
        return rows;
      });
      await cache?.invalidate('products', 'all' in input ? 'all' : productIdsOf(deleted));
      return { deleted: deleted.length };
    },

    /** The model number's blur check: another live product or variant holds it (not the product being edited, nor its variants). */
    async skuExists(sku: string, id: number | undefined) {
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
    },

    /** Related product search: live top-level products whose name or model number holds the term. */
    async search(term: string): Promise<ProductSearchRow[]> {
      const rows = await db
        .select({ id: products.id, name: products.name, modelNumber: products.modelNumber })
        .from(products)
        .where(and(isLive(products), isNull(products.parentProductId), searchLoweredCondition([products.nameLower, products.skuLower], term)))
        .orderBy(asc(products.nameLower), asc(products.id))
        .limit(20);
      return rows.map((row) => ({ ...row, label: productLabel(row) }));
    },

    /** Every live attribute with its live options, flagged configurable, with its group in the given set. */
    async formAttributes(attributeSetId: number | undefined): Promise<ProductFormAttribute[]> {
      const [attributeRows, optionRows, placedRows] = await Promise.all([
        db
          .select({
            id: productAttributes.id,
            attributeCode: productAttributes.attributeCode,
            attributeName: productAttributes.attributeName,
            inputType: productAttributes.inputType,
            isRequired: productAttributes.isRequired,
          })
          .from(productAttributes)
          .where(and(isLive(productAttributes), eq(productAttributes.status, true)))
          .orderBy(asc(productAttributes.attributeName), asc(productAttributes.id)),
        db
          .select({ id: attributeOptions.id, attributeId: attributeOptions.attributeId, value: attributeOptions.value, valueImage: attributeOptions.valueImage })
          .from(attributeOptions)
          .where(isLive(attributeOptions))
          .orderBy(asc(attributeOptions.sortOrder), asc(attributeOptions.id)),
        attributeSetId === undefined
          ? []
          : db
              .select({ attributeId: attributeSetGroupAttributes.attributeId, groupName: attributeSetGroups.name })
              .from(attributeSetGroupAttributes)
              .innerJoin(attributeSetGroups, and(eq(attributeSetGroups.id, attributeSetGroupAttributes.groupId), isLive(attributeSetGroups)))
              .where(eq(attributeSetGroupAttributes.setId, attributeSetId)),
      ]);
      const groupOf = new Map(placedRows.map((row) => [row.attributeId, row.groupName]));
      const optionsOf = new Map<number, ProductFormAttribute['options']>();
      for (const { attributeId, ...option } of optionRows) optionsOf.set(attributeId, [...(optionsOf.get(attributeId) ?? []), option]);
      return attributeRows.map((row) => ({
        ...row,
        isConfigurable: isConfigurableCode(row.attributeCode),
        groupName: groupOf.get(row.id) ?? null,
        options: optionsOf.get(row.id) ?? [],
      }));
    },

    /** Attribute sets that live products use: the list filter offers only these (document 2 §7). */
    async attributeSetsWithProducts() {
      return db
        .select({ id: attributeSets.id, name: attributeSets.name })
        .from(attributeSets)
        .where(and(isLive(attributeSets), exists(sql`(select 1 from ${products} where ${products.attributeSetId} = ${attributeSets.id} and ${products.deletedAt} is null)`)))
        .orderBy(asc(sql`lower(${attributeSets.name})`));
    },

    /** The form's choices of attribute sets, size types or diamond shapes: live rows by name, with their switch. */
    async formLookup(lookup: ProductFormLookup): Promise<ProductFormLookupRow[]> {
      const { table, name } = FORM_LOOKUP_TABLES[lookup];
      return db
        .select({ id: table.id, name, status: table.status })
        .from(table)
        .where(isLive(table))
        .orderBy(asc(sql`lower(${name})`), asc(table.id));
    },

    async vendors() {
      const [defaultVendor, items] = await Promise.all([shopName(db), vendorOptions(db)]);
      return { defaultVendor, items };
    },
  };
}
