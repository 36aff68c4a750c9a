import { BANNER_IMAGE_FIELDS, bannerResource } from '@facet/contract/modules/banners/banner.schema';
import type { BannerInput } from '@facet/contract/modules/banners/banner.schema';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { assertMediaUrls } from '../media/index.ts';
import { banners } from './banner.table.ts';

/** Each of the six images is an upload made for a banner (checked, re-encoded and stored by the media module). */
const assertBannerImages = (tx: Db, input: Required<Pick<BannerInput, (typeof BANNER_IMAGE_FIELDS)[number]['field']>>) =>
  assertMediaUrls(tx, Object.fromEntries(BANNER_IMAGE_FIELDS.map(({ field }) => [field, input[field]])), ['banner-image']);

export function createBannerService(db: Db) {
  return createCrudService(db, bannerResource, banners, {
    beforeCreate: (tx, { input }) => assertBannerImages(tx, input),
    beforeUpdate: (tx, { input }) => assertBannerImages(tx, input),
  });
}
