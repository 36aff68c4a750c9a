import { z } from 'zod';
import { recordMetaSchema, versionNumber } from '../../api.ts';
import { statusFilter } from '../../list-query.ts';
import { MESSAGES } from '../../messages.ts';
import { defineResource } from '../../resource.ts';
import { requiredText } from '../../rules.ts';

/**
 * Newsletter subscribers (document 3 §2.9, §3 Subscriber: id, email, status, klaviyo_id, created_at).
 * The storefront subscribes an e-mail (scope `newsletter:write`); the outbox then subscribes its
 * profile in Klaviyo (keeping the profile's id). Staff deactivate an active one ('Inactive
 * subscriber?'), which unsubscribes it there the same way. Active to inactive only.
 */

export const storefrontSubscribeSchema = z.object({ email: requiredText(255).pipe(z.email(MESSAGES.invalidEmail)) });
export type StorefrontSubscribeInput = z.input<typeof storefrontSubscribeSchema>;

export const subscriberRecordSchema = recordMetaSchema.extend({
  email: z.string(),
  status: z.boolean(),
  /** The profile's id in Klaviyo, once Klaviyo has it; empty before. */
  klaviyoId: z.string(),
  /** Whether Klaviyo has the subscriber's latest status (false while a change waits for it). */
  klaviyoSynced: z.boolean(),
});
export type SubscriberRecord = z.infer<typeof subscriberRecordSchema>;

export const subscriberResource = defineResource({
  name: 'subscribers',
  entity: 'subscriber',
  label: 'Subscriber',
  permission: 'newsletter',
  createInput: z.object({}),
  record: subscriberRecordSchema,
  searchable: ['email'],
  sortable: ['email', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: { status: statusFilter() },
  // Active to inactive through Deactivate only (its own route), never a switch.
  status: null,
  operations: { create: false, update: false, delete: false },
  export: {
    fileName: 'Subscribers',
    columns: [
      { field: 'email', header: 'Email', width: 36 },
      { field: 'createdAt', header: 'Created Date', type: 'date' },
      { field: 'status', header: 'Status', type: 'status' },
    ],
  },
});

export const subscriberDeactivateSchema = z.object({ version: versionNumber() });
