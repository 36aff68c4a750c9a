import { z } from 'zod';
import { recordMetaSchema, safeString, versionNumber } from '../../api.ts';
import { choiceFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { requiredText } from '../../rules.ts';

/**
 * Newsletters (document 3 §2.9, §3 Newsletter, §4, §5): a Klaviyo template sent at a time to all
 * subscribers, or to listed e-mails, minus excluded e-mails. Scheduling one makes and schedules a
 * campaign in Klaviyo; cancelling cancels it there; the sync job reads back whether it was sent.
 * Pending moves to Sent or Cancelled, and only a Pending newsletter may be cancelled.
 */

export const NEWSLETTER_STATES = { pending: 'Pending', sent: 'Sent', cancelled: 'Cancelled' } as const;
export type NewsletterState = keyof typeof NEWSLETTER_STATES;

/** Not in the spec: the most e-mails one newsletter lists or excludes (one Klaviyo list each). */
export const NEWSLETTER_EMAILS_MAX = 1000;

/** Not worded by the spec; chosen here and used on both sides. */
export const NEWSLETTER_MESSAGES = {
  klaviyoNotConfigured: 'Klaviyo is not configured: enter its private API key and the subscribers’ list id under Newsletter > Klaviyo Settings.',
  scheduleInPast: 'Scheduled On must be in the future.',
  invalidScheduledOn: 'Scheduled On must be a date and time with its time zone (UTC).',
  unknownTemplate: 'This template is not one of Klaviyo’s templates: choose it from the list.',
  emailsRequired: 'Select atleast one e-mail, or send to all subscribers.',
  onlyPendingCancel: (stateLabel: string) => `Only a Pending newsletter can be cancelled; this one is ${stateLabel}.`,
  onlyActiveDeactivate: 'This subscriber is already inactive.',
  alreadySubscribed: 'This e-mail is already subscribed.',
  listIdFormat: 'A Klaviyo list id is letters and digits.',
} as const;

const email = requiredText(255).pipe(z.email(MESSAGES.invalidEmail));
const emailList = z
  .array(email)
  .max(NEWSLETTER_EMAILS_MAX, `At most ${NEWSLETTER_EMAILS_MAX} e-mails.`)
  .default([])
  .transform((list) => [...new Set(list.map((entry) => entry.toLowerCase()))]);

/**
 * The Add form (document 3 §7 PostNewsletter: template_id, send_all, send_emails, exclude_emails,
 * schedule_on as UTC text). Template required (max 255), Scheduled On required, in the future.
 */
export const newsletterInputSchema = z
  .object({
    templateId: requiredText(255),
    sendAll: z.boolean().default(true),
    sendEmails: emailList,
    excludeEmails: emailList,
    /** ISO 8601 with its zone; the form sends UTC (`2026-12-01T09:30:00.000Z`). */
    scheduledOn: safeString({ error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(40)
      .pipe(z.iso.datetime({ offset: true, message: NEWSLETTER_MESSAGES.invalidScheduledOn })),
  })
  .superRefine((input, context) => {
    if (!input.sendAll && input.sendEmails.length === 0) context.addIssue({ code: 'custom', path: ['sendEmails'], message: NEWSLETTER_MESSAGES.emailsRequired });
  });
export type NewsletterInput = z.input<typeof newsletterInputSchema>;

export const newsletterRecordSchema = recordMetaSchema.extend({
  templateId: z.string(),
  /** The template's name in Klaviyo when it was scheduled (the list's Template column). */
  templateName: z.string(),
  sendAll: z.boolean(),
  sendEmails: z.array(z.string()),
  excludeEmails: z.array(z.string()),
  scheduledOn: z.string(),
  state: z.enum(Object.keys(NEWSLETTER_STATES) as [NewsletterState, ...NewsletterState[]]),
  /** The campaign in Klaviyo (the spec's batchId); empty for a newsletter never sent to Klaviyo (demo). */
  klaviyoCampaignId: z.string(),
});
export type NewsletterRecord = z.infer<typeof newsletterRecordSchema>;

export const newsletterResource = defineResource({
  name: 'newsletters',
  entity: 'newsletter',
  label: 'Newsletter',
  permission: 'newsletter',
  createInput: newsletterInputSchema,
  record: newsletterRecordSchema,
  searchable: ['templateName'],
  sortable: ['scheduledOn', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: { state: choiceFilter('Status', NEWSLETTER_STATES) },
  // Pending → Sent or Cancelled through Klaviyo (cancel, the sync job), never set by hand.
  status: null,
  operations: { create: true, update: false, delete: false },
  export: {
    fileName: 'Newsletters',
    columns: [
      { field: 'templateName', header: 'Template', width: 32 },
      { field: 'scheduledOn', header: 'Scheduled On', type: 'date' },
      { field: 'state', header: 'Status' },
      { field: 'createdAt', header: 'Created Date', type: 'date' },
    ],
  },
});

/** Cancel: the version the list showed. */
export const newsletterCancelSchema = z.object({ version: versionNumber() });

/** What the Add form offers: Klaviyo's templates and its list's members (at most `KLAVIYO_MEMBERS_SHOWN`). */
export const KLAVIYO_MEMBERS_SHOWN = 1000;
export const newsletterOptionsSchema = z.object({
  isConfigured: z.boolean(),
  templates: z.array(z.object({ id: z.string(), name: z.string() })),
  members: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type NewsletterOptions = z.infer<typeof newsletterOptionsSchema>;

/** Klaviyo's settings: the private key (a secret: answered only as set or not) and the subscribers' list. */
export const KLAVIYO_SETTING_KEYS = { apiKey: 'klaviyo.private_key', listId: 'klaviyo.list_id' } as const;
export const klaviyoSettingsInputSchema = z.object({
  /** Blank keeps the stored key. */
  apiKey: safeString().trim().max(255).default(''),
  listId: requiredText(64).pipe(z.string().regex(/^[A-Za-z0-9]+$/, NEWSLETTER_MESSAGES.listIdFormat)),
});
export type KlaviyoSettingsInput = z.input<typeof klaviyoSettingsInputSchema>;
export const klaviyoSettingsSchema = z.object({ apiKeyIsSet: z.boolean(), listId: z.string() });
export type KlaviyoSettings = z.infer<typeof klaviyoSettingsSchema>;
