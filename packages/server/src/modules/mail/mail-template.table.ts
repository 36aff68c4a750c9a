import { MAIL_TEMPLATE_KINDS } from '@facet/contract/modules/mail/mail-template.schema';
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { standardColumns } from '../../db/columns.ts';

/**
 * The e-mail templates staff changed at /system/editor: one live row per kind at most. No row: the
 * built-in template (MAIL_TEMPLATES); Reset to default soft-deletes the row. `body` is rich text,
 * cleaned on every write (http/rich-text.ts).
 */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    ...standardColumns,
    kind: text('kind', { enum: MAIL_TEMPLATE_KINDS }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
  },
  (t) => [uniqueIndex('mail_templates_kind_live').on(t.kind).where(sql`deleted_at is null`)],
);
