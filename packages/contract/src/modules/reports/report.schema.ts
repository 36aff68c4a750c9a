import { z } from 'zod';
import { recordId, recordMetaSchema } from '../../api.ts';
import { choiceFilter, dateRangeFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { optionalText, requiredText } from '../../rules.ts';

/**
 * Reports (document 3 §2.15, §3 Search term, Link statistic, Virtual ring request; issue 27 items
 * 4-6): what shoppers do on the storefront, sent through the storefront API (scope
 * `statistics:write` for searches, clicks and product views, `ring-requests:write` for virtual ring
 * builder requests) and read by staff with the permission `report`.
 */

export const KEYWORD_MAX = 255;
export const LINK_LABEL_MAX = 255;
export const LINK_URL_MAX = 2048;
/** The most results a search can report: far more than any catalogue holds. */
export const SEARCH_RESULTS_MAX = 1_000_000_000;

/** A shopper's search (storefront): the keyword as typed and how many results it found. */
export const storefrontSearchSchema = z.object({
  keyword: requiredText(KEYWORD_MAX),
  results: z.number({ error: MESSAGES.required }).int().min(0).max(SEARCH_RESULTS_MAX),
});
export type StorefrontSearchInput = z.input<typeof storefrontSearchSchema>;

/** The three tables of Link statistics (document 3 §3 Link statistic: type products, category, pages). */
export const LINK_TYPES = ['products', 'category', 'pages'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = { products: 'Products', category: 'Category', pages: 'Pages' };

/**
 * A link a shopper followed on the storefront: its table, its headline and its address on the shop
 * (a path such as `/rings/solitaire`, opened on SITE_URL by staff; a whole address is kept as sent).
 */
export const storefrontLinkClickSchema = z.object({
  type: z.enum(LINK_TYPES, { error: MESSAGES.filterChoice('Type', LINK_TYPES.join(', ')) }),
  label: requiredText(LINK_LABEL_MAX),
  url: requiredText(LINK_URL_MAX).refine((value) => value.startsWith('/') || /^https?:\/\//i.test(value), 'The link must be a path on the shop (starting with /) or an http(s) address.'),
});
export type StorefrontLinkClickInput = z.input<typeof storefrontLinkClickSchema>;

/** A shopper opened a product's page: feeds Most Viewed Products. */
export const storefrontProductViewSchema = z.object({
  productId: recordId(MESSAGES.chooseFromList('product')),
});

export const RING_TEXT_MAX = 255;
export const RING_MESSAGE_MAX = 2000;

/** A virtual ring builder request as the storefront sends it (document 3 §3 Virtual ring request). */
export const storefrontRingRequestSchema = z.object({
  image: optionalText(LINK_URL_MAX),
  productName: requiredText(RING_TEXT_MAX),
  sku: requiredText(RING_TEXT_MAX),
  metal: optionalText(RING_TEXT_MAX),
  style: optionalText(RING_TEXT_MAX),
  shape: optionalText(RING_TEXT_MAX),
  carat: optionalText(20),
  firstName: requiredText(100),
  lastName: optionalText(100),
  email: requiredText(255).pipe(z.email(MESSAGES.invalidEmail)),
  message: optionalText(RING_MESSAGE_MAX),
});
export type StorefrontRingRequestInput = z.input<typeof storefrontRingRequestSchema>;

/** A search term (document 3 §3): keyword, number of uses, number of results (the latest search's), last search. */
export const searchTermRecordSchema = recordMetaSchema.extend({
  keyword: z.string(),
  uses: z.number().int(),
  results: z.number().int(),
  lastSearchedAt: z.string(),
});
export type SearchTermRecord = z.infer<typeof searchTermRecordSchema>;

export const searchTermResource = defineResource({
  name: 'search-terms',
  entity: 'search_term',
  label: 'Search Term',
  permission: 'report',
  createInput: z.object({}),
  record: searchTermRecordSchema,
  searchable: ['keyword'],
  sortable: ['lastSearchedAt', 'uses', 'results', 'keyword'],
  defaultSort: { field: 'lastSearchedAt', order: 'desc' },
  filters: { lastSearchedAt: dateRangeFilter('Last Search') },
  status: null,
  operations: { create: false, update: false, delete: false },
  export: {
    fileName: 'search-terms',
    columns: [
      { field: 'keyword', header: 'Keyword', width: 40 },
      { field: 'uses', header: 'Uses', type: 'number', width: 12 },
      { field: 'results', header: 'Results', type: 'number', width: 12 },
      { field: 'lastSearchedAt', header: 'Last Search', type: 'date', width: 22 },
    ],
  },
});

/** A link statistic (document 3 §3): its table, headline, address on the shop and clicks. */
export const linkStatisticRecordSchema = recordMetaSchema.extend({
  type: z.enum(LINK_TYPES),
  label: z.string(),
  url: z.string(),
  clicks: z.number().int(),
});
export type LinkStatisticRecord = z.infer<typeof linkStatisticRecordSchema>;

export const linkStatisticResource = defineResource({
  name: 'link-statistics',
  entity: 'link_statistic',
  label: 'Link Statistic',
  permission: 'report',
  createInput: z.object({}),
  record: linkStatisticRecordSchema,
  sortable: ['clicks'],
  defaultSort: { field: 'clicks', order: 'desc' },
  filters: { type: choiceFilter('Type', LINK_TYPE_LABELS) },
  status: null,
  operations: { create: false, update: false, delete: false },
});

export const ringRequestRecordSchema = recordMetaSchema.extend({
  image: z.string(),
  productName: z.string(),
  sku: z.string(),
  metal: z.string(),
  style: z.string(),
  shape: z.string(),
  carat: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The customer's name: first and last. */
  name: z.string(),
  email: z.string(),
  message: z.string(),
});
export type RingRequestRecord = z.infer<typeof ringRequestRecordSchema>;

export const ringRequestResource = defineResource({
  name: 'ring-requests',
  entity: 'ring_request',
  label: 'Virtual Ring Request',
  permission: 'report',
  createInput: z.object({}),
  record: ringRequestRecordSchema,
  searchable: ['productName', 'sku', 'name', 'email'],
  sortable: ['createdAt'],
  filters: { createdAt: dateRangeFilter('Date') },
  status: null,
  operations: { create: false, update: false, delete: false },
});

export const REPORT_STOREFRONT_API = {
  searches: '/api/storefront/v1/searches',
  linkClicks: '/api/storefront/v1/link-clicks',
  productViews: '/api/storefront/v1/product-views',
  ringRequests: '/api/storefront/v1/ring-requests',
} as const;

/** What a storefront statistic POST answers: accepted, counted once its event is delivered. */
export const acceptedSchema = z.object({ accepted: z.literal(true) });
