import { z } from 'zod';
import { recordId, recordOf, safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { isHttpUrl } from '../navigation-menu/navigation-menu.schema.ts';
import { acrossFields, entriesOf, optionalText, requiredNumber, requiredText } from '../../rules.ts';

/** Limits of document 3 §5 and §9. */
export const SECTION_NAME_MAX = 255;
export const BEST_SELLER_SKUS_MAX = 20;
/** Not in the spec: caps so one field cannot fill the request on its own. */
export const SECTION_SUB_TITLE_MAX = 255;
export const SECTION_CONTENT_MAX = 200_000;
export const SKU_MAX = 255;

/** The templates of document 3 §3: id and name; the label is what staff read. */
export const SECTION_TEMPLATES = [
  { id: 1, name: 'three_column', label: 'Three Column' },
  { id: 2, name: 'slider', label: 'Slider' },
  { id: 3, name: 'two_column', label: 'Two Column' },
  { id: 4, name: 'custom_html', label: 'Custom HTML' },
  { id: 5, name: 'best_seller', label: 'Best Seller' },
  { id: 6, name: 'one_column', label: 'One Column' },
] as const;
export type SectionTemplate = (typeof SECTION_TEMPLATES)[number];
export type TemplateId = SectionTemplate['id'];
export const TEMPLATE_IDS = SECTION_TEMPLATES.map((template) => template.id) as [TemplateId, ...TemplateId[]];
export const TEMPLATE = { threeColumn: 1, slider: 2, twoColumn: 3, customHtml: 4, bestSeller: 5, oneColumn: 6 } as const satisfies Record<string, TemplateId>;

export const templateOf = (id: number): SectionTemplate | undefined => SECTION_TEMPLATES.find((template) => template.id === id);

/**
 * How many active options a template holds (document 3 §2.17): two-column 2, one-column 1; the
 * others any number. Add Option shows only while there is room, and the server refuses beyond.
 */
const ACTIVE_OPTION_LIMITS: Partial<Record<TemplateId, number>> = { [TEMPLATE.twoColumn]: 2, [TEMPLATE.oneColumn]: 1 };
export const activeOptionLimitOf = (templateId: number): number | null => ACTIVE_OPTION_LIMITS[templateId as TemplateId] ?? null;
export const canAddOption = (templateId: number, activeOptions: number) => {
  const limit = activeOptionLimitOf(templateId);
  return limit === null || activeOptions < limit;
};
/** Custom HTML sections have no options (document 3 §2.17). */
export const hasOptions = (templateId: number) => templateId !== TEMPLATE.customHtml;

/** The best-seller template's categories, in the spec's order (document 3 §2.17). */
export const BEST_SELLER_CATEGORY_NAMES = ['Rings', 'Bracelets', 'Pendants', 'Necklaces', 'Earrings', 'Studs'] as const;

/** One category's best sellers: its child SKUs in display order, trimmed. The server answers unknown and repeated ones. */
export const bestSellerEntrySchema = z.object({
  categoryId: recordId(MESSAGES.required),
  skus: z.array(requiredText(SKU_MAX)).max(BEST_SELLER_SKUS_MAX, MESSAGES.tooManyItems(BEST_SELLER_SKUS_MAX)),
});
export type BestSellerEntry = z.infer<typeof bestSellerEntrySchema>;

/**
 * A homepage widget section (document 3 §2.17, §3, §5). `content` is the custom HTML template's
 * rich text (stored sanitised); `bestSellers` the best-seller template's categories with their SKUs.
 * Each is kept only for its own template.
 */
export const sectionInputSchema = acrossFields(
  z.object({
    sectionName: requiredText(SECTION_NAME_MAX),
    subTitle: optionalText(SECTION_SUB_TITLE_MAX),
    /** Empty sends null. */
    sortOrder: requiredNumber({ min: 1, int: true, label: 'Sort Order' }).nullable().default(null),
    templateId: z.literal(TEMPLATE_IDS, { error: MESSAGES.required }),
    status: z.boolean().default(true),
    content: optionalText(SECTION_CONTENT_MAX),
    bestSellers: z.array(bestSellerEntrySchema).max(BEST_SELLER_CATEGORY_NAMES.length, MESSAGES.tooManyItems(BEST_SELLER_CATEGORY_NAMES.length)).default([]),
  }),
  (section, report) => {
    const seen = new Set<unknown>();
    entriesOf(section.bestSellers).forEach(({ categoryId }, index) => {
      if (seen.has(categoryId)) report(['bestSellers', index, 'categoryId'], MESSAGES.bestSellerCategoryTwice);
      seen.add(categoryId);
    });
  },
);
export type SectionInput = z.input<typeof sectionInputSchema>;

export const sectionRecordSchema = recordOf(sectionInputSchema, {
  /** The template's name (three_column...). */
  templateName: z.string(),
  /** Live options that are active: Add Option shows while the template has room. */
  activeOptions: z.number().int(),
});
export type SectionRecord = z.infer<typeof sectionRecordSchema>;

/** /widgets/section (title Widgets Section): Section Name and Created Date sortable, 10 a page. */
export const sectionResource = defineResource({
  name: 'widget-sections',
  entity: 'widget_section',
  label: 'Section',
  permission: 'section',
  createInput: sectionInputSchema,
  record: sectionRecordSchema,
  listRow: sectionRecordSchema.omit({ content: true, bestSellers: true, activeOptions: true }),
  searchable: ['sectionName', 'subTitle'],
  sortable: ['sectionName', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  toasts: { added: MESSAGES.sectionAdded, updated: MESSAGES.sectionUpdated, deleted: MESSAGES.sectionDeleted },
});

/** GET /api/widget-sections/best-seller-categories: the categories the best-seller template offers, in the spec's order. */
export const bestSellerCategoriesSchema = z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/**
 * GET /api/widget-sections/:id/best-sellers: each category's best sellers as the storefront shows them:
 * `price` what it sells at now (after the catalog price rule running, as the product documents carry
 * it), `regularPrice` the catalogue's, `priceRule` the rule that priced it (null when none: then both
 * prices are the same).
 */
export const bestSellerPreviewSchema = z.object({
  items: z.array(
    z.object({
      categoryId: z.number().int(),
      categoryName: z.string(),
      products: z.array(
        z.object({
          sku: z.string(),
          name: z.string(),
          image: z.string(),
          price: z.number(),
          regularPrice: z.number(),
          priceRule: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        }),
      ),
    }),
  ),
});
export type BestSellerPreview = z.infer<typeof bestSellerPreviewSchema>['items'];

/** Preview names are cut at 20 characters plus an ellipsis (document 3 §2.17, §9). */
export const PREVIEW_NAME_MAX = 20;
export const previewName = (name: string) => (name.length > PREVIEW_NAME_MAX ? `${name.slice(0, PREVIEW_NAME_MAX)}...` : name);

// ---- Section options ---------------------------------------------------------------------------

export const OPTION_TITLE_MAX = 255;
/** Not in the spec: caps for the description and the links. */
export const OPTION_DESCRIPTION_MAX = 1000;
export const OPTION_LINK_MAX = 500;

export const LINK_TYPES = ['category', 'page', 'custom_link', 'external_link', 'blank'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  category: 'Category',
  page: 'Page',
  custom_link: 'Custom Link',
  external_link: 'External link',
  blank: 'Blank',
};

/** A custom link is a path of the shop's own site: no scheme, no `www.`, no `//` (document 3 §5). */
export const hasDomain = (link: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/|\\\\|www\.)/i.test(link.trim());

const optionalId = recordId().nullable().default(null);

/**
 * One option (item) of a section (document 3 §2.17, §5). The link type decides which target counts:
 * a category, a content page, `link` (a custom link without a domain, or an external http(s) link),
 * or nothing; the others are cleared on save. Images are uploads for 'section-option-image'.
 */
export const sectionOptionInputSchema = acrossFields(
  z.object({
    sectionId: recordId(MESSAGES.required),
    title: requiredText(OPTION_TITLE_MAX),
    description: optionalText(OPTION_DESCRIPTION_MAX),
    linkType: z.enum(LINK_TYPES, { error: MESSAGES.required }),
    categoryId: optionalId,
    pageId: optionalId,
    link: safeString().trim().max(OPTION_LINK_MAX, MESSAGES.maxLength(OPTION_LINK_MAX)).default(''),
    desktopImage: safeString({ error: MESSAGES.desktopImageRequired }).trim().max(500).min(1, MESSAGES.desktopImageRequired),
    mobileImage: safeString().trim().max(500).default(''),
    status: z.boolean().default(true),
  }),
  (option, report) => {
    if (option.linkType === 'category' && option.categoryId == null) report(['categoryId'], MESSAGES.required);
    if (option.linkType === 'page' && option.pageId == null) report(['pageId'], MESSAGES.required);
    if ((option.linkType === 'custom_link' || option.linkType === 'external_link') && typeof option.link === 'string') {
      const link = option.link.trim();
      if (!link) report(['link'], MESSAGES.required);
      else if (option.linkType === 'custom_link' && hasDomain(link)) report(['link'], MESSAGES.customLinkHasDomain);
      else if (option.linkType === 'external_link' && !isHttpUrl(link)) report(['link'], MESSAGES.invalidUrl);
    }
  },
);
export type SectionOptionInput = z.input<typeof sectionOptionInputSchema>;

export const sectionOptionRecordSchema = recordOf(sectionOptionInputSchema, {
  /** What the option points at, as the options table shows it: the category's name, the page's title or the link; '' for blank. */
  value: z.string(),
});
export type SectionOptionRecord = z.infer<typeof sectionOptionRecordSchema>;

/** A section's options table: Title and Created Date sortable, searched by title, always filtered by section. */
export const sectionOptionResource = defineResource({
  name: 'section-options',
  entity: 'widget_section_option',
  label: 'Section Option',
  permission: 'section',
  createInput: sectionOptionInputSchema,
  record: sectionOptionRecordSchema,
  searchable: ['title'],
  sortable: ['title', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: { sectionId: { kind: 'ids', label: 'Section', options: { resource: { name: 'widget-sections' }, labelField: 'sectionName' } } },
  toasts: { added: MESSAGES.sectionOptionAdded, updated: MESSAGES.sectionOptionUpdated },
});

/** The QR code of an option (document 3 §9): 300×300 PNG, the highest error correction (H). */
export const QR_CODE_SIZE = 300;

/**
 * The address an option's QR code holds (document 3 §9): category and page links are the shop's site
 * address plus the category's or page's slug; custom and external links are used as they are. A
 * blank option links nowhere: its code holds the site's address (not in the spec; a code must hold something).
 */
export function qrLinkOf(option: { linkType: LinkType; link: string }, target: { siteUrl: string; slug: string | null }): string {
  const site = target.siteUrl.replace(/\/+$/, '');
  if (option.linkType === 'category' || option.linkType === 'page') return target.slug ? `${site}/${target.slug}` : site;
  if (option.linkType === 'blank') return site;
  return option.link;
}

/** The downloaded file's name: the option's title, without characters file systems refuse. */
export const qrFileNameOf = (title: string) =>
  `${[...title]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .trim() || 'qr-code'}.png`;

/** GET /api/section-options/page-options: the live content pages a `page` option can point at. */
export const optionPageOptionsSchema = z.object({ items: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.boolean() })) });
export type OptionPageOption = z.infer<typeof optionPageOptionsSchema>['items'][number];

/** The spec's route for a section option's edit screen: the option's id, an ampersand, then the section's id (document 3 §2.1). */
export const sectionOptionEditPath = (optionId: number, sectionId: number) => `/widgets/section-option/edit/${optionId}&${sectionId}`;
/** `{optionId}&{sectionId}` as the edit route carries it, or null when it is not that. */
export function parseOptionRouteId(value: string | undefined): { optionId: number; sectionId: number } | null {
  const match = /^([1-9][0-9]{0,9})&([1-9][0-9]{0,9})$/.exec(value ?? '');
  return match ? { optionId: Number(match[1]), sectionId: Number(match[2]) } : null;
}
