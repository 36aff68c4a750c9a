import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/user.table.ts';

/**
 * Storefront API keys (issue 13). The key itself is never stored: `key_hash` is the SHA-256 of the
 * whole key (hex), looked up by a unique index. A revoked key keeps its row (revoked_at), so the
 * list and the audit log still name it. Not soft-deleted: revoking is the only end of a key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The key's first characters, shown in the list to tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key (storefront-auth.ts), not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Null: the key works until revoked. From this moment on its requests are refused (401). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash').on(t.keyHash), index('api_keys_created').on(sql`${t.createdAt} desc`, t.id)],
);
