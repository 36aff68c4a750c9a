import { z } from 'zod';
import { recordId, recordOf, versionNumber } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import type { UncheckedFields } from '../../rules.ts';
import { ID_LIST_MAX, META_DESCRIPTION_MAX, META_TITLE_MAX, acrossFields, entriesOf, optionalMetaText, optionalStorefrontPath, optionalText, requiredNumber, requiredText, slugText } from '../../rules.ts';
import { mediaUrl } from '../media/media.schema.ts';
import { isHttpUrl } from '../navigation-menu/navigation-menu.schema.ts';

/** The root of the category tree (document 1 §3, §9): every top-level category hangs under it. */
export const ROOT_CATEGORY_ID = 1;

/** Limits of document 1 §5 and §9. */
export const CATEGORY_NAME_MAX = 255;
export const CATEGORY_SLUG_MAX = 50;
export const CATEGORY_META_KEYWORD_MAX = 255;
export const EXPLORE_MORE_LINK_MAX = 255;
/** Not in the spec: caps for the other texts, so no single field can fill the request on its own. */
export const CATEGORY_SHORT_TEXT_MAX = 255;
export const CATEGORY_LONG_TEXT_MAX = 10_000;
export const CATEGORY_RICH_TEXT_MAX = 200_000;

/** "Capitalised on save": the first letter upper-cased, the rest kept as typed (so 'IGI' stays 'IGI'). */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const capitalisedText = (max: number) => requiredText(max).transform(capitalise);
/** A count typed in a number box; blank means not set. */
const optionalCount = () => requiredNumber({ min: 0, int: true }).nullable().default(null);

export const categoryFaqSchema = z.object({
  question: requiredText(),
  answer: requiredText(),
});
export type CategoryFaq = z.infer<typeof categoryFaqSchema>;

export const categoryExploreMoreSchema = z.object({
  title: requiredText(CATEGORY_SHORT_TEXT_MAX),
  link: requiredText(EXPLORE_MORE_LINK_MAX).pipe(z.string().refine(isHttpUrl, MESSAGES.invalidUrl)),
});
export type CategoryExploreMore = z.infer<typeof categoryExploreMoreSchema>;

/** A filter option: a product attribute shoppers can filter the category by. The list order is the display order. */
export const categoryFilterOptionSchema = z.object({
  attributeId: recordId(MESSAGES.required),
});

/** In the filter options an attribute can be chosen only once (document 1 §5). */
function refuseRepeatedAttributes(input: UncheckedFields<{ filterOptions: unknown }>, report: (path: (string | number)[], message: string) => void) {
  const seen = new Set<number>();
  entriesOf(input.filterOptions).forEach(({ attributeId }, index) => {
    if (typeof attributeId !== 'number') return;
    if (seen.has(attributeId)) report(['filterOptions', index, 'attributeId'], MESSAGES.attributeChosenTwice);
    seen.add(attributeId);
  });
}

/**
 * A category with everything that belongs to it (filter options, FAQs, Explore More links), sent
 * and saved as one. The form's sections: main fields, Media, Search Engine Optimization, Offer
 * Banner, Filter Options, FAQs, Explore More, Footer Content.
 */
export const categoryInputSchema = acrossFields(
  z.object({
    // Main fields
    name: capitalisedText(CATEGORY_NAME_MAX),
    title: capitalisedText(CATEGORY_SHORT_TEXT_MAX),
    slug: slugText(CATEGORY_SLUG_MAX),
    parentId: recordId().default(ROOT_CATEGORY_ID),
    abbreviation: optionalText(CATEGORY_SHORT_TEXT_MAX),
    description: optionalText(CATEGORY_LONG_TEXT_MAX),
    orderNo: requiredNumber({ min: 0, int: true }).default(0),
    /** The product attribute that holds this category's sizes; 0 for none. */
    sizeAttributeId: requiredNumber({ min: 0, int: true }).default(0),
    isDiamondCategory: z.boolean().default(false),
    isGemstoneCategory: z.boolean().default(false),
    isMtoCategory: z.boolean().default(false),
    isGiftCard: z.boolean().default(false),
    status: z.boolean().default(true),
    // Media: upload urls (png, jpeg, jpg, webp). `image` is the svg icon, whose field the spec hides.
    image: mediaUrl(),
    desktopBannerImage: mediaUrl(),
    mobileBannerImage: mediaUrl(),
    // Search Engine Optimization
    metaTitle: optionalMetaText(META_TITLE_MAX),
    metaKeyword: optionalMetaText(CATEGORY_META_KEYWORD_MAX),
    metaDescription: optionalMetaText(META_DESCRIPTION_MAX),
    // Offer Banner: two offers, each an image, a link slug and the product position it shows after
    offerImage1: mediaUrl(),
    offerBannerSlug1: optionalStorefrontPath(CATEGORY_SHORT_TEXT_MAX),
    afterProducts1: optionalCount(),
    offerImage2: mediaUrl(),
    offerBannerSlug2: optionalStorefrontPath(CATEGORY_SHORT_TEXT_MAX),
    afterProducts2: optionalCount(),
    filterOptions: z.array(categoryFilterOptionSchema).max(ID_LIST_MAX, MESSAGES.tooManyItems(ID_LIST_MAX)).default([]),
    faqs: z.array(categoryFaqSchema).default([]),
    exploreMore: z.array(categoryExploreMoreSchema).default([]),
    // Footer Content; the description is rich text, stored sanitised.
    footerTitle: optionalText(CATEGORY_SHORT_TEXT_MAX),
    footerDescription: optionalText(CATEGORY_RICH_TEXT_MAX),
  }),
  refuseRepeatedAttributes,
);
export type CategoryInput = z.input<typeof categoryInputSchema>;
export type CategoryValues = z.output<typeof categoryInputSchema>;

/** Image fields and the upload purpose each accepts. */
export const CATEGORY_IMAGE_FIELDS = {
  image: 'category-icon',
  desktopBannerImage: 'category-image',
  mobileBannerImage: 'category-image',
  offerImage1: 'category-image',
  offerImage2: 'category-image',
} as const;

export const categoryFilterOptionRecordSchema = z.object({
  attributeId: z.number().int(),
  sortOrder: z.number().int(),
  attributeName: z.string(),
});

export const categoryRecordSchema = recordOf(categoryInputSchema, {
  /** Null only for the root category. */
  parentId: z.number().int().nullable(),
  /** Null when the parent is the root: the list shows a dash. */
  parentName: z.string().nullable(),
  filterOptions: z.array(categoryFilterOptionRecordSchema),
});
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;

export const categoryResource = defineResource({
  name: 'categories',
  entity: 'category',
  label: 'Category',
  permission: 'categories',
  createInput: categoryInputSchema,
  record: categoryRecordSchema,
  searchable: ['name', 'slug'],
  sortable: ['name', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  unique: [{ field: 'slug', label: 'Slug' }],
  // Issue 23 §1: each category meets the single write's rules (no subcategories, not in the menu; never the root).
  bulkActions: ['status', 'delete'],
});

/**
 * One node of the category tree lookup (GET /api/categories/tree): every live category, the root
 * included (parentId null), for tree choosers, the navigation menu and the sitemap.
 */
export const categoryTreeNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  status: z.boolean(),
  isDiamondCategory: z.boolean(),
  updatedAt: z.string(),
});
export type CategoryTreeNode = z.infer<typeof categoryTreeNodeSchema>;

/** Reordered filter options of a saved category, saved at once (document 1 §4): the attribute ids in their new order. */
export const categoryFilterOrderSchema = z.object({
  version: versionNumber(),
  attributeIds: z.array(recordId()).max(ID_LIST_MAX, MESSAGES.tooManyItems(ID_LIST_MAX)),
});
export type CategoryFilterOrderInput = z.infer<typeof categoryFilterOrderSchema>;
