import { z } from 'zod';
import { safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { lettersDigitsDashes } from '../../rules.ts';
import type { MediaPurpose } from '../media/media.schema.ts';

/**
 * The media library of a product (GLOSSARY 'product media library'): images and videos uploaded for
 * a model number (SKU), before or after the product is saved; the product's variants pick theirs
 * from it in the 'Select Media' modal.
 */

export const PRODUCT_MEDIA_KINDS = ['image', 'video'] as const;
export type ProductMediaKind = (typeof PRODUCT_MEDIA_KINDS)[number];

/** The upload rule of each kind (MEDIA_PURPOSES): images png/jpeg up to 2 MB, videos mp4/webm up to 50 MB. */
export const PRODUCT_MEDIA_PURPOSES = { image: 'product-image', video: 'product-video' } as const satisfies Record<ProductMediaKind, MediaPurpose>;

/** The spec's media search applies only from 2 characters (document 2 §5, §9); shorter text lists everything. */
export const MEDIA_SEARCH_MIN_LENGTH = 2;
/** Files in one product's library, so that a list is one small answer and a runaway script cannot fill the store. */
export const MAX_LIBRARY_FILES = 500;
/** Longest model number the library accepts: the product's own rule (letters, digits, dashes) and a length. */
export const SKU_MAX_LENGTH = 100;
/** Longest shown file name. */
export const MEDIA_NAME_MAX_LENGTH = 255;

/** A model number as the library keys it: the product form's rule; the case is ignored (stored lower-cased). */
export const productMediaSku = () => lettersDigitsDashes(SKU_MAX_LENGTH);

/** Search text that counts: trimmed, and only from MEDIA_SEARCH_MIN_LENGTH characters (shorter is no search). */
export function effectiveMediaSearch(search: string | undefined): string | undefined {
  const text = search?.trim() ?? '';
  return [...text].length >= MEDIA_SEARCH_MIN_LENGTH ? text : undefined;
}

export const productMediaListQuerySchema = z.object({
  sku: productMediaSku(),
  kind: z.enum(PRODUCT_MEDIA_KINDS).optional(),
  search: safeString().max(100, MESSAGES.maxLength(100)).optional().transform(effectiveMediaSearch),
});
export type ProductMediaListQuery = z.input<typeof productMediaListQuerySchema>;

export const productMediaUploadQuerySchema = z.object({
  sku: productMediaSku(),
  kind: z.enum(PRODUCT_MEDIA_KINDS),
});

export const productMediaRecordSchema = z.object({
  id: z.number().int(),
  /** The model number the library belongs to, lower-cased. */
  sku: z.string(),
  kind: z.enum(PRODUCT_MEDIA_KINDS),
  /** Where the file is served; a variant's base_image, other_images and video hold this value. */
  url: z.string(),
  /** The file's name on the uploader's computer, cleaned (cleanMediaFileName): what staff see and search. */
  name: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ProductMediaRecord = z.infer<typeof productMediaRecordSchema>;

export const productMediaListSchema = z.object({ items: z.array(productMediaRecordSchema) });
export type ProductMediaList = z.infer<typeof productMediaListSchema>;

/**
 * The name staff see for an upload: the last part of what the browser sent (no folders), control
 * characters and runs of spaces made single spaces, at most MEDIA_NAME_MAX_LENGTH characters (never
 * cutting a character in two); `fallback` when nothing is left.
 */
export function cleanMediaFileName(fileName: string, fallback: string): string {
  const lastPart = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const text = lastPart.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim();
  const cut = [...text].slice(0, MEDIA_NAME_MAX_LENGTH).join('').trim();
  return cut || fallback;
}
