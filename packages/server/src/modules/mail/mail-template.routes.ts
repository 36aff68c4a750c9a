import {
  MAIL_TEMPLATE_MESSAGES,
  mailTemplateInputSchema,
  mailTemplateKindParamSchema,
  mailTemplatePreviewInputSchema,
  mailTemplateRecordSchema,
  renderedMailSchema,
} from '@facet/contract/modules/mail/mail-template.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { createMailTemplateService } from './mail-template.service.ts';

/**
 * /system/editor's API (permission system, like the shop's other settings): the templates of the
 * customer e-mails, Save, Reset to default and the live preview.
 */
export function mailTemplateRoutes(app: FastifyInstance, db: Db) {
  const service = createMailTemplateService(db);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'system' } as const;
  const tags = ['mail-templates'];
  const saved = z.object({ message: z.string(), template: mailTemplateRecordSchema });
  const params = mailTemplateKindParamSchema;

  route.get('/api/mail-templates', { config, schema: { tags, response: { 200: z.object({ items: z.array(mailTemplateRecordSchema) }) } } }, async () => ({ items: await service.list() }));
  route.get('/api/mail-templates/:kind', { config, schema: { tags, params, response: { 200: mailTemplateRecordSchema } } }, (request) => service.get(request.params.kind));
  route.put('/api/mail-templates/:kind', { config, schema: { tags, params, body: mailTemplateInputSchema, response: { 200: saved } } }, async (request) => ({
    message: MAIL_TEMPLATE_MESSAGES.saved,
    template: await service.save(request.params.kind, request.body, contextOf(request)),
  }));
  route.post('/api/mail-templates/:kind/reset', { config, schema: { tags, params, response: { 200: saved } } }, async (request) => ({
    message: MAIL_TEMPLATE_MESSAGES.reset,
    template: await service.reset(request.params.kind, contextOf(request)),
  }));
  route.post(
    '/api/mail-templates/:kind/preview',
    { config, schema: { tags, params, body: mailTemplatePreviewInputSchema, response: { 200: renderedMailSchema } } },
    (request) => service.preview(request.params.kind, request.body),
  );
}
