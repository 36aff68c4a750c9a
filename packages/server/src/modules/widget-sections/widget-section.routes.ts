import { idParamSchema } from '@facet/contract/api';
import {
  bestSellerCategoriesSchema,
  bestSellerPreviewSchema,
  optionPageOptionsSchema,
  QR_CODE_SIZE,
  qrFileNameOf,
  sectionOptionResource,
  sectionResource,
} from '@facet/contract/modules/widget-sections/widget-section.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@facet/contract/messages';
import { AppError } from '../../http/errors.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createSectionOptionService, optionPageOptions, optionQrTarget } from './widget-section-option.service.ts';
import { bestSellerCategories, bestSellerPreview, createSectionService } from './widget-section.service.ts';

/** A file name in a Content-Disposition header: ASCII for old clients, the exact name in RFC 5987's form. */
function attachmentHeader(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function widgetSectionRoutes(app: FastifyInstance, db: Db, config: Pick<Config, 'siteUrl'>) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const permission = { permission: sectionResource.permission };

  route.get(
    '/api/widget-sections/best-seller-categories',
    { config: permission, schema: { tags: [sectionResource.name], response: { 200: bestSellerCategoriesSchema } } },
    async () => ({ items: await bestSellerCategories(db) }),
  );
  route.get(
    '/api/widget-sections/:id/best-sellers',
    { config: permission, schema: { tags: [sectionResource.name], params: idParamSchema, response: { 200: bestSellerPreviewSchema } } },
    async (request) => ({ items: await bestSellerPreview(db, request.params.id) }),
  );
  crudRoutes(app, sectionResource, createSectionService(db));

  route.get(
    '/api/section-options/page-options',
    { config: permission, schema: { tags: [sectionOptionResource.name], response: { 200: optionPageOptionsSchema } } },
    async () => ({ items: await optionPageOptions(db) }),
  );
  // The option's QR code (document 3 §9): 300×300 PNG, error correction H, named by the option's title.
  route.get(
    '/api/section-options/:id/qr-code',
    { config: permission, schema: { tags: [sectionOptionResource.name], params: idParamSchema } },
    async (request, reply) => {
      const target = await optionQrTarget(db, request.params.id, config.siteUrl);
      // A link of 500 characters in a script of 3-byte letters is over what a code of error correction H holds
      // (1,273 bytes): the qrcode package throws, which is the staff's 422 with its reason, not a 500.
      // qrcode loads with the first code asked for (about 10 MB of the server's memory otherwise held from the start).
      const { default: QRCode } = await import('qrcode');
      const png = await QRCode.toBuffer(target.link, { type: 'png', width: QR_CODE_SIZE, margin: 2, errorCorrectionLevel: 'H' }).catch(() => {
        throw new AppError('UNPROCESSABLE', MESSAGES.qrLinkTooLong);
      });
      return reply.type('image/png').header('content-disposition', attachmentHeader(qrFileNameOf(target.title))).send(png);
    },
  );
  crudRoutes(app, sectionOptionResource, createSectionOptionService(db));
}
