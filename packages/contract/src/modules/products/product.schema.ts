import { z } from 'zod';
import { recordId, recordMetaSchema, safeString, versionNumber } from '../../api.ts';
import type { BulkList } from '../../bulk.ts';
import { booleanFilter, defineListQuery, idsFilter, rangeFilter, textFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { activeSwitch } from '../../status.ts';
import type { UncheckedFields } from '../../rules.ts';
import {
  LETTERS_DIGITS_DASHES,
  META_DESCRIPTION_MAX,
  META_KEYWORDS_MAX,
  META_TITLE_MAX,
  PLAIN_TEXT_PATTERN,
  PRICE_MAX,
  acrossFields,
  entriesOf,
  hasAtMostDecimals,
  idList,
  money,
  optionalMetaText,
  optionalText,
  requiredNumber,
  requiredText,
} from '../../rules.ts';
import { attributeSetResource } from '../attribute-sets/attribute-set.schema.ts';
import { categoryResource } from '../categories/category.schema.ts';
import { mediaUrl } from '../media/media.schema.ts';
import { CONFIGURABLE_ATTRIBUTE_CODES, VENDOR_ATTRIBUTE_CODE } from '../product-attributes/product-attribute.schema.ts';

/**
 * Products (document 2 §2 Products, §3, §5, §9). A product is an aggregate: its row, its variants
 * (child products, one row each in the same table, marked by their parent), its attribute values,
 * categories, related products, details and Can Be Set With rows, all saved by one request.
 */

/** The spec's page size for the product list (document 2 §9). */
export const PRODUCT_PAGE_SIZE = 20;

/** Gender codes (document 2 §3, §9). */
export const GENDERS = [
  { code: 1, label: 'Male' },
  { code: 2, label: 'Female' },
  { code: 3, label: 'Unisex' },
] as const;
export type GenderCode = (typeof GENDERS)[number]['code'];
export const GENDER_CODES = GENDERS.map((gender) => gender.code) as [GenderCode, ...GenderCode[]];

/** Weight: at least 0.1, sent with 2 decimals (document 2 §5, §9). */
export const WEIGHT_MIN = 0.1;
export const WEIGHT_DECIMALS = 2;
/** The spec limits the characters of a weight to 10; as a number that is at most this. */
export const WEIGHT_MAX = 9_999_999.99;
/**
 * Units a weight may be given in. The spec names only the default (lb); a jeweller also weighs in
 * grams, carats, ounces (troy and avoirdupois are both written oz on tags) and kilograms.
 */
export const WEIGHT_UNITS = ['lb', 'kg', 'g', 'oz', 'ct'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'lb';

/** Carats of Can Be Set With: at least 0.1, in steps of 0.1 (document 2 §5); at most a very large stone. */
export const CARAT_MIN = 0.1;
export const CARAT_MAX = 100;

/** A variant's system SKU is the main SKU, a dash and 4 random characters from A–Z and 0–9 (document 2 §3, §9). */
export const VARIANT_SKU_SUFFIX_LENGTH = 4;
export const VARIANT_SKU_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The vendor when none is chosen: the shop's own name, read from this setting, else this constant. */
export const SHOP_NAME_SETTING_KEY = 'store_name';
export const DEFAULT_SHOP_NAME = 'Facet Jewellers';

/** Related product search starts at 3 characters (document 2 §5, §9). */
export const PRODUCT_SEARCH_MIN_LENGTH = 3;

/** Limits the spec leaves open: far above a shop's needs, within one insert's query parameters. */
export const SKU_MAX = 100;
export const PRODUCT_NAME_MAX = 255;
export const PRODUCT_VARIANTS_MAX = 2000;
export const PRODUCT_DETAILS_MAX = 100;
export const PRODUCT_ATTRIBUTES_MAX = 200;
export const PRODUCT_IMAGES_MAX = 50;
export const PRODUCT_VIDEOS_MAX = 10;
export const CAN_BE_SET_WITH_MAX = 50;
export const RELATED_PRODUCTS_MAX = 100;
export const PRODUCT_CATEGORIES_MAX = 100;
export const PRODUCT_RICH_TEXT_MAX = 200_000;
export const PRODUCT_PLAIN_TEXT_MAX = 20_000;
export const ATTRIBUTE_TEXT_VALUE_MAX = 1000;
export const QTY_MAX = 1_000_000;

/** The model number (the product's SKU): letters, digits and dashes, trimmed (document 2 §5). */
export const skuText = () => requiredText(SKU_MAX).regex(LETTERS_DIGITS_DASHES, MESSAGES.lettersDigitsDashes);
/** An optional model number (a variant's own): the same pattern, or empty. */
const optionalSku = () => optionalText(SKU_MAX).refine((text) => text === '' || LETTERS_DIGITS_DASHES.test(text), MESSAGES.lettersDigitsDashes);

/** A variant's system SKU: the main SKU, a dash and the random suffix (`random` gives numbers in [0, 1)). */
export function generateVariantSku(mainSku: string, random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < VARIANT_SKU_SUFFIX_LENGTH; i += 1) suffix += VARIANT_SKU_ALPHABET[Math.floor(random() * VARIANT_SKU_ALPHABET.length)];
  return `${mainSku}-${suffix}`;
}

/**
 * A variant's option key: its option ids joined by '_' (document 2 §3), ordered by attribute id so
 * that one combination has one key whatever order its options were picked in.
 */
export function variantOptionKey(options: readonly { attributeId: number; optionId: number }[]): string {
  return [...options]
    .sort((a, b) => a.attributeId - b.attributeId)
    .map((option) => option.optionId)
    .join('_');
}

/** The label of a product in pickers (related products): 'name - model number' (document 2 §3). */
export const productLabel = (product: { name: string; modelNumber: string }) => `${product.name} - ${product.modelNumber}`;

// ---------------------------------------------------------------- the list

/**
 * The product list's query string, with the spec's parameter names (document 2 §2): page, sku
 * (model number, substring), name (substring), aid (attribute set ids), pricefrom/priceto, cid
 * (category ids), vendor (exact, one of the vendor options), status (1 Active, 0 Inactive).
 * Price: from and to each 0 to 9,999,999,999 with 2 decimals (the spec's price length 10 and highest
 * value; its 'max 999' on To would stop staff finding any product over £999, so the generic highest
 * value applies); To is required as soon as From is given, and From may not pass To.
 */
export const productListQuery = defineListQuery({
  sortable: ['createdAt', 'name', 'sku', 'price'],
  defaultPageSize: PRODUCT_PAGE_SIZE,
  filters: {
    sku: textFilter('Model Number', { maxLength: SKU_MAX }),
    name: textFilter('Name', { maxLength: PRODUCT_NAME_MAX }),
    cid: idsFilter('Category', { resource: categoryResource, labelField: 'name' }),
    price: rangeFilter('Price', { min: 0, max: PRICE_MAX, decimals: 2, isToRequired: true }, { from: 'pricefrom', to: 'priceto' }),
    aid: idsFilter('Attribute Set', { resource: attributeSetResource, labelField: 'name' }),
    vendor: textFilter('Vendor', { maxLength: PRODUCT_NAME_MAX, match: 'equals' }),
    status: booleanFilter('Status', { trueValue: '1', falseValue: '0', trueLabel: 'Active', falseLabel: 'Inactive' }),
  },
});

/**
 * The product list's bulk actions (issue 23 §1), on the ticked rows or on everything its filters
 * select: Set status and Delete, each with the single switch's and the single delete's rules (a
 * product's delete takes its variants), and Export (the import's sheet, as Export Excel).
 */
export const productBulkList = {
  name: 'products',
  label: 'Product',
  permission: 'products',
  status: activeSwitch,
  bulkActions: ['status', 'delete', 'export'],
} as const satisfies BulkList;

/** One row of the product list; a child variant has its parent's id (it is edited inside its parent). */
export const productListRowSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  sku: z.string(),
  name: z.string(),
  attributeSetName: z.string(),
  baseImage: z.string(),
  createdAt: z.string(),
  status: z.boolean(),
  parentProductId: z.number().int().nullable(),
});
export type ProductListRow = z.infer<typeof productListRowSchema>;

// ---------------------------------------------------------------- the save

export const productDetailSchema = z.object({ label: requiredText(255), value: requiredText(1000) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Carats of Can Be Set With: numbers from 0.1, in steps of 0.1. */
const carat = () =>
  requiredNumber({ min: CARAT_MIN, max: CARAT_MAX, label: 'Carat' }).refine((value) => hasAtMostDecimals(value, 1), MESSAGES.caratStep);

/** One Can Be Set With row: a diamond shape (its id) and a carat band. */
export const canBeSetWithSchema = acrossFields(
  z.object({ shapeId: recordId(MESSAGES.required), caratFrom: carat(), caratTo: carat() }),
  (row, report) => {
    if (typeof row.caratFrom === 'number' && typeof row.caratTo === 'number' && row.caratFrom > row.caratTo) report(['caratTo'], MESSAGES.caratToNotBelowFrom);
  },
);
export type CanBeSetWith = z.infer<typeof canBeSetWithSchema>;

/** The value of one attribute of the product: an option of a dropdown-like attribute, or the text of a text attribute. */
export const productAttributeValueSchema = z.object({
  attributeId: recordId(),
  optionId: recordId().nullable().default(null),
  value: optionalText(ATTRIBUTE_TEXT_VALUE_MAX),
});
export type ProductAttributeValueInput = z.input<typeof productAttributeValueSchema>;

export const variantOptionSchema = z.object({ attributeId: recordId(), optionId: recordId() });
export type VariantOption = z.infer<typeof variantOptionSchema>;

const imageList = () => z.array(mediaUrl()).max(PRODUCT_IMAGES_MAX, MESSAGES.tooManyItems(PRODUCT_IMAGES_MAX)).default([]);

export const productVariantInputSchema = z.object({
  /** Present for a variant that exists (it keeps its id and system SKU); absent for a new one. */
  id: recordId().optional(),
  /** Computed by the server from `options` (variantOptionKey); sent or not, the server's wins. */
  optionKey: z.string().max(500).optional(),
  options: z.array(variantOptionSchema).min(1, MESSAGES.required).max(20, MESSAGES.tooManyItems(20)),
  /** The system SKU (generateVariantSku); the child SKU that must differ from the main one. */
  sku: skuText(),
  /** The shop's own SKU number for this variant. */
  modelNumber: optionalSku(),
  price: money(),
  baseImage: mediaUrl(),
  otherImages: imageList(),
  video: mediaUrl(),
  /** Marked removed in the form (undo possible until saved): soft deleted on save, like leaving it out. */
  removed: z.boolean().default(false),
});
export type ProductVariantInput = z.input<typeof productVariantInputSchema>;

const productFields = {
  attributeSetId: recordId(MESSAGES.required),
  name: requiredText(PRODUCT_NAME_MAX),
  sku: skuText(),
  categoryIds: idList(MESSAGES.required).max(PRODUCT_CATEGORIES_MAX, MESSAGES.tooManyItems(PRODUCT_CATEGORIES_MAX)),
  price: money().default(0),
  weight: requiredNumber({ min: WEIGHT_MIN, max: WEIGHT_MAX, decimals: WEIGHT_DECIMALS, label: 'Weight' }).nullable().default(null),
  weightUnit: z.enum(WEIGHT_UNITS, { error: MESSAGES.filterChoice('Weight unit', WEIGHT_UNITS.join(', ')) }).default(DEFAULT_WEIGHT_UNIT),
  qty: requiredNumber({ min: 0, max: QTY_MAX, int: true, label: 'Qty' }).default(0),
  isReadyToShip: z.boolean().default(false),
  isGiftCard: z.boolean().default(false),
  status: z.boolean().default(true),
  /** Rich text (Content), cleaned on the server before it is stored. */
  description: optionalText(PRODUCT_RICH_TEXT_MAX),
  /**
   * Plain text (document 2 §3), which the storefront shows beside the rich description: no `<` or
   * `>`, as the other plain texts that reach the storefront, so markup never gets there through it.
   */
  productDescription: safeString().trim().max(PRODUCT_PLAIN_TEXT_MAX, MESSAGES.maxLength(PRODUCT_PLAIN_TEXT_MAX)).regex(PLAIN_TEXT_PATTERN, MESSAGES.noAngleBrackets).default(''),
  sizeTypeId: recordId().nullable().default(null),
  gender: z
    .union(GENDER_CODES.map((code) => z.literal(code)), { error: MESSAGES.filterChoice('Gender', GENDER_CODES.join(', ')) })
    .nullable()
    .default(null),
  productDetails: z.array(productDetailSchema).max(PRODUCT_DETAILS_MAX, MESSAGES.tooManyItems(PRODUCT_DETAILS_MAX)).default([]),
  variants: z.array(productVariantInputSchema).max(PRODUCT_VARIANTS_MAX, MESSAGES.tooManyItems(PRODUCT_VARIANTS_MAX)).default([]),
  /** The attribute code the form groups variants by. */
  variationGroupByProperty: optionalText(100),
  standaloneAttributes: z.array(productAttributeValueSchema).max(PRODUCT_ATTRIBUTES_MAX, MESSAGES.tooManyItems(PRODUCT_ATTRIBUTES_MAX)).default([]),
  /** Values of the attributes of the set's groups (Attributes section). */
  attributes: z.array(productAttributeValueSchema).max(PRODUCT_ATTRIBUTES_MAX, MESSAGES.tooManyItems(PRODUCT_ATTRIBUTES_MAX)).default([]),
  metaTitle: optionalMetaText(META_TITLE_MAX),
  metaKeywords: optionalMetaText(META_KEYWORDS_MAX),
  metaDescription: optionalMetaText(META_DESCRIPTION_MAX),
  relatedProductIds: z.array(recordId()).max(RELATED_PRODUCTS_MAX, MESSAGES.tooManyItems(RELATED_PRODUCTS_MAX)).default([]),
  canBeSetWith: z.array(canBeSetWithSchema).max(CAN_BE_SET_WITH_MAX, MESSAGES.tooManyItems(CAN_BE_SET_WITH_MAX)).default([]),
  /** One of the vendor attribute's options; empty means the shop's own name. */
  vendor: optionalText(PRODUCT_NAME_MAX),
  /** The product's own images: the main one (Set as Main Image) and the others. */
  baseImage: mediaUrl(),
  otherImages: imageList(),
  videos: z.array(mediaUrl()).max(PRODUCT_VIDEOS_MAX, MESSAGES.tooManyItems(PRODUCT_VIDEOS_MAX)).default([]),
  // Side Diamond Details: a section the spec keeps hidden; stored when sent.
  sideDiamondsSize: optionalText(100),
  sideDiamondsPieces: requiredNumber({ min: 0, max: 10_000, int: true, label: 'Pieces' }).nullable().default(null),
  sideDiamondsWeight: requiredNumber({ min: 0, max: WEIGHT_MAX, decimals: WEIGHT_DECIMALS, label: 'Weight' }).nullable().default(null),
  sideDiamondsWeightUnit: z.enum(WEIGHT_UNITS).default('ct'),
};

type ProductFields = UncheckedFields<{ [K in keyof typeof productFields]: unknown }>;

/**
 * Rules across fields and rows (document 2 §5): a child SKU differs from the main SKU and from the
 * other children; one live variant per combination of options; an attribute once per variant; a
 * shape once across Can Be Set With rows; an attribute once across standalone and set attributes;
 * a product detail label once; a product is not related to itself (checked by the server, which knows the id).
 */
export function checkProduct(value: ProductFields, report: (path: (string | number)[], message: string) => void) {
  const mainSku = typeof value.sku === 'string' ? value.sku.trim().toLowerCase() : '';
  const skus = new Set<string>();
  const keys = new Set<string>();
  entriesOf(value.variants).forEach((variant, index) => {
    if (variant.removed === true) return;
    if (typeof variant.sku === 'string' && variant.sku.trim() !== '') {
      const sku = variant.sku.trim().toLowerCase();
      if (sku === mainSku) report(['variants', index, 'sku'], MESSAGES.childSkuSameAsMain);
      else if (skus.has(sku)) report(['variants', index, 'sku'], MESSAGES.duplicate('SKU'));
      skus.add(sku);
    }
    const options = entriesOf(variant.options);
    const attributeIds = options.map((option) => option.attributeId);
    if (new Set(attributeIds).size !== attributeIds.length) report(['variants', index, 'options'], MESSAGES.attributeChosenTwice);
    if (options.every((option) => typeof option.attributeId === 'number' && typeof option.optionId === 'number')) {
      const key = variantOptionKey(options as VariantOption[]);
      if (keys.has(key)) report(['variants', index, 'options'], MESSAGES.variantExists);
      keys.add(key);
    }
  });
  const shapes = new Set<unknown>();
  entriesOf(value.canBeSetWith).forEach((row, index) => {
    if (row.shapeId === undefined) return;
    if (shapes.has(row.shapeId)) report(['canBeSetWith', index, 'shapeId'], MESSAGES.shapeChosenTwice);
    shapes.add(row.shapeId);
  });
  const attributes = new Set<unknown>();
  for (const field of ['standaloneAttributes', 'attributes'] as const) {
    entriesOf(value[field]).forEach((row, index) => {
      if (attributes.has(row.attributeId)) report([field, index, 'attributeId'], MESSAGES.attributeChosenTwice);
      attributes.add(row.attributeId);
    });
  }
  const labels = new Set<string>();
  entriesOf(value.productDetails).forEach((row, index) => {
    if (typeof row.label !== 'string' || row.label.trim() === '') return;
    const label = row.label.trim().toLowerCase();
    if (labels.has(label)) report(['productDetails', index, 'label'], MESSAGES.duplicate('Label'));
    labels.add(label);
  });
  if (Array.isArray(value.relatedProductIds) && new Set(value.relatedProductIds).size !== value.relatedProductIds.length) {
    report(['relatedProductIds'], MESSAGES.duplicate('Related product'));
  }
}

/**
 * Whether an attribute placed in the product's set is filled in the form's Attributes section: not
 * one that makes variants (chosen in Configurations) nor the vendor (a field of its own, never empty).
 */
export const isFilledInAttributes = (attribute: { attributeCode: string }) =>
  !CONFIGURABLE_ATTRIBUTE_CODES.includes(attribute.attributeCode) && attribute.attributeCode !== VENDOR_ATTRIBUTE_CODE;

/**
 * An attribute's Required flag (is_required, document 2 §3): each required attribute of the set's
 * Attributes section needs an option, or text for a text attribute. The path names the
 * attribute by its code (`['attributes', 'engraving']`): a missing value has no row to point at.
 * The form and the server run the same rule, each with the attributes it knows.
 */
export function checkRequiredAttributes(
  required: readonly { id: number; attributeCode: string }[],
  values: unknown,
  report: (path: (string | number)[], message: string) => void,
) {
  const filled = new Set(
    entriesOf(values)
      .filter((entry) => (typeof entry.optionId === 'number') || (typeof entry.value === 'string' && entry.value.trim() !== ''))
      .map((entry) => entry.attributeId),
  );
  for (const attribute of required) if (!filled.has(attribute.id)) report(['attributes', attribute.attributeCode], MESSAGES.required);
}

/** Add: the whole product in one request. */
export const productCreateSchema = acrossFields(z.object(productFields), checkProduct);
/** Edit: the same, with the version the form was loaded at. */
export const productUpdateSchema = acrossFields(z.object({ ...productFields, version: versionNumber() }), checkProduct);
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductSaveInput = z.output<typeof productCreateSchema>;

// ---------------------------------------------------------------- the record

export const productAttributeValueRecordSchema = z.object({
  attributeId: z.number().int(),
  attributeCode: z.string(),
  attributeName: z.string(),
  inputType: z.string(),
  optionId: z.number().int().nullable(),
  /** The option's value, or the text of a text attribute. */
  value: z.string(),
});
export type ProductAttributeValueRecord = z.infer<typeof productAttributeValueRecordSchema>;

export const productVariantRecordSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  optionKey: z.string(),
  options: z.array(productAttributeValueRecordSchema),
  sku: z.string(),
  modelNumber: z.string(),
  price: z.number(),
  baseImage: z.string(),
  otherImages: z.array(z.string()),
  video: z.string(),
  status: z.boolean(),
});
export type ProductVariantRecord = z.infer<typeof productVariantRecordSchema>;

export const relatedProductSchema = z.object({ id: z.number().int(), label: z.string() });

export const productRecordSchema = recordMetaSchema.extend({
  attributeSetId: z.number().int(),
  attributeSetName: z.string(),
  name: z.string(),
  sku: z.string(),
  modelNumber: z.string(),
  categoryIds: z.array(z.number().int()),
  price: z.number(),
  weight: z.number().nullable(),
  weightUnit: z.enum(WEIGHT_UNITS),
  qty: z.number().int(),
  isReadyToShip: z.boolean(),
  isGiftCard: z.boolean(),
  isSold: z.boolean(),
  isConfigured: z.boolean(),
  status: z.boolean(),
  description: z.string(),
  productDescription: z.string(),
  sizeTypeId: z.number().int().nullable(),
  gender: z.number().int().nullable(),
  productDetails: z.array(z.object({ label: z.string(), value: z.string() })),
  variants: z.array(productVariantRecordSchema),
  variationGroupByProperty: z.string(),
  standaloneAttributes: z.array(productAttributeValueRecordSchema),
  attributes: z.array(productAttributeValueRecordSchema),
  metaTitle: z.string(),
  metaKeywords: z.string(),
  metaDescription: z.string(),
  relatedProductIds: z.array(z.number().int()),
  /** The related products as the picker shows them: 'name - model number'. */
  relatedProducts: z.array(relatedProductSchema),
  canBeSetWith: z.array(z.object({ shapeId: z.number().int(), caratFrom: z.number(), caratTo: z.number() })),
  vendor: z.string(),
  baseImage: z.string(),
  otherImages: z.array(z.string()),
  videos: z.array(z.string()),
  sideDiamondsSize: z.string(),
  sideDiamondsPieces: z.number().int().nullable(),
  sideDiamondsWeight: z.number().nullable(),
  sideDiamondsWeightUnit: z.enum(WEIGHT_UNITS),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;

/** What a save answers: the product, and the names of images sent that are not known media ('Below product images not uploaded!'). */
export const productSaveResponseSchema = z.object({ product: productRecordSchema, imagesNotAttached: z.array(z.string()) });
export type ProductSaveResponse = z.infer<typeof productSaveResponseSchema>;

// ---------------------------------------------------------------- the other calls


/** The blur check of the model number: does another live product (or variant) hold this SKU? */
export const productSkuCheckQuerySchema = z.object({
  sku: safeString().trim().max(SKU_MAX, MESSAGES.maxLength(SKU_MAX)),
  /** The product being edited: its own SKU is not a clash. */
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, MESSAGES.invalidId)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, MESSAGES.invalidId))
    .optional(),
});
export const productSkuCheckResponseSchema = z.object({ exists: z.boolean(), message: z.string().optional() });

/** Related product search: from 3 characters, top-level live products by name or model number. */
export const productSearchQuerySchema = z.object({
  term: safeString()
    .trim()
    .min(PRODUCT_SEARCH_MIN_LENGTH, MESSAGES.minLength(PRODUCT_SEARCH_MIN_LENGTH))
    .max(PRODUCT_NAME_MAX, MESSAGES.maxLength(PRODUCT_NAME_MAX)),
});
export const productSearchRowSchema = z.object({ id: z.number().int(), name: z.string(), modelNumber: z.string(), label: z.string() });
export type ProductSearchRow = z.infer<typeof productSearchRowSchema>;

/** An attribute of a set as the product form uses it: its options, and whether it makes variants. */
export const productFormAttributeSchema = z.object({
  id: z.number().int(),
  attributeCode: z.string(),
  attributeName: z.string(),
  inputType: z.string(),
  isRequired: z.boolean(),
  isConfigurable: z.boolean(),
  groupName: z.string().nullable(),
  options: z.array(z.object({ id: z.number().int(), value: z.string(), valueImage: z.string() })),
});
export type ProductFormAttribute = z.infer<typeof productFormAttributeSchema>;

/** A name-and-id lookup row (attribute sets with products, vendors). */
export const productLookupRowSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * The form's choices of other modules' records, served under the products permission (a user with
 * only `products` must be able to fill the form): every live row with its switch, so the form offers
 * the active ones plus the product's own choice should it have been switched off since.
 */
export const PRODUCT_FORM_LOOKUPS = ['attribute-sets', 'size-types', 'diamond-shapes'] as const;
export type ProductFormLookup = (typeof PRODUCT_FORM_LOOKUPS)[number];
export const productFormLookupParamsSchema = z.object({ lookup: z.enum(PRODUCT_FORM_LOOKUPS) });
export const productFormLookupRowSchema = productLookupRowSchema.extend({ status: z.boolean() });
export type ProductFormLookupRow = z.infer<typeof productFormLookupRowSchema>;

/** The vendor choices of the form and the filter: the options of the vendor attribute, and the default (the shop's own name). */
export const productVendorsResponseSchema = z.object({ defaultVendor: z.string(), items: z.array(productLookupRowSchema) });

/** Which attributes the product form offers: every live attribute with its options, and its group in the chosen set. */
export const productFormAttributesQuerySchema = z.object({
  attributeSetId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, MESSAGES.invalidId)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, MESSAGES.invalidId))
    .optional(),
});
