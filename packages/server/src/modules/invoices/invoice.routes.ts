import { MESSAGES } from '@facet/contract/messages';
import { invoiceNumberParamSchema } from '@facet/contract/modules/invoices/invoice.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { openInvoicePdf } from './invoice.service.ts';

/** An invoice's PDF, for staff who handle orders (permission sales). */
export function invoiceRoutes(app: FastifyInstance, db: Db, storage: MediaStorage) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/api/invoices/:number/pdf',
    { config: { permission: 'sales' }, schema: { tags: ['invoices'], params: invoiceNumberParamSchema } },
    async (request, reply) => {
      const opened = await openInvoicePdf(db, storage, request.params.number);
      if (!opened) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } });
      return reply
        .type('application/pdf')
        .headers({
          'content-disposition': `attachment; filename="${opened.fileName}"`,
          'content-length': String(opened.file.size),
          'x-content-type-options': 'nosniff',
          // A customer's invoice: never kept by a shared cache.
          'cache-control': 'private, no-store',
        })
        .send(opened.file.stream);
    },
  );
}
