import { z } from 'zod';
import { recordId, recordOf, safeString } from '../../api.ts';
import { choiceFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { hasAtMostDecimals, optionalText, requiredText } from '../../rules.ts';
import { namedStates } from '../../status.ts';

/**
 * Product reviews (document 3 §2.11, §3 Review, §4, §5, §9): shoppers write them on the storefront
 * (`POST /api/storefront/v1/reviews`, scope reviews:write); staff moderate them under Marketing >
 * Reviews (permission marketing). Only approved reviews count towards a product's rating, which the
 * storefront reads in the product's document (the Products cache key: `rating`, `reviewCount`).
 */

/** Document 3 §4: set freely from a dropdown (no transitions). A new review waits as Pending. */
export const REVIEW_STATUS = namedStates({ pending: 'Pending', approved: 'Approved', rejected: 'Rejected' });
export type ReviewStatus = (typeof REVIEW_STATUS.states)[number];

/**
 * What was reviewed (the spec's `type`, not worded further): a piece of jewellery (a product of the
 * catalogue, by its top-level id) or a diamond (a stone, by its id). Only products carry a rating on
 * the storefront; a diamond is one of a kind and sold once.
 */
export const REVIEW_TYPE_LABELS = { product: 'Product', diamond: 'Diamond' } as const;
export type ReviewType = keyof typeof REVIEW_TYPE_LABELS;
export const REVIEW_TYPES = Object.keys(REVIEW_TYPE_LABELS) as [ReviewType, ...ReviewType[]];

/** Document 3 §9: rating scale 5 with half steps; title max 255, review text 1000. */
export const RATING_MAX = 5;
export const REVIEW_TITLE_MAX = 255;
export const REVIEW_TEXT_MAX = 1000;
/** The author's name as the storefront sends it (not worded by the spec). */
export const REVIEW_AUTHOR_MAX = 255;

const isHalfStep = (value: number) => hasAtMostDecimals(value * 2, 0);

/** 0 to 5 in half steps (0, 0.5, 1 … 5). */
export const rating = () =>
  z
    .number({ error: MESSAGES.required })
    .min(0, MESSAGES.ratingRange(RATING_MAX))
    .max(RATING_MAX, MESSAGES.ratingRange(RATING_MAX))
    .refine(isHalfStep, MESSAGES.ratingHalfSteps);

/** The edit form (document 3 §5 Review): status required, title max 255, review text max 1000, the rating. */
export const reviewInputSchema = z.object({
  title: optionalText(REVIEW_TITLE_MAX),
  review: optionalText(REVIEW_TEXT_MAX),
  rating: rating(),
  status: z.enum(REVIEW_STATUS.states, { error: MESSAGES.required }),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** What the storefront sends: who wrote it, about what, and the review itself. It arrives Pending. */
export const storefrontReviewSchema = z.object({
  type: z.enum(REVIEW_TYPES, { error: MESSAGES.reviewType }),
  /** The product's id (a top-level product, as in its storefront document) or the stone's. */
  productId: recordId(MESSAGES.reviewedItemUnknown),
  name: requiredText(REVIEW_AUTHOR_MAX),
  email: safeString().trim().max(255, MESSAGES.maxLength(255)).pipe(z.union([z.literal(''), z.email(MESSAGES.invalidEmail)])).default(''),
  title: optionalText(REVIEW_TITLE_MAX),
  review: optionalText(REVIEW_TEXT_MAX),
  rating: rating(),
});
export type StorefrontReviewInput = z.input<typeof storefrontReviewSchema>;

export const reviewRecordSchema = recordOf(reviewInputSchema, {
  type: z.enum(REVIEW_TYPES),
  productId: z.number().int(),
  /** The SKU and name of what was reviewed, as they were when the review arrived. */
  sku: z.string(),
  productName: z.string(),
  /** The author. */
  name: z.string(),
  email: z.string(),
});
export type ReviewRecord = z.infer<typeof reviewRecordSchema>;

/** A product's rating as the storefront shows it: the approved reviews' average (one decimal) and their number. */
export const productRatingSchema = z.object({ rating: z.number().nullable(), reviewCount: z.number().int() });

export const reviewResource = defineResource({
  // Reviews arrive through the storefront; staff only edit them, with the spec's own text.
  toasts: { added: MESSAGES.recordAdded, updated: MESSAGES.reviewUpdated },
  name: 'reviews',
  entity: 'review',
  label: 'Review',
  permission: 'marketing',
  // Never added by staff: shoppers write reviews on the storefront (storefrontReviewSchema).
  createInput: reviewInputSchema,
  record: reviewRecordSchema,
  searchable: ['productName', 'sku', 'name', 'title'],
  sortable: ['createdAt'],
  status: REVIEW_STATUS,
  filters: { type: choiceFilter('Type', REVIEW_TYPE_LABELS) },
  operations: { create: false, update: true, delete: true },
});
