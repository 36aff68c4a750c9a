import { z } from 'zod';
import { recordOf, safeString } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { refuseEmpty, requiredText } from '../../rules.ts';

/** Limits of document 2 §5. */
export const BANNER_NAME_MAX = 255;

/** An image every banner needs: the desktop ones say 'Desktop Image is required.', the mobile ones 'Image is required.'. */
const requiredImage = (message: string) => safeString({ error: message }).trim().max(500).check(refuseEmpty(message));

/**
 * The home page's banner (document 2 §3, §5): a name, a status and three pairs of desktop and
 * mobile images (main, secondary, secondary 2). Each image is the url of an upload made for
 * 'banner-image' (jpeg, jpg, png, webp; 2 MB). All six are required: the spec requires the three
 * desktop ones and shows 'Image is required.' for each mobile slot, so a banner never lacks a
 * picture for phones.
 */
export const bannerInputSchema = z.object({
  name: requiredText(BANNER_NAME_MAX),
  status: z.boolean().default(true),
  desktopMainImage: requiredImage(MESSAGES.desktopImageRequired),
  mobileMainImage: requiredImage(MESSAGES.imageRequired),
  desktopSecondaryImage: requiredImage(MESSAGES.desktopImageRequired),
  mobileSecondaryImage: requiredImage(MESSAGES.imageRequired),
  desktopSecondaryImage2: requiredImage(MESSAGES.desktopImageRequired),
  mobileSecondaryImage2: requiredImage(MESSAGES.imageRequired),
});
export type BannerInput = z.input<typeof bannerInputSchema>;

/** The image fields, in the form's order, each with its label. */
export const BANNER_IMAGE_FIELDS = [
  { field: 'desktopMainImage', label: 'Desktop Main Image' },
  { field: 'mobileMainImage', label: 'Mobile Main Image' },
  { field: 'desktopSecondaryImage', label: 'Desktop Secondary Image' },
  { field: 'mobileSecondaryImage', label: 'Mobile Secondary Image' },
  { field: 'desktopSecondaryImage2', label: 'Desktop Secondary Image 2' },
  { field: 'mobileSecondaryImage2', label: 'Mobile Secondary Image 2' },
] as const satisfies readonly { field: keyof BannerInput; label: string }[];

export const bannerRecordSchema = recordOf(bannerInputSchema);
export type BannerRecord = z.infer<typeof bannerRecordSchema>;

/** /widgets/banner: Name, Created Date, Status, edit, delete (document 2 §2). */
export const bannerResource = defineResource({
  name: 'banners',
  entity: 'banner',
  label: 'Banner',
  permission: 'widgets',
  createInput: bannerInputSchema,
  record: bannerRecordSchema,
  searchable: ['name'],
  sortable: ['name', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** Document 2 §4, §9: after a save the banner form returns to the list after 5 seconds. */
export const BANNER_RETURN_SECONDS = 5;
