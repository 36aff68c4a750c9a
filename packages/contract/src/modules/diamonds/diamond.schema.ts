import { z } from 'zod';
import { listResponseSchema, safeString } from '../../api.ts';
import type { BulkList } from '../../bulk.ts';
import { booleanFilter, choiceFilter, defineListQuery, idsFilter, rangeFilter, textFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { PRICE_MAX, refuseEmpty } from '../../rules.ts';
import { CARAT_DECIMALS, CARAT_MAX } from '../diamond-markups/diamond-markup.schema.ts';
import { diamondShapeResource } from '../diamond-shapes/diamond-shape.schema.ts';

/**
 * Diamonds and gemstones (document 2 §2 Diamonds and gemstones, §3 Diamond, §4, §5 diamond filters,
 * §7 Diamonds, §8, §9; document 3 §2.1 /system/nivoda-logs and /system/service, §3 service log).
 * Stones come from a feed (Nivoda), are priced by the shop's carat-band markups, and are never
 * deleted: a stone the feed stops offering becomes unavailable, as orders refer to stones.
 */

/** The spec's page size for the diamonds list (document 2 §9). */
export const DIAMOND_PAGE_SIZE = 20;
/** The price filter's From when the panel leaves it empty (document 2 §5). */
export const DIAMOND_PRICE_FROM_DEFAULT = 1;
/** The diamond type the panel starts with (document 2 §9: default earth). */
export const DEFAULT_DIAMOND_TYPE = 'earth';

export const DIAMOND_MESSAGES = {
  /** Spec texts (document 2 §4, §8). */
  markAsSoldTitle: 'Mark as Sold?',
  revertSoldTitle: 'Revert Sold?',
  sold: 'Diamond Sold Successfully!',
  imported: 'Diamond Imported Successfully!',
  /** Not worded by the spec. */
  notFoundByCertificate: (certificate: string) => `The feed has no stone with certificate ${certificate}.`,
  feedNotConfigured: 'The diamond feed is not configured: set the Nivoda username, password and endpoint first.',
  serviceAlreadyRunning: 'This import service is already running.',
  exchangeRateInvalid: 'Enter the rate as a positive number with at most 6 decimals.',
  exchangeRateDateInvalid: 'Enter the date the rate is for.',
  repriceStarted: 'Repricing started.',
  exchangeRateSaved: 'Exchange rate saved. Repricing every stone.',
  exchangeRateUnchanged: 'Exchange rate saved. The rate is the same, so prices stay as they are.',
  incrementalMinutesRange: 'Changes are read every 5 to 1440 minutes (a day).',
  fullSyncHoursRange: 'A full sync runs every 1 to 168 hours (a week).',
  feedEndpointNotHttps: 'Use an https:// address; http:// is allowed only for this machine (localhost, 127.0.0.1, [::1]).',
  feedPasswordUnreadable: 'The saved Nivoda password cannot be read with this server\'s secret key (FACET_SECRET_KEY): enter the password again.',
  feedPasswordClearedOnMove: 'The stored password is cleared when the endpoint moves to another address: enter it again.',
} as const;

/** Colour grades the filter offers (GIA D to Z, grouped past M as the trade sells them). */
export const DIAMOND_COLORS = { D: 'D', E: 'E', F: 'F', G: 'G', H: 'H', I: 'I', J: 'J', K: 'K', L: 'L', M: 'M' } as const;
export const DIAMOND_CLARITIES = {
  FL: 'FL',
  IF: 'IF',
  VVS1: 'VVS1',
  VVS2: 'VVS2',
  VS1: 'VS1',
  VS2: 'VS2',
  SI1: 'SI1',
  SI2: 'SI2',
  SI3: 'SI3',
  I1: 'I1',
  I2: 'I2',
  I3: 'I3',
} as const;
/** Cut grades as stored (the feed's words normalised to these codes at ingest). */
export const DIAMOND_CUTS = { ID: 'Ideal', EX: 'Excellent', VG: 'Very Good', G: 'Good', F: 'Fair', P: 'Poor' } as const;
export type DiamondCut = keyof typeof DIAMOND_CUTS;

/** What a stone is: a diamond (earth or lab) or a gemstone; the list's `type` (document 2 §2: ?type=gemstone). */
export const STONE_TYPES = { diamond: 'Diamond', gemstone: 'Gemstone' } as const;
/** A stone's place in the shop: offered and for sale (priced or not), sold, or no longer offered by the feed. */
export const STONE_STATES = { available: 'Available', sold: 'Sold Out', unavailable: 'No longer offered' } as const;
export type StoneState = keyof typeof STONE_STATES;
/** Why a stone has no price (and is not for sale): no markup band holds it, or no exchange rate for its currency. */
export const UNPRICED_REASONS = { no_band: 'No markup band', no_rate: 'No exchange rate' } as const;
export type UnpricedReason = keyof typeof UNPRICED_REASONS;

export const CERTIFICATE_MAX = 50;
export const STONE_SKU_MAX = 100;

/**
 * The diamonds list's query (document 2 §2, §5, §7). `type=gemstone` lists gemstones, anything else
 * (or nothing) diamonds; the panel hides Type and Cut for gemstones (`DIAMOND_PANEL_FILTERS`).
 * Price From, when absent, is 1 (document 2 §5): unpriced stones (not for sale) show only with
 * `pricing=unpriced`. `state` absent lists stones on offer (available and sold); the Sold Diamond
 * screen asks for `state=sold`.
 */
export const diamondListQuery = defineListQuery({
  sortable: ['createdAt', 'price', 'carat'],
  defaultPageSize: DIAMOND_PAGE_SIZE,
  filters: {
    type: choiceFilter('Stone', STONE_TYPES),
    diamondType: booleanFilter('Type', { trueValue: 'lab', falseValue: 'earth', trueLabel: 'Lab', falseLabel: 'Earth' }),
    certificate: textFilter('Certificate', { maxLength: CERTIFICATE_MAX }),
    sku: textFilter('SKU', { maxLength: STONE_SKU_MAX }),
    price: rangeFilter('Price', { min: 0, max: PRICE_MAX, decimals: 2 }, { from: 'priceFrom', to: 'priceTo' }),
    shape: idsFilter('Shape', { resource: diamondShapeResource, labelField: 'name' }),
    color: choiceFilter('Color', DIAMOND_COLORS),
    clarity: choiceFilter('Clarity', DIAMOND_CLARITIES),
    cut: choiceFilter('Cut', DIAMOND_CUTS),
    // Not in the spec's panel; staff choose a stone by its weight first (the journey: 1–2 ct).
    carat: rangeFilter('Weight', { min: 0, max: CARAT_MAX, decimals: CARAT_DECIMALS }),
    state: choiceFilter('State', STONE_STATES),
    pricing: choiceFilter('Pricing', { priced: 'Priced', unpriced: 'Not for sale' }),
  },
});

/**
 * The stones list's bulk action (issue 23 §1): Export of everything its filters select. Staff change
 * a stone only one at a time (Mark as sold, Add to Inventory, each confirmed: document 2 §4); the
 * feed adds and removes stones, so the list offers no status and no delete.
 */
export const diamondBulkList = { name: 'diamonds', label: 'Diamond', permission: 'diamonds', status: null, bulkActions: ['export'] } as const satisfies BulkList;
export type DiamondListFilter = keyof typeof diamondListQuery.filters;

/**
 * The server's Type when the list's query has none (document 2 §9: diamond type default earth): a
 * list of diamonds on offer (no `type=gemstone`, no `state`) without `diamondType` lists earth mined
 * stones only; lab grown ones need `diamondType=lab`. Gemstones have no type, and a list asked for
 * by state (Sold Diamond, `state=sold`) lists both origins unless `diamondType` narrows it.
 */
export function withDefaultDiamondType<Q extends { type?: readonly string[]; diamondType?: boolean; state?: readonly string[] }>(query: Q): Q {
  const isGemstones = query.type?.length === 1 && query.type[0] === 'gemstone';
  if (isGemstones || query.diamondType !== undefined || query.state !== undefined) return query;
  return { ...query, diamondType: diamondListQuery.filters.diamondType.trueValue === DEFAULT_DIAMOND_TYPE };
}
/** Which filters the panel shows for each list (document 2 §2: Type and Cut hidden for gemstones). */
export const DIAMOND_PANEL_FILTERS: Record<keyof typeof STONE_TYPES, readonly DiamondListFilter[]> = {
  diamond: ['diamondType', 'certificate', 'sku', 'price', 'shape', 'color', 'clarity', 'cut', 'carat'],
  gemstone: ['certificate', 'sku', 'price', 'shape', 'color', 'clarity', 'carat'],
};

/** One row of the list: Image, SKU, Certificate, Vendor, Name, Price, Weight, Created Date (document 2 §2). */
export const diamondListRowSchema = z.object({
  id: z.number().int(),
  image: z.string().nullable(),
  sku: z.string(),
  certificate: z.string().nullable(),
  lab: z.string().nullable(),
  vendor: z.string().nullable(),
  name: z.string(),
  /** Pounds, whole; null when the stone is not for sale (`unpricedReason`). */
  price: z.number().nullable(),
  unpricedReason: z.enum(Object.keys(UNPRICED_REASONS) as [UnpricedReason, ...UnpricedReason[]]).nullable(),
  /** Weight in carats. */
  carat: z.number(),
  isLab: z.boolean(),
  isGemstone: z.boolean(),
  isSold: z.boolean(),
  isUnavailable: z.boolean(),
  createdAt: z.string(),
});
export type DiamondListRow = z.infer<typeof diamondListRowSchema>;
export const diamondListResponseSchema = listResponseSchema(diamondListRowSchema);

/**
 * How many stones the list leaves out for want of a price (no markup band or no exchange rate): those
 * its query would show with `pricing=unpriced` in place of its price range. Counted as the list
 * counts (exact from the list's index; up to its cap while the index is built, then `totalIsCapped`).
 */
export const diamondUnpricedCountSchema = z.object({ total: z.number().int(), totalIsCapped: z.literal(true).optional() });
export type DiamondUnpricedCount = z.infer<typeof diamondUnpricedCountSchema>;

/** How a price was worked out, step by step, for the detail modal. */
export const priceWorkingSchema = z.object({
  /** One line per step: '$4,120.00 × 0.79 = £3,254.80', 'band 1.000–1.499 ct Earth, Round: +45% + £50 → £4,770'. */
  steps: z.array(z.string()),
  /** The price in pounds, or null (not for sale). */
  price: z.number().nullable(),
  unpricedReason: z.enum(Object.keys(UNPRICED_REASONS) as [UnpricedReason, ...UnpricedReason[]]).nullable(),
});
export type PriceWorking = z.infer<typeof priceWorkingSchema>;

/** The detail modal: the row, title/value rows (document 2 §3 attribute_options), and the price's working. */
export const diamondRecordSchema = diamondListRowSchema.extend({
  source: z.string(),
  sourceId: z.string(),
  video: z.string().nullable(),
  availability: z.string(),
  supplierPrice: z.number(),
  supplierCurrency: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  updatedAt: z.string(),
  attributes: z.array(z.object({ title: z.string(), value: z.string() })),
  working: priceWorkingSchema,
});
export type DiamondRecord = z.infer<typeof diamondRecordSchema>;

/** Mark as sold (true) or Add to Inventory (false). */
export const diamondSoldSchema = z.object({ isSold: z.boolean() });
export const diamondActionResponseSchema = z.object({ message: z.string(), diamond: diamondRecordSchema });
export type DiamondActionResponse = z.infer<typeof diamondActionResponseSchema>;

/** Pull Diamond: one stone from the feed by its certificate number. */
export const diamondPullSchema = z.object({
  certificate: safeString({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(CERTIFICATE_MAX, MESSAGES.maxLength(CERTIFICATE_MAX)),
});

// ---------------------------------------------------------------- feed runs, services, settings

/** What the feed reads: natural diamonds, lab grown diamonds, gemstones (Nivoda's `gemstones_by_query`). */
export const FEED_KINDS = { natural: 'Natural Diamonds', lab: 'Lab Grown Diamonds', gemstone: 'Gemstones' } as const;
export type FeedKind = keyof typeof FEED_KINDS;
/**
 * The services of the service screen: the spec's two import services (document 3 §2.1, §4: natural,
 * lab grown) and a third for gemstones. The spec's two read diamonds only; gemstones are a query of
 * their own at Nivoda, with their own watermark and sweep, so they get a service staff can switch
 * on and off on its own (docs/decisions/feed-ingest.md: gemstones are a third import service).
 */
export const IMPORT_SERVICES = ['natural', 'lab', 'gemstone'] as const satisfies readonly FeedKind[];
export type ImportService = (typeof IMPORT_SERVICES)[number];
export const SYNC_MODES = { full: 'Full', incremental: 'Incremental' } as const;
export type SyncMode = keyof typeof SYNC_MODES;
/** A step of a run (download, insert into database): the spec's download_csv and insert_in_database. */
export const RUN_STEP_STATES = { pending: 'Pending', running: 'Running', done: 'Done', failed: 'Failed' } as const;
export type RunStepState = keyof typeof RUN_STEP_STATES;

export const feedSyncJobParamsSchema = z.object({ kind: z.enum(Object.keys(FEED_KINDS) as [FeedKind, ...FeedKind[]]), mode: z.enum(['full', 'incremental']) });
export type FeedSyncJobParams = z.infer<typeof feedSyncJobParamsSchema>;
export const repriceJobParamsSchema = z.object({ reason: z.string().max(200) });
export type RepriceJobParams = z.infer<typeof repriceJobParamsSchema>;

/** One run of the service log (document 3 §3 Service log), plus the counts a shop needs. */
export const feedRunRecordSchema = z.object({
  id: z.number().int(),
  serviceName: z.string(),
  kind: z.string(),
  mode: z.string(),
  download: z.enum(Object.keys(RUN_STEP_STATES) as [RunStepState, ...RunStepState[]]),
  insertInDatabase: z.enum(Object.keys(RUN_STEP_STATES) as [RunStepState, ...RunStepState[]]),
  startTime: z.string(),
  /** Null while it runs (document 3 §4: a run with no end time counts as still running). */
  endTime: z.string().nullable(),
  errorMessage: z.string().nullable(),
  totalCount: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  repriced: z.number().int(),
  removed: z.number().int(),
  isRunning: z.boolean(),
  jobRunId: z.number().int().nullable(),
});
export type FeedRunRecord = z.infer<typeof feedRunRecordSchema>;
export const feedRunListQuery = defineListQuery({
  sortable: ['startTime'],
  filters: { kind: choiceFilter('Service', { ...FEED_KINDS, reprice: 'Repricing', demo: 'Demo' }) },
});
export const feedRunListResponseSchema = listResponseSchema(feedRunRecordSchema);

/** One import service on /system/service: on or off, its counts, last run and health. */
export const importServiceSchema = z.object({
  name: z.enum(IMPORT_SERVICES),
  label: z.string(),
  isEnabled: z.boolean(),
  isRunning: z.boolean(),
  /** Stones of this kind on offer (not unavailable); of those, for sale (priced, not sold) and without a price. */
  stoneCount: z.number().int(),
  forSaleCount: z.number().int(),
  unpricedCount: z.number().int(),
  lastRun: feedRunRecordSchema.nullable(),
  lastSuccessAt: z.string().nullable(),
  /** The last success is older than twice the schedule (or there was none while enabled). */
  isStale: z.boolean(),
  watermark: z.string().nullable(),
});
export type ImportServiceRecord = z.infer<typeof importServiceSchema>;
export const importServicesResponseSchema = z.object({
  services: z.array(importServiceSchema),
  incrementalMinutes: z.number().int(),
  fullSyncHours: z.number().int(),
});
export const importServiceParamsSchema = z.object({ name: z.enum(IMPORT_SERVICES, { error: 'Unknown service.' }) });
export const startServiceSchema = z.object({ mode: z.enum(['full', 'incremental']).default('incremental') });
export const jobStartedSchema = z.object({ jobId: z.number().int(), message: z.string() });

/**
 * The feed's settings: its credentials (kept apart from the setting options, so no generic settings
 * write reaches them) and its schedule (setting options, document 3). The password is never sent
 * back: `passwordIsSet` says whether one is stored; an update without a password keeps it, unless
 * the endpoint moves to another origin, which clears it (it was given for the old address).
 */
export const FEED_SETTING_KEYS = {
  incrementalMinutes: 'nivoda.incremental_minutes',
  fullSyncHours: 'nivoda.full_sync_hours',
} as const;
export const FEED_SCHEDULE_DEFAULTS = { incrementalMinutes: 60, fullSyncHours: 24 } as const;
export const feedSettingsSchema = z.object({
  username: z.string(),
  passwordIsSet: z.boolean(),
  endpoint: z.string(),
  incrementalMinutes: z.number().int(),
  fullSyncHours: z.number().int(),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;
export const FEED_USERNAME_MAX = 255;
export const FEED_PASSWORD_MAX = 255;
export const FEED_ENDPOINT_MAX = 500;

/** The origin (scheme, host, port) of a feed endpoint, or null when it is not an http(s) URL. */
export function feedEndpointOrigin(endpoint: string): string | null {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * An endpoint the feed's credentials may be sent to: https, or http to this machine only (the fake
 * Nivoda of the demo and the tests); plain http elsewhere would carry the password readable on the way.
 */
export function isAllowedFeedEndpoint(endpoint: string): boolean {
  if (feedEndpointOrigin(endpoint) === null) return false;
  const url = new URL(endpoint);
  return url.protocol === 'https:' || ['localhost', '[::1]'].includes(url.hostname) || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

export const FEED_INCREMENTAL_MINUTES = { min: 5, max: 24 * 60 } as const;
export const FEED_FULL_SYNC_HOURS = { min: 1, max: 24 * 7 } as const;
const scheduleNumber = (range: { min: number; max: number }, message: string) =>
  z.number({ error: MESSAGES.required }).int(MESSAGES.wholeNumber).min(range.min, message).max(range.max, message);
export const feedSettingsInputSchema = z.object({
  username: safeString().trim().max(FEED_USERNAME_MAX, MESSAGES.maxLength(FEED_USERNAME_MAX)),
  /** Empty or absent: keep the stored password. */
  password: safeString().max(FEED_PASSWORD_MAX, MESSAGES.maxLength(FEED_PASSWORD_MAX)).optional(),
  endpoint: safeString()
    .trim()
    .max(FEED_ENDPOINT_MAX, MESSAGES.maxLength(FEED_ENDPOINT_MAX))
    .refine((text) => text === '' || /^https?:\/\/[^\s]+$/.test(text), MESSAGES.invalidUrl)
    .refine((text) => text === '' || !/^https?:\/\/[^\s]+$/.test(text) || isAllowedFeedEndpoint(text), DIAMOND_MESSAGES.feedEndpointNotHttps),
  incrementalMinutes: scheduleNumber(FEED_INCREMENTAL_MINUTES, DIAMOND_MESSAGES.incrementalMinutesRange),
  fullSyncHours: scheduleNumber(FEED_FULL_SYNC_HOURS, DIAMOND_MESSAGES.fullSyncHoursRange),
});
export type FeedSettingsInput = z.infer<typeof feedSettingsInputSchema>;

/** The USD to GBP rate feed prices are converted with (a setting option, with the day it was set for). */
export const EXCHANGE_RATE_SETTING_KEYS = { rate: 'usd_gbp_rate', date: 'usd_gbp_rate_date' } as const;
export const EXCHANGE_RATE_PATTERN = /^(?:0|[1-9]\d{0,5})(?:\.\d{1,6})?$/;
export const exchangeRateSchema = z.object({ rate: z.string().nullable(), date: z.string().nullable() });
/** What a saved rate answers: the rate, and the repricing it started (null when the rate did not change). */
export const exchangeRateSavedSchema = exchangeRateSchema.extend({ jobId: z.number().int().nullable(), message: z.string() });
export type ExchangeRateSaved = z.infer<typeof exchangeRateSavedSchema>;
const isCalendarDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};
export const exchangeRateInputSchema = z.object({
  rate: safeString({ error: MESSAGES.required })
    .trim()
    .check(refuseEmpty())
    .regex(EXCHANGE_RATE_PATTERN, DIAMOND_MESSAGES.exchangeRateInvalid)
    .refine((text) => Number(text) > 0, DIAMOND_MESSAGES.exchangeRateInvalid),
  /** The day the rate is for, YYYY-MM-DD. */
  date: safeString({ error: MESSAGES.required })
    .check(refuseEmpty())
    .regex(/^\d{4}-\d{2}-\d{2}$/, DIAMOND_MESSAGES.exchangeRateDateInvalid)
    .refine(isCalendarDate, DIAMOND_MESSAGES.exchangeRateDateInvalid),
});
export type ExchangeRateInput = z.infer<typeof exchangeRateInputSchema>;

export const diamondPaths = {
  list: '/api/diamonds',
  unpricedCount: '/api/diamonds/unpriced-count',
  detail: (id: number) => `/api/diamonds/${id}`,
  sold: (id: number) => `/api/diamonds/${id}/sold`,
  pull: '/api/diamonds/pull',
  reprice: '/api/diamonds/reprice',
  exchangeRate: '/api/diamonds/exchange-rate',
  logs: '/api/nivoda-logs',
  services: '/api/nivoda-services',
  serviceStart: (name: ImportService) => `/api/nivoda-services/${name}/start`,
  serviceStop: (name: ImportService) => `/api/nivoda-services/${name}/stop`,
  settings: '/api/nivoda-settings',
} as const;
export type FeedRunListQuery = z.infer<typeof feedRunListQuery.schema>;
