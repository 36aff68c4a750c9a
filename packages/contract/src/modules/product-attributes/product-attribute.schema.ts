import { z } from 'zod';
import { answeredField, recordId, recordOf } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import type { MediaPurpose } from '../media/media.schema.ts';
import { mediaUrl } from '../media/media.schema.ts';
import { defineResource } from '../../resource.ts';
import type { UncheckedFields } from '../../rules.ts';
import { acrossFields, entriesOf, lettersDigitsSpaces, lettersOnly, optionalText, requiredNumber, requiredText } from '../../rules.ts';

export const ATTRIBUTE_INPUT_TYPES = ['dropdown', 'text', 'radio', 'slider', 'range_slider'] as const;
export type AttributeInputType = (typeof ATTRIBUTE_INPUT_TYPES)[number];
export const ATTRIBUTE_INPUT_TYPE_LABELS: Record<AttributeInputType, string> = {
  dropdown: 'Dropdown',
  text: 'Text',
  radio: 'Radio',
  slider: 'Slider',
  range_slider: 'Range Slider',
};
/** Only radio options carry an image (a swatch); other types keep none. */
export const hasOptionImages = (inputType: AttributeInputType) => inputType === 'radio';
/** Option images are uploads made for this purpose. */
export const OPTION_IMAGE_PURPOSE = 'attribute-option-image' satisfies MediaPurpose;
/** A text attribute is typed per product; it has no options. */
export const hasOptions = (inputType: AttributeInputType) => inputType !== 'text';

/** The attribute whose options name the metal qualities (document 1 §3). */
export const METAL_QUALITY_ATTRIBUTE_CODE = 'Metal_quality';
/** The attribute whose options are the vendors; a product's vendor defaults to the shop's own name. */
export const VENDOR_ATTRIBUTE_CODE = 'vendor';
/** Facet itself reads these by code; they are seeded on every new database and cannot be deleted. */
export const SYSTEM_ATTRIBUTE_CODES: readonly string[] = [METAL_QUALITY_ATTRIBUTE_CODE, VENDOR_ATTRIBUTE_CODE];

/**
 * A configurable attribute whose options are sizes (`ringSize`, `braceletSize`, `LengthChain`): a
 * variant made by one is sold in that size, which a sale's line shows as its Size.
 */
export const isSizeAttributeCode = (code: string) => /size|length/i.test(code);

/**
 * Attribute codes whose options make product variants (document 2 §9); every other attribute is
 * standalone. `ringSize` is Facet's addition: the spec's list configures bracelet sizes but a
 * jeweller sells each ring in its sizes too (the reference attributes seed it for that).
 */
export const CONFIGURABLE_ATTRIBUTE_CODES: readonly string[] = [
  'ringSize',
  'metal',
  'braceletSize',
  'CoinMetal',
  'bridalshape',
  'QualityStud',
  'CaratStud',
  'LengthChain',
  'LengthBracelet',
  'Denominations',
  'metalButterflyCollection',
  'metalBechmark',
  'FineJewelryCarat',
  'islandHookedMMSize',
  'islandhookedmetal',
  'BENCHMARK',
  'BenchmarkSize',
  'FINEJEWELRY',
  'Bracelets',
  'islandhookedwirecolor',
  'islandhookedwireandhookcolor',
];

/** Options one attribute may have: generous for any shop, and well within one insert's query parameters. */
export const ATTRIBUTE_OPTIONS_MAX = 1000;

const OPTION_IMAGE = /\.(webp|png|jpe?g|svg)$/i;

export const attributeOptionInputSchema = z.object({
  /** Present for an option that exists; absent for a new one. */
  id: recordId().optional(),
  value: requiredText(255),
  valueImage: mediaUrl().refine((url) => url === '' || OPTION_IMAGE.test(url), MESSAGES.fileFormatNotSupported),
  sortOrder: requiredNumber({ min: 0, int: true }).default(0),
});
export type AttributeOptionInput = z.input<typeof attributeOptionInputSchema>;

const attributeFields = {
  attributeName: lettersDigitsSpaces(255),
  description: optionalText(1000),
  inputType: z.enum(ATTRIBUTE_INPUT_TYPES, { error: MESSAGES.required }),
  isRequired: z.boolean().default(false),
  useInSearch: z.boolean().default(false),
  showInStorefront: z.boolean().default(false),
  status: z.boolean(),
  options: z.array(attributeOptionInputSchema).max(ATTRIBUTE_OPTIONS_MAX, MESSAGES.tooManyItems(ATTRIBUTE_OPTIONS_MAX)).default([]),
};

/** Rules over the option list: none for a text attribute, and no value twice (case-insensitively). */
function checkOptions(value: UncheckedFields<{ inputType: unknown; options: unknown }>, report: (path: (string | number)[], message: string) => void) {
  const options = entriesOf(value.options);
  const inputType = ATTRIBUTE_INPUT_TYPES.find((type) => type === value.inputType);
  if (inputType && !hasOptions(inputType) && options.length) report(['options'], MESSAGES.textAttributeHasNoOptions);
  const seen = new Set<string>();
  options.forEach((option, index) => {
    // An empty value has its own 'required' issue; two of them are not duplicates.
    if (typeof option.value !== 'string' || option.value === '') return;
    const key = option.value.toLowerCase();
    if (seen.has(key)) report(['options', index, 'value'], MESSAGES.duplicate('Option'));
    seen.add(key);
  });
}

/** Add: the code is letters only and becomes fixed. */
export const productAttributeCreateSchema = acrossFields(z.object({ ...attributeFields, attributeCode: lettersOnly(50) }), checkOptions);

/**
 * Edit: the code is read-only and must be the one the attribute has; the server refuses any other.
 * (Seeded codes such as Metal_quality predate the letters-only rule, so it is not re-applied here.)
 */
export const productAttributeUpdateSchema = acrossFields(z.object({ ...attributeFields, attributeCode: requiredText(50) }), checkOptions);

export type ProductAttributeCreateInput = z.input<typeof productAttributeCreateSchema>;
export type ProductAttributeUpdateInput = z.input<typeof productAttributeUpdateSchema>;

export const attributeOptionRecordSchema = answeredField(attributeOptionInputSchema).extend({
  id: z.number().int(),
  /** Something (a product, a metal quality) uses this option: it cannot be removed. */
  inUse: z.boolean(),
});
export type AttributeOptionRecord = z.infer<typeof attributeOptionRecordSchema>;

export const productAttributeRecordSchema = recordOf(productAttributeUpdateSchema, {
  options: z.array(attributeOptionRecordSchema),
  /** The attribute or one of its options is used, or Facet itself needs it: it cannot be deleted. */
  inUse: z.boolean(),
});
export type ProductAttributeRecord = z.infer<typeof productAttributeRecordSchema>;

/**
 * A product attribute with its options: an aggregate saved whole in one request and one transaction
 * (options are added, changed and removed together with the attribute).
 */
export const productAttributeResource = defineResource({
  name: 'product-attributes',
  entity: 'product_attribute',
  label: 'Attribute',
  permission: 'attribute',
  createInput: productAttributeCreateSchema,
  updateInput: productAttributeUpdateSchema,
  record: productAttributeRecordSchema,
  searchable: ['attributeName', 'attributeCode'],
  unique: [{ field: 'attributeCode', label: 'Attribute code' }],
});
