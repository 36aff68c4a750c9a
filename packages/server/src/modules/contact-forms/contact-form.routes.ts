import { idParamSchema } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import { contactFormRecordSchema, contactFormResource, contactResponseSchema } from '@facet/contract/modules/contact-forms/contact-form.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createContactFormService } from './contact-form.service.ts';

/**
 * Contact Us (permission contact_form): the list, view, delete and Export Excel of the toolkit, and
 * Send Response (`POST /api/contact-forms/:id/response`).
 */
export function contactFormRoutes(app: FastifyInstance, db: Db) {
  const service = createContactFormService(db);
  crudRoutes(app, contactFormResource, service);
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.post(
    '/api/contact-forms/:id/response',
    {
      config: { permission: contactFormResource.permission },
      schema: {
        tags: [contactFormResource.name],
        summary: 'Send Response: e-mails the reply to the address the shopper gave (through the mail outbox) and keeps it with the entry.',
        params: idParamSchema,
        body: contactResponseSchema,
        response: { 200: z.object({ message: z.string(), entry: contactFormRecordSchema }) },
      },
    },
    async (request) => ({ message: MESSAGES.responseSent, entry: await service.respond(request.params.id, request.body, contextOf(request)) }),
  );
}
