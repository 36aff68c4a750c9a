import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { jobStaging } from '../jobs/job-run.table.ts';

/**
 * Set-based bulk writes (one statement per batch, never a loop of single writes). Two shapes:
 * - `bulkUpdate`: a batch held in memory, sent as one array per column through `unnest`;
 * - `stageRows` + `applyStaged`: a job prepares its rows batch by batch into `job_staging` (each batch
 *   committed, so other requests and the progress poll get through, PGlite having one connection),
 *   then one transaction applies them all with one statement, so a job killed half-way changed nothing.
 * Both count what actually changed, for the one audit row per batch that the caller writes.
 */

/** A row to write: the target's id and the new values, keyed by the table's property names. */
export type BulkRow = { id: number } & Record<string, unknown>;

export interface BulkCounts {
  /** Rows the batch named that exist (live). */
  matched: number;
  /** Of those, rows whose values differed and were written (version bumped). */
  changed: number;
}

interface ColumnOf {
  key: string;
  column: PgColumn;
}

function columnsOf(table: PgTable, keys: readonly string[]): ColumnOf[] {
  const columns = table as unknown as Record<string, PgColumn>;
  return keys.map((key) => {
    const column = columns[key];
    if (!column || key === 'id') throw new Error(`bulk write: ${key} is not a writable column of ${getTableConfig(table).name}`);
    return { key, column };
  });
}

function hasColumn(table: PgTable, name: string) {
  return getTableConfig(table).columns.some((c) => c.name === name);
}

/** The SET list: new values, and the who/when/version columns every table carries. */
function setList(table: PgTable, columns: ColumnOf[], source: string, actorId: number | null): SQL {
  const parts = columns.map(({ column }) => sql`${sql.identifier(column.name)} = ${sql.raw(source)}.${sql.identifier(column.name)}`);
  if (hasColumn(table, 'version')) parts.push(sql`version = ${table}.version + 1`);
  if (hasColumn(table, 'updated_at')) parts.push(sql`updated_at = now()`);
  if (hasColumn(table, 'updated_by')) parts.push(sql`updated_by = ${actorId}`);
  return sql.join(parts, sql`, `);
}

/** Only live rows whose values differ are written: a re-run changes nothing and bumps no version. */
function whereChanged(table: PgTable, columns: ColumnOf[], source: string): SQL {
  const differs = columns.map(({ column }) => sql`${table}.${sql.identifier(column.name)} is distinct from ${sql.raw(source)}.${sql.identifier(column.name)}`);
  const live = hasColumn(table, 'deleted_at') ? sql` and ${table}.deleted_at is null` : sql``;
  return sql`(${sql.join(differs, sql` or `)})${live}`;
}

async function countLive(db: Db, table: PgTable, idsSql: SQL): Promise<number> {
  const live = hasColumn(table, 'deleted_at') ? sql` and deleted_at is null` : sql``;
  const result = (await db.execute(sql`select count(*)::int as n from ${table} where id in (${idsSql})${live}`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Rows a statement wrote: node-postgres says rowCount, PGlite affectedRows. */
export function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Updates a batch of rows by id with one `update ... from unnest(...)` statement. */
export async function bulkUpdate(db: Db, table: PgTable, keys: readonly string[], rows: readonly BulkRow[], opts: { actorId: number | null }): Promise<BulkCounts> {
  if (rows.length === 0) return { matched: 0, changed: 0 };
  const columns = columnsOf(table, keys);
  // One array parameter per column, cast to the column's own type: the statement's size does not grow with the batch.
  const arrays = [
    sql`${sql.param(rows.map((r) => r.id))}::integer[]`,
    ...columns.map(({ key, column }) => sql`${sql.param(rows.map((r) => (r[key] === null || r[key] === undefined ? null : column.mapToDriverValue(r[key]))))}::${sql.raw(column.getSQLType())}[]`),
  ];
  const names = sql.join([sql.identifier('id'), ...columns.map(({ column }) => sql.identifier(column.name))], sql`, `);
  const source = sql`(select * from unnest(${sql.join(arrays, sql`, `)}) as v(${names}))`;
  const matched = await countLive(db, table, sql`select v.id from ${source} v`);
  const result = await db.execute(
    sql`update ${table} set ${setList(table, columns, 'v', opts.actorId)} from ${source} v where ${table}.id = v.id and ${whereChanged(table, columns, 'v')}`,
  );
  return { matched, changed: affected(result) };
}

/** Adds a batch of prepared rows for job `runId` to the staging table, in one statement. */
export async function stageRows(db: Db, table: PgTable, runId: number, keys: readonly string[], rows: readonly BulkRow[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(table, keys);
  // Stored under the SQL column names, so jsonb_populate_record reads them back with the table's own types.
  const data = rows.map((r) => JSON.stringify(Object.fromEntries(columns.map(({ key, column }) => [column.name, r[key] === null || r[key] === undefined ? null : column.mapToDriverValue(r[key])]))));
  await db.execute(
    sql`insert into ${jobStaging} (run_id, target_id, data) select ${runId}, t.id, t.data from unnest(${sql.param(rows.map((r) => r.id))}::integer[], ${sql.param(data)}::jsonb[]) as t(id, data)`,
  );
}

/** Applies everything staged for `runId` to `table` with one statement, then clears the staging rows. Run it in the job's transaction. */
export async function applyStaged(db: Db, table: PgTable, runId: number, keys: readonly string[], opts: { actorId: number | null }): Promise<BulkCounts> {
  const columns = columnsOf(table, keys);
  const tableName = sql.identifier(getTableConfig(table).name);
  // The record's own id column (null from the JSON) is shadowed by target_id: select the columns by name.
  const names = sql.join(columns.map(({ column }) => sql`r.${sql.identifier(column.name)}`), sql`, `);
  const staged = sql`(select s.target_id as id, ${names} from ${jobStaging} s cross join lateral jsonb_populate_record(null::${tableName}, s.data) r where s.run_id = ${runId})`;
  const matched = await countLive(db, table, sql`select target_id from ${jobStaging} where run_id = ${runId}`);
  const result = await db.execute(
    sql`update ${table} set ${setList(table, columns, 'v', opts.actorId)} from ${staged} v where ${table}.id = v.id and ${whereChanged(table, columns, 'v')}`,
  );
  await clearStaged(db, runId);
  return { matched, changed: affected(result) };
}

/** Drops what a job staged (after applying it, or when the job failed or was cancelled). */
export async function clearStaged(db: Db, runId: number): Promise<void> {
  await db.execute(sql`delete from ${jobStaging} where run_id = ${runId}`);
}
