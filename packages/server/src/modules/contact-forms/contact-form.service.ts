import type { ContactFormRecord, ContactResponseInput, StorefrontContactFormInput } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { contactFormResource, contactResponseSchema, storefrontContactFormSchema } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { createCrudService } from '../../db/crud-service.ts';
import type { RequestContext, ServiceContext } from '../../http/context.ts';
import { notFound, parseOrThrow } from '../../http/errors.ts';
import { queueContactResponseMail } from '../mail/index.ts';
import { contactForms } from './contact-form.table.ts';

/**
 * Contact Us entries: the toolkit's list (search, server sort, paging, the Replied and date filters),
 * view, delete and export; the storefront's create; and Send Response, which keeps the reply with the
 * entry and queues the e-mail in the same transaction (the mail outbox sends it through SMTP).
 */
export function createContactFormService(db: Db) {
  const crud = createCrudService(db, contactFormResource, contactForms, {
    searchText: contactForms.searchText,
    filterTargets: {
      replied: (replied) => (replied ? isNotNull(contactForms.respondedAt) : isNull(contactForms.respondedAt)),
    },
  });

  /** A shopper's message from the Contact Us form: validated by the contract (400 with its messages). */
  async function createFromStorefront(received: StorefrontContactFormInput, context: ServiceContext): Promise<ContactFormRecord> {
    const input = parseOrThrow(storefrontContactFormSchema, received);
    const id = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(contactForms)
        .values({ name: input.name, email: input.email.toLowerCase(), phone: input.phone, message: input.message })
        .returning({ id: contactForms.id });
      await writeAudit(tx, context, { action: 'create', entity: contactFormResource.entity, entityId: inserted!.id, after: await crud.get(inserted!.id, tx) });
      return inserted!.id;
    });
    return crud.get(id);
  }

  /**
   * Send Response: under the entry's lock, the reply is kept with it (a later reply replaces the one
   * kept; every reply stays in the mail outbox) and its e-mail queued to the address the shopper gave,
   * in one transaction: a reply is never kept without its mail, nor a mail sent for a reply not kept.
   */
  async function respond(id: number, received: ContactResponseInput, context: RequestContext): Promise<ContactFormRecord> {
    const input = parseOrThrow(contactResponseSchema, received);
    await db.transaction(async (tx) => {
      const [entry] = await tx.select().from(contactForms).where(and(eq(contactForms.id, id), isLive(contactForms))).for('update');
      if (!entry) throw notFound();
      await queueContactResponseMail(tx, { to: entry.email, name: entry.name, entryId: id, subject: input.subject, response: input.response, message: entry.message });
      const before = await crud.get(id, tx);
      await tx
        .update(contactForms)
        .set({
          responseSubject: input.subject,
          response: input.response,
          respondedAt: sql`now()`,
          respondedBy: context.actor.name,
          version: sql`${contactForms.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: context.actor.id,
        })
        .where(eq(contactForms.id, id));
      await writeAudit(tx, context, { action: 'respond', entity: contactFormResource.entity, entityId: id, before, after: await crud.get(id, tx) });
    });
    return crud.get(id);
  }

  return { ...crud, createFromStorefront, respond };
}
