import type { NewsletterState } from '@facet/contract/modules/newsletters/newsletter.schema';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listIndex, searchIndexes, standardColumns, statusColumn } from '../../db/columns.ts';

/**
 * Newsletters (document 3 §3 Newsletter: template_id, send_all, send_emails, exclude_emails,
 * schedule_on, is_send, is_cancelled, batchId): `state` says Pending, Sent or Cancelled in one column
 * (is_send and is_cancelled could both be set), `klaviyo_campaign_id` is the batch id.
 */
export const newsletters = pgTable(
  'newsletters',
  {
    ...standardColumns,
    templateId: text('template_id').notNull(),
    templateName: text('template_name').notNull(),
    sendAll: boolean('send_all').notNull().default(true),
    sendEmails: jsonb('send_emails').$type<string[]>().notNull().default([]),
    excludeEmails: jsonb('exclude_emails').$type<string[]>().notNull().default([]),
    scheduledOn: timestamp('scheduled_on', { withTimezone: true }).notNull(),
    state: text('state').$type<NewsletterState>().notNull().default('pending'),
    klaviyoCampaignId: text('klaviyo_campaign_id').notNull().default(''),
  },
  (t) => [
    ...searchIndexes('newsletters', t.templateName),
    listIndex('newsletters_created', t, t.createdAt),
    listIndex('newsletters_scheduled', t, t.scheduledOn),
    // The sync job's work: pending newsletters whose time has come.
    index('newsletters_pending_due').on(t.scheduledOn).where(sql`deleted_at is null and state = 'pending'`),
  ],
);

/**
 * Subscribers (document 3 §3 Subscriber: id, email, status, klaviyo_id, created_at). One live row per
 * e-mail (lower-cased). `klaviyo_synced` is false while a change waits to reach Klaviyo (the outbox
 * delivers it; the sync job takes any it missed), so a change is never lost while Klaviyo is down.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    ...standardColumns,
    email: text('email').notNull(),
    ...statusColumn,
    klaviyoId: text('klaviyo_id').notNull().default(''),
    klaviyoSynced: boolean('klaviyo_synced').notNull().default(false),
  },
  (t) => [
    uniqueIndex('subscribers_email_live').on(sql`lower(${t.email})`).where(sql`deleted_at is null`),
    ...searchIndexes('subscribers', t.email),
    listIndex('subscribers_created', t, t.createdAt),
    listIndex('subscribers_status_created', t, t.status, t.createdAt),
    listIndex('subscribers_email', t, sql`lower(${t.email})`),
    index('subscribers_unsynced').on(t.id).where(sql`deleted_at is null and not klaviyo_synced`),
  ],
);
