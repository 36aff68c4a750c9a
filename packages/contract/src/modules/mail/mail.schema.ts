import { z } from 'zod';
import { recordMetaSchema } from '../../api.ts';
import { choiceFilter, textFilter } from '../../list-query.ts';
import { defineResource } from '../../resource.ts';

/**
 * The mail outbox: every e-mail the shop sends a customer, kept with where it stands. `queued` is not
 * sent yet (waiting for its first try, a retry, or an SMTP server to be configured); `sent` was
 * accepted by the SMTP server; `failed` gave up after its retries (or could never be sent).
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Readonly<Record<MailStatus, string>> = { queued: 'Not sent', sent: 'Sent', failed: 'Failed' };

/**
 * What a mail is about, `<kind>:<reference>` (`order:100023`), so a record's screen can list the
 * mails about it. Kinds are lower-case words; references are what the record is known by.
 */
export const MAIL_CONCERNS_PATTERN = /^[a-z][a-z-]{0,30}:[A-Za-z0-9._-]{1,64}$/;
export const MAIL_CONCERNS_MAX = 96;

export const mailListRowSchema = recordMetaSchema.extend({
  to: z.string(),
  subject: z.string(),
  /** Where it stands (not `status`, which a resource keeps for its own status switch or states). */
  sendStatus: z.enum(MAIL_STATUSES),
  /** Sends tried so far (since the last Send again). */
  attempts: z.number().int(),
  /** Why the last try failed, as the SMTP server or the network said. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** When the next try is due (a mail not sent yet); null once sent or failed. */
  nextAttemptAt: z.string().nullable(),
  concerns: z.string().nullable(),
});
export type MailListRow = z.infer<typeof mailListRowSchema>;

export const mailRecordSchema = mailListRowSchema.extend({
  text: z.string(),
  html: z.string(),
});
export type MailRecord = z.infer<typeof mailRecordSchema>;

/** Whether mail can go out at all: false while SMTP_URL is unset (mails then wait in the outbox). */
export const mailSenderStateSchema = z.object({ isConfigured: z.boolean() });
export type MailSenderState = z.infer<typeof mailSenderStateSchema>;

/** Not worded by the spec. */
export const MAIL_MESSAGES = {
  notConfigured: 'No SMTP server is configured (SMTP_URL), so e-mails wait here and are sent once one is.',
  retried: 'The e-mail will be sent again.',
  notFailed: 'Only an e-mail that failed can be sent again.',
  invalidRecipient: 'Not a valid e-mail address',
} as const;

/**
 * The outbox as staff read it (Sales > Customer E-mails): read only; mails are written by the modules
 * that send them (`queueMail`) and by the sender. Gated on `sales`: the mails are about orders.
 */
export const mailOutboxResource = defineResource({
  name: 'mail-outbox',
  entity: 'mail',
  label: 'E-mail',
  permission: 'sales',
  // Never written through the API; the input schema only satisfies the resource shape.
  createInput: z.object({}),
  record: mailRecordSchema,
  listRow: mailListRowSchema,
  searchable: ['to', 'subject'],
  sortable: ['createdAt'],
  status: null,
  operations: { create: false, update: false, delete: false },
  filters: {
    sendStatus: choiceFilter('Status', MAIL_STATUS_LABELS),
    concerns: textFilter('Concerns', { maxLength: MAIL_CONCERNS_MAX, match: 'equals' }),
  },
});
