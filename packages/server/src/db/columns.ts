import type { SQL } from 'drizzle-orm';
import { isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { boolean, integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every table carries (DESIGN §3): who and when, soft delete, and the optimistic-lock version. */
export const standardColumns = {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: integer('deleted_by'),
};

/** The Active/Inactive switch of the spec (1 active, 0 inactive). */
export const statusColumn = { status: boolean('status').notNull().default(true) };

/** The soft-delete filter: rows not deleted. Every read of live rows says it this way. */
export const isLive = (table: { deletedAt: PgColumn }): SQL => isNull(table.deletedAt);
