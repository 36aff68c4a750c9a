import { z } from 'zod';
import { safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import type { PermissionKey } from '../../permissions.ts';

/** The spec's image limit (document 1 §9): 2097152 bytes. */
export const MAX_IMAGE_BYTES = 2_097_152;
/**
 * Product videos (GLOSSARY 'product media library'): the spec names no limit; 50 MB holds a minute
 * of 1080p web video, more than a product clip needs, and keeps one upload under a minute on a shop's line.
 */
export const MAX_VIDEO_BYTES = 52_428_800;

/** File types Facet accepts, decided on the server from the file's bytes. `jpeg` covers .jpg and .jpeg. */
export const MEDIA_TYPES = {
  png: { contentType: 'image/png', extensions: ['.png'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  webp: { contentType: 'image/webp', extensions: ['.webp'] },
  svg: { contentType: 'image/svg+xml', extensions: ['.svg'] },
  mp4: { contentType: 'video/mp4', extensions: ['.mp4'] },
  webm: { contentType: 'video/webm', extensions: ['.webm'] },
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;

/** Types stored as sent (streamed, never decoded); every other type is decoded and cleaned first. */
export const VIDEO_TYPES: readonly MediaType[] = ['mp4', 'webm'];

/** The spec's raster image rule: png, jpeg, jpg, webp. */
export const RASTER_IMAGE_TYPES: readonly MediaType[] = ['png', 'jpeg', 'webp'];

export interface MediaPurposeRule {
  /** Who may upload for this purpose: the permission of the screen that uses it. */
  permission: PermissionKey;
  types: readonly MediaType[];
  maxBytes: number;
  /** The refusal of a file over `maxBytes` where the spec words it differently from 'Maximum file size should be 2MB.'. */
  tooLargeMessage?: string;
}

/**
 * What an upload is for decides which types it accepts and who may send it. A screen with an image
 * field adds its purpose here; the upload field and the server both read this table.
 */
export const MEDIA_PURPOSES = {
  /** Category banners and offer images (desktop, mobile, offer 1, offer 2). */
  'category-image': { permission: 'categories', types: RASTER_IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES },
  /** The category icon: svg only (the spec hides its field; the API accepts it). */
  'category-icon': { permission: 'categories', types: ['svg'], maxBytes: MAX_IMAGE_BYTES },
  /** The image of a navigation menu item (the spec names no types: the raster rule applies). */
  'navigation-menu-image': { permission: 'system', types: RASTER_IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES },
  /** The swatch image of an option of a radio attribute: webp, png, jpg, jpeg or svg (document 2 §5). */
  'attribute-option-image': { permission: 'attribute', types: ['webp', 'png', 'jpeg', 'svg'], maxBytes: MAX_IMAGE_BYTES },
  /** A customer's profile picture (document 2 §3; the spec names no types: the raster rule applies). */
  'customer-profile-picture': { permission: 'customers', types: RASTER_IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES },
  /** Images of a product's media library: only .png, .jpg, .jpeg (document 2 §8). */
  'product-image': { permission: 'products', types: ['png', 'jpeg'], maxBytes: MAX_IMAGE_BYTES },
  /** Videos of a product's media library: mp4 and webm, up to MAX_VIDEO_BYTES. */
  'product-video': { permission: 'products', types: VIDEO_TYPES, maxBytes: MAX_VIDEO_BYTES },
  /** The six images of a banner: jpeg, jpg, png or webp, 2 MB (document 2 §5). */
  'banner-image': { permission: 'widgets', types: RASTER_IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES },
  /** A section option's desktop and mobile images: png, jpeg, jpg, webp, 2 MB, in its own words (document 3 §5). */
  'section-option-image': { permission: 'section', types: RASTER_IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: MESSAGES.fileSizeNotGreaterThan2mb },
  /** Images of blog categories and blog posts: jpeg, jpg, png, webp, 2 MB, with the blogs' own size message (document 3 §5). */
  'blog-image': { permission: 'blogs', types: RASTER_IMAGE_TYPES, maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: MESSAGES.fileSizeNotGreaterThan2mb },
  /** A service's image and alternative image: png, jpg, jpeg or svg, 2 MB (document 3 §5, §9). */
  'service-image': { permission: 'sales', types: ['png', 'jpeg', 'svg'], maxBytes: MAX_IMAGE_BYTES },
} as const satisfies Record<string, MediaPurposeRule>;
export type MediaPurpose = keyof typeof MEDIA_PURPOSES;
export const MEDIA_PURPOSE_NAMES = Object.keys(MEDIA_PURPOSES) as [MediaPurpose, ...MediaPurpose[]];

export const mediaUploadQuerySchema = z.object({ purpose: z.enum(MEDIA_PURPOSE_NAMES) });

/** What an upload answers (201): the stored file, under a name the server generated. */
export const mediaRecordSchema = z.object({
  id: z.number().int(),
  /** Where the file is served; image fields of other records store this value. */
  url: z.string(),
  name: z.string(),
  purpose: z.enum(MEDIA_PURPOSE_NAMES),
  contentType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MediaRecord = z.infer<typeof mediaRecordSchema>;

/** An image field of a record: the `url` of an upload, or empty. The server checks it names an upload of the right purpose. */
export const mediaUrl = () => safeString().trim().max(500).default('');

/** File extension of a name, lower-cased, with its dot: '.png'. */
function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** The `accept` attribute of a file input for this purpose. */
export function acceptFor(purpose: MediaPurpose): string {
  return MEDIA_PURPOSES[purpose].types.flatMap((type) => [...MEDIA_TYPES[type].extensions, MEDIA_TYPES[type].contentType]).join(',');
}

/** True when uploads for this purpose are videos (streamed to storage, not re-encoded). */
export function isVideoPurpose(purpose: MediaPurpose): boolean {
  return MEDIA_PURPOSES[purpose].types.some((type) => VIDEO_TYPES.includes(type));
}

/** The refusal of a file over the purpose's limit: the spec's words for its 2 MB, the same words for other limits. */
export function tooLargeMessageFor(purpose: MediaPurpose): string {
  const rule: MediaPurposeRule = MEDIA_PURPOSES[purpose];
  const { maxBytes } = rule;
  if (rule.tooLargeMessage) return rule.tooLargeMessage;
  return maxBytes === MAX_IMAGE_BYTES ? MESSAGES.maxFileSize2mb : MESSAGES.maxFileSizeMb(Math.round(maxBytes / 1_048_576));
}

/**
 * The browser's early check before sending (by name and size; the server decides from the bytes):
 * the spec's message, or null when the file may be sent.
 */
export function precheckUpload(purpose: MediaPurpose, file: { name: string; size: number }): string | null {
  const rule = MEDIA_PURPOSES[purpose];
  const extension = extensionOf(file.name);
  if (!rule.types.some((type) => (MEDIA_TYPES[type].extensions as readonly string[]).includes(extension))) return MESSAGES.fileFormatNotSupported;
  if (file.size > rule.maxBytes) return tooLargeMessageFor(purpose);
  return null;
}
