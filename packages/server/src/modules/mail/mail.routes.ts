import { idParamSchema } from '@facet/contract/api';
import { MAIL_MESSAGES, mailOutboxResource, mailRecordSchema, mailSenderStateSchema } from '@facet/contract/modules/mail/mail.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { contextOf } from '../../http/context.ts';
import { createSmtpTransport } from '../../integrations/smtp/smtp-transport.ts';
import { createMailSender } from './mail-sender.ts';
import { mailTemplateRoutes } from './mail-template.routes.ts';
import { createMailService } from './mail.service.ts';

/**
 * The outbox's routes (read, and Send again), and its sender: started with the app when SMTP_URL is
 * set. Without it nothing is sent and the mails wait, shown as not sent, until a start that has one.
 */
export function mailRoutes(app: FastifyInstance, db: Db, config: Pick<Config, 'smtpUrl' | 'mailPollMs' | 'mailRetryMs' | 'mailLeaseMs' | 'siteUrl'>) {
  const service = createMailService(db);
  if (config.smtpUrl) {
    const transport = createSmtpTransport(config.smtpUrl);
    const sender = createMailSender(db, transport, app.log, {
      pollMs: config.mailPollMs,
      firstRetryMs: config.mailRetryMs,
      leaseMs: config.mailLeaseMs,
      fallbackFrom: `no-reply@${new URL(config.siteUrl).hostname}`,
    });
    app.addHook('onReady', () => sender.start());
    app.addHook('onClose', async () => {
      await sender.stop();
      transport.close();
    });
  }

  crudRoutes(app, mailOutboxResource, service);
  const route = app.withTypeProvider<ZodTypeProvider>();
  const guard = { permission: mailOutboxResource.permission };
  const tags = [mailOutboxResource.name];
  route.get('/api/mail-outbox/sender', { config: guard, schema: { tags, response: { 200: mailSenderStateSchema } } }, () => ({ isConfigured: Boolean(config.smtpUrl) }));
  route.post(
    '/api/mail-outbox/:id/retry',
    { config: guard, schema: { tags, params: idParamSchema, response: { 200: z.object({ message: z.string(), mail: mailRecordSchema }) } } },
    async (request) => ({ message: MAIL_MESSAGES.retried, mail: await service.retry(request.params.id, contextOf(request)) }),
  );
  mailTemplateRoutes(app, db);
}
