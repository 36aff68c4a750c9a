import { MESSAGES } from '@facet/contract/messages';
import type { MailTemplateInput, MailTemplateKind, MailTemplateRecord, RenderedMail } from '@facet/contract/modules/mail/mail-template.schema';
import {
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_MESSAGES,
  MAIL_TEMPLATES,
  mailTemplateInputSchema,
  mailTemplatePreviewInputSchema,
  placeholderNamesOf,
  sampleValuesOf,
  unknownPlaceholders,
} from '@facet/contract/modules/mail/mail-template.schema';
import { and, eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { isLive } from '../../db/columns.ts';
import { assertVersion } from '../../db/version.ts';
import type { RequestContext } from '../../http/context.ts';
import { invalidField, parseOrThrow } from '../../http/errors.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import { shopDetails } from '../settings/index.ts';
import { renderTemplate, shopValuesOf } from './mail-layout.ts';
import { mailTemplates } from './mail-template.table.ts';

const ENTITY = 'mail_template';

/**
 * A template as staff typed it, made safe and checked: the body cleaned as every rich text is (no
 * scripts, handlers or `javascript:` links), and every placeholder in the subject and body one this
 * e-mail offers (400 naming the unknown ones and the offered ones).
 */
function checkedTemplate(kind: MailTemplateKind, input: { subject: string; body: string }) {
  const body = sanitizeRichText(input.body);
  if (body === '') throw invalidField('body', MESSAGES.required);
  for (const [field, text] of [['subject', input.subject], ['body', body]] as const) {
    const unknown = unknownPlaceholders(kind, text);
    if (unknown.length) throw invalidField(field, MAIL_TEMPLATE_MESSAGES.unknownPlaceholder(unknown, placeholderNamesOf(kind)));
  }
  return { subject: input.subject, body };
}

/** The e-mail templates of /system/editor: read, save, reset to the built-in one, preview with sample values. */
export function createMailTemplateService(db: Db) {
  const liveRow = async (source: Db, kind: MailTemplateKind, forUpdate = false) => {
    const query = source.select().from(mailTemplates).where(and(eq(mailTemplates.kind, kind), isLive(mailTemplates)));
    const [row] = await (forUpdate ? query.for('update') : query);
    return row;
  };

  function recordOf(kind: MailTemplateKind, stored: typeof mailTemplates.$inferSelect | undefined): MailTemplateRecord {
    const definition = MAIL_TEMPLATES[kind];
    return {
      kind,
      label: definition.label,
      sentWhen: definition.sentWhen,
      placeholders: [...definition.placeholders],
      subject: stored?.subject ?? definition.subject,
      body: stored?.body ?? definition.body,
      isCustomised: stored !== undefined,
      version: stored?.version ?? null,
      updatedAt: stored?.updatedAt.toISOString() ?? null,
      defaultSubject: definition.subject,
      defaultBody: definition.body,
    };
  }

  const get = async (kind: MailTemplateKind, source: Db = db) => recordOf(kind, await liveRow(source, kind));

  async function list(): Promise<MailTemplateRecord[]> {
    const rows = await db.select().from(mailTemplates).where(isLive(mailTemplates));
    return MAIL_TEMPLATE_KINDS.map((kind) => recordOf(kind, rows.find((row) => row.kind === kind)));
  }

  /**
   * Saves the template under the kind's row lock: a new row when it was the default, else the row
   * updated when `version` is the stored one (409 naming who saved first otherwise). Audited.
   */
  async function save(kind: MailTemplateKind, received: MailTemplateInput, context: RequestContext): Promise<MailTemplateRecord> {
    const input = parseOrThrow(mailTemplateInputSchema, received);
    const template = checkedTemplate(kind, input);
    return db.transaction(async (tx) => {
      const existing = await liveRow(tx, kind, true);
      if (existing) {
        await assertVersion(tx, ENTITY, existing, input.version ?? 0);
        await tx
          .update(mailTemplates)
          .set({ ...template, version: sql`${mailTemplates.version} + 1`, updatedAt: sql`now()`, updatedBy: context.actor.id })
          .where(eq(mailTemplates.id, existing.id));
        await writeAudit(tx, context, { action: 'update', entity: ENTITY, entityId: existing.id, before: { subject: existing.subject, body: existing.body }, after: template });
      } else {
        const [inserted] = await tx.insert(mailTemplates).values({ kind, ...template, createdBy: context.actor.id, updatedBy: context.actor.id }).returning({ id: mailTemplates.id });
        await writeAudit(tx, context, { action: 'create', entity: ENTITY, entityId: inserted!.id, after: { kind, ...template } });
      }
      return get(kind, tx);
    });
  }

  /** Reset to default: the stored template removed (soft), so the built-in one is sent again. Nothing stored: nothing to do. */
  async function reset(kind: MailTemplateKind, context: RequestContext): Promise<MailTemplateRecord> {
    return db.transaction(async (tx) => {
      const existing = await liveRow(tx, kind, true);
      if (existing) {
        await tx.update(mailTemplates).set({ deletedAt: sql`now()`, deletedBy: context.actor.id }).where(eq(mailTemplates.id, existing.id));
        await writeAudit(tx, context, { action: 'reset', entity: ENTITY, entityId: existing.id, before: { subject: existing.subject, body: existing.body } });
      }
      return get(kind, tx);
    });
  }

  /** The template as typed, filled with the sample values and the shop's own details: what a customer would receive. */
  async function preview(kind: MailTemplateKind, received: unknown): Promise<RenderedMail> {
    const template = checkedTemplate(kind, parseOrThrow(mailTemplatePreviewInputSchema, received));
    return renderTemplate(template, { ...sampleValuesOf(kind), ...shopValuesOf(await shopDetails(db)) });
  }

  return { list, get, save, reset, preview };
}
