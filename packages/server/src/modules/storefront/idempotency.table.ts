import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { apiKeys } from '../api-keys/api-key.table.ts';

/**
 * The answers to storefront POSTs sent with an Idempotency-Key (idempotency.ts), one row per key and
 * Idempotency-Key, for 24 hours. A row without `status_code` is a request still running: a duplicate
 * arriving meanwhile gets 409. `request_hash` is the SHA-256 of method, path and body.
 */
export const storefrontIdempotency = pgTable(
  'storefront_idempotency',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('storefront_idempotency_key').on(t.apiKeyId, t.idempotencyKey), index('storefront_idempotency_created').on(t.createdAt)],
);
