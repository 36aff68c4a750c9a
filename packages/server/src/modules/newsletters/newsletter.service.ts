import { NEWSLETTER_MESSAGES, NEWSLETTER_STATES, newsletterResource } from '@facet/contract/modules/newsletters/newsletter.schema';
import type { NewsletterOptions, NewsletterRecord, newsletterInputSchema } from '@facet/contract/modules/newsletters/newsletter.schema';
import { KLAVIYO_MEMBERS_SHOWN } from '@facet/contract/modules/newsletters/newsletter.schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../db/audit.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { assertVersion } from '../../db/version.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError, conflict, invalidField, notFound } from '../../http/errors.ts';
import { KlaviyoError, newsletterStateOfCampaign } from '../../integrations/klaviyo/klaviyo-client.ts';
import type { KlaviyoDeps } from './klaviyo-settings.ts';
import { asGatewayError, klaviyoOf, requireKlaviyo } from './klaviyo-settings.ts';
import { newsletters } from './newsletter.table.ts';

type NewsletterInput = z.output<typeof newsletterInputSchema>;

/**
 * Newsletters: the list and export as the toolkit's; scheduling and cancelling through Klaviyo.
 * Scheduling talks to Klaviyo first (templates, audiences, the campaign, its template, its send job)
 * and stores the newsletter once Klaviyo has it scheduled, so a refusal there stores nothing; a failure
 * of the store after that cancels the campaign again.
 */
export function createNewsletterService(deps: KlaviyoDeps) {
  const { db } = deps;
  const crud = createCrudService(db, newsletterResource, newsletters);

  async function schedule(input: NewsletterInput, context: RequestContext): Promise<NewsletterRecord> {
    const sendAt = new Date(input.scheduledOn);
    if (sendAt.getTime() <= Date.now()) throw invalidField('scheduledOn', NEWSLETTER_MESSAGES.scheduleInPast);
    const { client, listId } = await requireKlaviyo(deps);
    let campaignId: string;
    let templateName: string;
    try {
      const template = (await client.listTemplates()).find((candidate) => candidate.id === input.templateId);
      if (!template) throw invalidField('templateId', NEWSLETTER_MESSAGES.unknownTemplate);
      templateName = template.name;
      const label = `${template.name} (${sendAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
      const excludeEmails = input.excludeEmails;
      const included = input.sendAll ? [listId] : [await client.createListOf(`Facet newsletter ${label}: recipients`, (await client.findProfiles(input.sendEmails)).map((profile) => profile.id))];
      const excluded = excludeEmails.length ? [await client.createListOf(`Facet newsletter ${label}: excluded`, (await client.findProfiles(excludeEmails)).map((profile) => profile.id))] : [];
      const campaign = await client.createCampaign({ name: `Newsletter ${label}`, includedListIds: included, excludedListIds: excluded, sendAt, subject: template.name });
      if (!campaign.messageId) throw new KlaviyoError('rejected', 'Klaviyo made the campaign without its message.', null);
      await client.assignTemplate(campaign.messageId, template.id);
      await client.scheduleCampaign(campaign.id);
      campaignId = campaign.id;
    } catch (error) {
      asGatewayError(error);
    }
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsletters)
          .values({
            templateId: input.templateId,
            templateName,
            sendAll: input.sendAll,
            sendEmails: input.sendAll ? [] : input.sendEmails,
            excludeEmails: input.excludeEmails,
            scheduledOn: sendAt,
            state: 'pending',
            klaviyoCampaignId: campaignId,
            createdBy: context.actor.id,
            updatedBy: context.actor.id,
          })
          .returning();
        await writeAudit(tx, context, { action: 'create', entity: newsletterResource.entity, entityId: row!.id, after: row! });
        return row!.id;
      });
      return await crud.get(id);
    } catch (error) {
      // Not stored: Klaviyo must not send what staff cannot see or cancel.
      await client.cancelCampaign(campaignId).catch(() => undefined);
      throw error;
    }
  }

  async function cancel(id: number, version: number, context: RequestContext): Promise<NewsletterRecord> {
    const klaviyo = await klaviyoOf(deps);
    // Klaviyo's answer that it already sent (or cancelled) the campaign is stored with the refusal's transaction committed.
    const refusedAs = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(newsletters).where(and(eq(newsletters.id, id), isNull(newsletters.deletedAt))).for('update');
      if (!existing) throw notFound();
      await assertVersion(tx, newsletterResource.entity, existing, version);
      if (existing.state !== 'pending') throw conflict(NEWSLETTER_MESSAGES.onlyPendingCancel(NEWSLETTER_STATES[existing.state]));
      if (existing.klaviyoCampaignId) {
        if (!klaviyo) throw new AppError('UNPROCESSABLE', NEWSLETTER_MESSAGES.klaviyoNotConfigured);
        try {
          await klaviyo.client.cancelCampaign(existing.klaviyoCampaignId);
        } catch (error) {
          // Klaviyo refuses to cancel a campaign already sent: the newsletter says so, and staff are told.
          if (error instanceof KlaviyoError && error.failure === 'rejected') {
            const state = newsletterStateOfCampaign((await klaviyo.client.getCampaign(existing.klaviyoCampaignId).catch(() => ({ status: '' }))).status);
            if (state !== 'pending') {
              await tx.update(newsletters).set({ state, updatedAt: new Date() }).where(eq(newsletters.id, id));
              return state;
            }
          }
          asGatewayError(error);
        }
      }
      await tx.update(newsletters).set({ state: 'cancelled', version: existing.version + 1, updatedAt: new Date(), updatedBy: context.actor.id }).where(eq(newsletters.id, id));
      await writeAudit(tx, context, { action: 'cancel', entity: newsletterResource.entity, entityId: id, before: { state: existing.state }, after: { state: 'cancelled' } });
      return null;
    });
    if (refusedAs) throw conflict(NEWSLETTER_MESSAGES.onlyPendingCancel(NEWSLETTER_STATES[refusedAs]));
    return crud.get(id);
  }

  async function options(): Promise<NewsletterOptions> {
    const klaviyo = await klaviyoOf(deps);
    if (!klaviyo) return { isConfigured: false, templates: [], members: [] };
    try {
      const templates = await klaviyo.client.listTemplates();
      const members = await klaviyo.client.listMembers(klaviyo.listId, { limit: KLAVIYO_MEMBERS_SHOWN });
      return { isConfigured: true, templates, members };
    } catch (error) {
      asGatewayError(error);
    }
  }

  return { ...crud, create: schedule, cancel, options };
}
