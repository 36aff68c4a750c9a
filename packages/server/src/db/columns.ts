import type { SQL } from 'drizzle-orm';
import { isNull, sql } from 'drizzle-orm';
import type { ExtraConfigColumn, PgColumn } from 'drizzle-orm/pg-core';
import type { StatesStatus } from '@facet/contract/status';
import { boolean, index, integer, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * The `status` of a record with named states (status.ts `namedStates`): the state's name as text,
 * `initial` for a new row. The status-change route and the list filter accept only the states.
 */
export function statesColumn<const S extends string>(status: StatesStatus<S>, initial: NoInfer<S>) {
  return { status: text('status', { enum: status.states as [S, ...S[]] }).notNull().default(initial) };
}

/**
 * Trigram indexes for a list's substring search (`lower(col) like '%term%'`, db/list-query.ts), one
 * per searchable column: `gin (lower(col) gin_trgm_ops)` serves a match anywhere in the text, so a
 * search stays an index scan as a table grows. The crud service refuses a searchable column without one.
 */
export function searchIndexes(tableName: string, ...columns: PgColumn[]) {
  return columns.map((column) => index(`${tableName}_${column.name}_search`).using('gin', sql`lower(${column}) gin_trgm_ops`));
}

/**
 * A btree index for a big list's filters and order (ARCHITECTURE.md, "A list that stays fast"): the
 * equality filters the list always or often carries first (`is_lab`, `shape`), then the one range or
 * sort column (`price`, `carat`, `created_at`), then the id the list breaks ties with, which it
 * appends; over live rows only, as every list reads. PostgreSQL then walks it for `order by ... limit`
 * (one direction or the other) and counts a capped total from it without reading the table.
 */
export function listIndex(name: string, table: { id: ExtraConfigColumn }, ...columns: [Partial<ExtraConfigColumn> | SQL, ...(Partial<ExtraConfigColumn> | SQL)[]]) {
  return index(name)
    .on(...columns, table.id)
    .where(sql`deleted_at is null`);
}

/** The soft-delete filter: rows not deleted. Every read of live rows says it this way. */
export const isLive = (table: { deletedAt: PgColumn }): SQL => isNull(table.deletedAt);
