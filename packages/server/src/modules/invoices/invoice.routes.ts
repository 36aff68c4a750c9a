import { MESSAGES } from '@facet/contract/messages';
import { invoiceNumberParamSchema } from '@facet/contract/modules/invoices/invoice.schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { MediaStorage, OpenedFile } from '../../storage/media-storage.ts';
import { openCreditNotePdf, openInvoicePdf } from './invoice.service.ts';

/** An invoice's or a credit note's PDF, for staff who handle orders (permission sales). */
export function invoiceRoutes(app: FastifyInstance, db: Db, storage: MediaStorage) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  // A customer's invoice or credit note: a download, never kept by a shared cache.
  const sendPdf = (reply: FastifyReply, opened: { file: OpenedFile; fileName: string } | null) =>
    opened
      ? reply
          .type('application/pdf')
          .headers({
            'content-disposition': `attachment; filename="${opened.fileName}"`,
            'content-length': String(opened.file.size),
            'x-content-type-options': 'nosniff',
            'cache-control': 'private, no-store',
          })
          .send(opened.file.stream)
      : reply.status(404).send({ error: { code: 'NOT_FOUND', message: MESSAGES.notFound } });
  route.get('/api/invoices/:number/pdf', { config: { permission: 'sales' }, schema: { tags: ['invoices'], params: invoiceNumberParamSchema } }, async (request, reply) =>
    sendPdf(reply, await openInvoicePdf(db, storage, request.params.number)),
  );
  route.get(
    '/api/credit-notes/:number/pdf',
    { config: { permission: 'sales' }, schema: { tags: ['invoices'], summary: 'A refund’s credit note (CN-000123) as a PDF.', params: invoiceNumberParamSchema } },
    async (request, reply) => sendPdf(reply, await openCreditNotePdf(db, storage, request.params.number)),
  );
}
