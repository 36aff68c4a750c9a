import type { ListQuery, ListResponse } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import type { FilterDefinitions } from '@facet/contract/list-query';
import type { ResourceDefinition } from '@facet/contract/resource';
import type { StatusValue } from '@facet/contract/status';
import { isAllowedTransition, statusLabelOf } from '@facet/contract/status';
import type { SQL } from 'drizzle-orm';
import { Column, and, asc, count, desc, eq, getTableColumns, is, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { AppError, conflict, databaseErrorOf, invalidField, notFound } from '../http/errors.ts';
import type { RequestContext } from '../http/context.ts';
import { writeAudit, writeAudits } from './audit.ts';
import { arrayParam } from './array-param.ts';
import type { Db } from './client.ts';
import type { standardColumns } from './columns.ts';
import type { FilterTarget, FilterTargets } from './list-query.ts';
import { filterConditions, searchCondition, searchLoweredCondition } from './list-query.ts';
import { isLive } from './columns.ts';
import { CAPPED_TEXT_TOTAL, CAPPED_TOTAL, EXACT_TOTALS_MAX_ROWS, cappedTotal, countCap, countToCap, isTextMatch, plannedRows, tableSizeEstimate } from './list-totals.ts';
import { expressionText, hasSortIndex } from './sort-indexes.ts';
import { assertVersion } from './version.ts';

type StandardColumnName = keyof typeof standardColumns;
/** A table built with `standardColumns` (and optionally `statusColumn`). */
export type CrudTable = PgTable & Record<StandardColumnName, PgColumn> & { status?: PgColumn };

export type Row = Record<string, unknown>;
type WriteAction = 'create' | 'update' | 'status' | 'delete';

/** The table's own row, as a write finds it (locked FOR UPDATE) before the change. */
export type RowOf<T extends CrudTable> = T['$inferSelect'];

interface WriteArgs<TInput, TRow> {
  action: WriteAction;
  /** Validated input (create, update). */
  input?: TInput;
  /** The live row before the change (update, status, delete); locked FOR UPDATE. */
  existing?: TRow;
  context: RequestContext;
}

/**
 * Where a resource steps out of the generic path. Each hook but `prepareInput` runs inside the
 * write's transaction. The rules of a write go in the `before*` hook of its kind, each typed by what
 * that write has: the create or update input, the locked row, the new status.
 */
export interface CrudHooks<TCreate, TUpdate, TFilters extends FilterDefinitions = FilterDefinitions, TRow = Row, TStatusValue = boolean> {
  /**
   * Slow work on a validated input (create, update) before the transaction opens, such as cleaning
   * rich text in the worker pool: no connection or row lock is held while it runs.
   */
  prepareInput?(input: TCreate | TUpdate): Promise<TCreate | TUpdate>;
  /**
   * Runs first in the write's transaction, before the record's row is locked: wider locks (a whole
   * tree) go here, so every writer takes its locks in the same order and none waits in a circle.
   */
  lockFirst?(tx: Db, action: WriteAction): Promise<void>;
  /** Column values for an input; default: the input's fields that are columns of the table. */
  toValues?(input: TCreate | TUpdate, args: WriteArgs<TCreate | TUpdate, TRow>): Promise<Row> | Row;
  /** Extra record fields for a set of rows, loaded in one query (e.g. role ids of users). */
  loadRelations?(db: Db, ids: number[]): Promise<Map<number, Row>>;
  /** Writes child or link rows after the main row. */
  saveRelations?(tx: Db, id: number, input: TCreate | TUpdate, args: WriteArgs<TCreate | TUpdate, TRow>): Promise<void>;
  /** Rules of a create beyond the schema; throw an AppError to refuse. */
  beforeCreate?(tx: Db, args: { input: TCreate; context: RequestContext }): Promise<void>;
  /** Rules of an update beyond the schema, with the row as it is; throw an AppError to refuse. */
  beforeUpdate?(tx: Db, args: { input: TUpdate; existing: TRow; context: RequestContext }): Promise<void>;
  /** Rules of a status change (to `status`); throw an AppError to refuse. */
  beforeStatus?(tx: Db, args: { status: TStatusValue; existing: TRow; context: RequestContext }): Promise<void>;
  /** Rules of a delete (in use, locked records); throw an AppError to refuse. */
  beforeDelete?(tx: Db, args: { existing: TRow; context: RequestContext }): Promise<void>;
  /** Consequences of a committed-to-be write, such as ending a user's sessions. */
  afterWrite?(tx: Db, args: WriteArgs<TCreate | TUpdate, TRow> & { id: number; before: Row | null; after: Row | null }): Promise<void>;
  /** A condition every list row meets whatever the query (the root category is never listed). */
  listFilters?(query: Record<string, unknown>): SQL | undefined;
  /**
   * Where a declared filter of the resource applies when it is not the column of the same name
   * (a band's two carat columns, a related table); the rest go to their own column.
   */
  filterTargets?: Partial<FilterTargets<TFilters>>;
  /**
   * Text fields of the record that are not columns of the table, as SQL over its row (the name of a
   * related record). They are read with the row and can be listed in `searchable` and `sortable`.
   */
  derivedFields?: Record<string, SQL>;
  /**
   * A stored generated column holding the lowered text of every searchable field, with a trigram
   * index (`gin (col gin_trgm_ops)`): the search compares it alone, rather than `lower()` of each
   * field OR'ed (a list whose common words count thousands of rows: the contact forms).
   */
  searchText?: PgColumn;
}

export interface CrudService<TCreate, TUpdate, TRecord, TStatusValue = boolean, TListRow = TRecord> {
  /** A page of list rows (the resource's `listRow`: the record, or the smaller row it declares). */
  list(query: ListQuery & Record<string, unknown>, db?: Db): Promise<ListResponse<TListRow>>;
  get(id: number, db?: Db): Promise<TRecord>;
  create(input: TCreate, context: RequestContext): Promise<TRecord>;
  update(id: number, input: TUpdate, version: number, context: RequestContext): Promise<TRecord>;
  setStatus(id: number, status: TStatusValue, version: number, context: RequestContext): Promise<TRecord>;
  remove(id: number, context: RequestContext): Promise<void>;
  /**
   * How many live records match the list filters, counting no further than `upTo` when given (the
   * export only asks whether there are more than its threshold).
   */
  count(query: ListQuery & Record<string, unknown>, upTo?: number): Promise<number>;
  /** Every live record (whole, not the list row) matching the list filters, in pages, for exports. */
  iterate(query: ListQuery & Record<string, unknown>): AsyncGenerator<TRecord>;
  /**
   * The same walk a batch at a time, for exports: no await per row. Given `fields`, each row holds
   * just those (and the id), read from just their columns, with relations loaded only if one of
   * them needs it.
   */
  iterateBatches(query: ListQuery & Record<string, unknown>, fields?: readonly string[]): AsyncGenerator<Row[]>;
  /**
   * A bulk action (a status change or a delete) on the records `ids` that are still live and still
   * match `query` (the list's filters, read again under the lock), all in one transaction: each
   * record meets the rules its single write meets, and if any is refused nothing is written (409
   * naming the refused records); the change is one statement; each changed record gets its audit
   * row and its after-write hook, as a single write does. `commit` runs last in that transaction
   * (a job marks itself done there, so its data and its status commit together).
   */
  applyToMany(
    ids: readonly number[],
    change: BulkChange<TStatusValue>,
    query: ListQuery & Record<string, unknown>,
    context: RequestContext,
    commit?: (tx: Db, outcome: BulkOutcome) => Promise<void>,
  ): Promise<BulkOutcome>;
}

/** What a bulk action does to each record it selects. */
export type BulkChange<TStatusValue = unknown> = { action: 'status'; status: TStatusValue } | { action: 'delete' };
export interface BulkOutcome {
  /** Records still live and matching when the change was applied. */
  matched: number;
  /** Of those, records written (a status already as asked is left alone). */
  changed: number;
}

function toIso(value: unknown) {
  return value instanceof Date ? value.toISOString() : value;
}

type UniqueRule = ResourceDefinition['unique'][number];

/** Database column names an index covers, whether on a column or on an expression over it (`lower(name)`). */
function indexedColumnNames(indexed: unknown): string[] {
  if (is(indexed, Column)) return [indexed.name];
  const chunks = (indexed as { queryChunks?: unknown[] }).queryChunks;
  if (chunks) return chunks.filter((chunk) => is(chunk, Column)).map((chunk) => (chunk as Column).name);
  return [(indexed as { name: string }).name];
}

/** Columns of the table that a `gin (lower(col) gin_trgm_ops)` index serves (db/columns.ts searchIndexes). */
function trigramIndexedColumns(table: CrudTable): Set<string> {
  const names = new Set<string>();
  for (const { config } of getTableConfig(table).indexes) {
    if (config.method !== 'gin') continue;
    for (const indexed of config.columns) {
      const chunks = (indexed as { queryChunks?: unknown[] }).queryChunks ?? [];
      const text = chunks.map((chunk) => (is(chunk, Column) ? '' : String((chunk as { value?: unknown }).value ?? ''))).join('');
      if (text.includes('gin_trgm_ops')) for (const name of indexedColumnNames(indexed)) names.add(name);
    }
  }
  return names;
}

/**
 * The table's unique indexes by name, each with the resource's unique rule it enforces (null when it
 * enforces none, such as a pair of columns), read from the table's own index definitions so that a
 * unique violation (23505) can name the field that clashed.
 */
export function uniqueRulesByIndex(table: CrudTable, rules: readonly UniqueRule[]): Map<string, UniqueRule | null> {
  const fieldOfColumn = new Map(Object.entries(getTableColumns(table)).map(([field, col]) => [(col as PgColumn).name, field]));
  const byIndex = new Map<string, UniqueRule | null>();
  for (const { config } of getTableConfig(table).indexes) {
    if (!config.unique || !config.name) continue;
    const fields = config.columns.flatMap(indexedColumnNames).map((name) => fieldOfColumn.get(name));
    byIndex.set(config.name, rules.find((candidate) => fields.length === 1 && fields[0] === candidate.field) ?? null);
  }
  return byIndex;
}

/**
 * The generic service behind every flat resource: paging, search, sort, soft delete, status switch,
 * optimistic version check and audit, all from the resource definition and its table.
 */
export function createCrudService<R extends ResourceDefinition, T extends CrudTable>(
  db: Db,
  resource: R,
  typedTable: T,
  hooks: CrudHooks<z.output<R['createInput']>, z.output<R['updateInput']>, R['filters'], RowOf<T>, StatusValue<R['status']>> = {},
): CrudService<z.output<R['createInput']>, z.output<R['updateInput']>, z.output<R['record']>, StatusValue<R['status']>, z.output<R['listRow']>> {
  type TCreate = z.output<R['createInput']>;
  type TUpdate = z.output<R['updateInput']>;
  type TRecord = z.output<R['record']>;
  type TListRow = z.output<R['listRow']>;
  type TRow = RowOf<T>;
  type TStatusValue = StatusValue<R['status']>;
  // Queries see the table as any crud table; only the hooks need its own row type.
  const table: CrudTable = typedTable;

  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const fieldsOf = (schema: z.ZodType) => Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  const recordFields = fieldsOf(resource.record);

  function column(field: string): PgColumn {
    const col = columns[field];
    if (!col) throw new Error(`${resource.name}: no column for field ${field}`);
    return col;
  }

  const uniqueRules = uniqueRulesByIndex(table, resource.unique);
  const derivedFields = hooks.derivedFields ?? {};
  const selection = { ...columns, ...derivedFields };

  // A list reads just the fields its rows answer: their columns (and the id), never the rest of the
  // row (a customer's password hash), and the relations only when it shows one of theirs. A list row
  // smaller than the record (a product without its variants) reads fewer still.
  const hasListRow = resource.listRow !== resource.record;
  const listFields = hasListRow ? fieldsOf(resource.listRow) : recordFields;
  const listSelection = Object.fromEntries(Object.entries(selection).filter(([field]) => field === 'id' || listFields.includes(field)));
  const listNeedsRelations = !hasListRow || listFields.some((field) => !(field in selection));

  /** What search and sort compare: a column, or a derived field (text). */
  function fieldExpression(field: string): { expression: PgColumn | SQL; isText: boolean } {
    const derived = derivedFields[field];
    if (derived) return { expression: derived, isText: true };
    const col = column(field);
    return { expression: col, isText: col.dataType === 'string' };
  }

  // Checked once at start-up, so a resource cannot declare a search or a filter the service ignores.
  const trigramIndexed = trigramIndexedColumns(table);
  const searchExpressions = resource.searchable.map((field) => {
    const { expression, isText } = fieldExpression(field);
    if (!isText) throw new Error(`${resource.name}: searchable field ${field} is not text; filter it instead`);
    if (!hooks.searchText && !(field in derivedFields) && !trigramIndexed.has(column(field).name)) {
      throw new Error(`${resource.name}: searchable field ${field} has no trigram index; add searchIndexes(...) to its table`);
    }
    return expression;
  });
  if (hooks.searchText && !trigramIndexed.has(hooks.searchText.name)) {
    throw new Error(`${resource.name}: its search text ${hooks.searchText.name} has no trigram index`);
  }
  const search = (term: string | undefined) =>
    hooks.searchText ? searchLoweredCondition([hooks.searchText], term) : searchCondition(searchExpressions, term);
  const filterTargets = Object.fromEntries(
    Object.keys(resource.filters).map((name) => {
      const target = (hooks.filterTargets as Record<string, FilterTarget<unknown>> | undefined)?.[name] ?? derivedFields[name] ?? columns[name];
      if (!target) throw new Error(`${resource.name}: filter ${name} has no column and no filterTargets entry`);
      return [name, target];
    }),
  ) as FilterTargets<R['filters']>;
  for (const field of resource.sortable) {
    const sortText = expressionText(sortExpressionOf(field).expression);
    if (!hasSortIndex(table, sortText)) {
      throw new Error(`${resource.name}: sortable field ${field} has no index for its order; add listIndex(..., t, ${sortText}) to its table`);
    }
  }
  // A resource that declares its own status filter (or has named states, which get one) reads `status`
  // through it; the others keep the plain `status=active|inactive` of every list.
  const statusFilter = resource.filters.status;

  function pick(fields: readonly string[], row: Row, relations?: Row): Row {
    // Every list row passes here: one object per row, no spread copies.
    const picked: Row = {};
    for (const field of fields) picked[field] = toIso(relations && field in relations ? relations[field] : row[field]);
    return picked;
  }

  async function withRelations(source: Db, rows: Row[], fields: readonly string[] = recordFields): Promise<TRecord[]> {
    const relations = hooks.loadRelations && rows.length ? await hooks.loadRelations(source, rows.map((r) => r.id as number)) : undefined;
    return rows.map((row) => pick(fields, row, relations?.get(row.id as number)) as TRecord);
  }

  async function listRowsOf(source: Db, rows: Row[]): Promise<TListRow[]> {
    if (listNeedsRelations) return (await withRelations(source, rows, listFields)) as TListRow[];
    return rows.map((row) => pick(listFields, row) as TListRow);
  }

  function listWhere(query: ListQuery & Record<string, unknown>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [isLive(table)];
    conditions.push(search(query.search));
    if (!statusFilter && query.status && table.status) conditions.push(eq(table.status, query.status === 'active'));
    // Callers inside the server may still pass the plain spelling ('active'), which a yes/no status filter reads as true.
    const isPlainSpelling = statusFilter?.kind === 'boolean' && typeof query.status === 'string';
    const filters = isPlainSpelling ? { ...query, status: query.status === statusFilter.trueValue } : query;
    conditions.push(...filterConditions(resource.filters, filters, filterTargets));
    conditions.push(hooks.listFilters?.(query));
    return and(...conditions);
  }

  /**
   * The list's order: the sort field (text compared lower-cased, a missing text as empty), then the id.
   * A text column that cannot be missing is sorted by `lower(col)` alone: the expression its unique
   * or search index holds, so the order can walk that index (users by name).
   */
  function sortOf(query: ListQuery): { expression: SQL | PgColumn; sqlType: string; isAscending: boolean } {
    const field = query.sort ?? resource.defaultSort.field;
    if (!resource.sortable.includes(field)) throw invalidField('sort', `Sorting by ${field} is not supported.`);
    return { ...sortExpressionOf(field), isAscending: (query.order ?? (query.sort ? 'asc' : resource.defaultSort.order)) === 'asc' };
  }

  /** What a field is sorted by, and its SQL type (an export's keyset casts the last value back to it). */
  function sortExpressionOf(field: string): { expression: SQL | PgColumn; sqlType: string } {
    const { expression: value, isText } = fieldExpression(field);
    const canBeMissing = !is(value, Column) || !value.notNull;
    const expression = !isText ? value : canBeMissing ? sql`lower(coalesce(${value}, ''))` : sql`lower(${value})`;
    return { expression, sqlType: isText ? 'text' : (value as PgColumn).getSQLType() };
  }

  function orderBy(query: ListQuery) {
    const { expression, isAscending } = sortOf(query);
    const direction = isAscending ? asc : desc;
    return [direction(expression), direction(table.id)];
  }

  async function findLive(source: Db, id: number, lock: boolean): Promise<Row> {
    const query = source.select(selection).from(table).where(and(eq(table.id, id), isLive(table)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound();
    return row as Row;
  }

  async function assertUnique(tx: Db, values: Row, id?: number) {
    for (const { field, label } of resource.unique) {
      const value = values[field];
      if (typeof value !== 'string') continue;
      const [clash] = await tx
        .select({ id: table.id })
        .from(table)
        .where(
          and(isLive(table), eq(sql`lower(${column(field)})`, value.toLowerCase()), id ? ne(table.id, id) : undefined),
        )
        .limit(1);
      if (clash) {
        const message = MESSAGES.duplicate(label);
        throw conflict(message, [{ path: [field], message }]);
      }
    }
  }

  /**
   * A unique value taken by a write that committed between our check and our insert (two saves of
   * the same name at once): the same 409 and message as the check gives. A clash in another table
   * (a child row) is left to the generic answer of http/errors.ts.
   */
  function duplicateFromRace(error: unknown) {
    const dbError = databaseErrorOf(error);
    if (dbError?.code !== '23505' || !dbError.constraint || !uniqueRules.has(dbError.constraint)) return undefined;
    const rule = uniqueRules.get(dbError.constraint);
    const message = MESSAGES.duplicate(rule?.label ?? resource.label);
    return conflict(message, rule ? [{ path: [rule.field], message }] : undefined);
  }

  async function columnValues(input: TCreate | TUpdate, args: WriteArgs<TCreate | TUpdate, TRow>): Promise<Row> {
    if (hooks.toValues) return hooks.toValues(input, args);
    return Object.fromEntries(Object.entries(input as Row).filter(([key]) => key in columns && !(key in STANDARD_FIELDS)));
  }

  async function getWith(source: Db, id: number): Promise<TRecord> {
    const [record] = await withRelations(source, [await findLive(source, id, false)]);
    return record as TRecord;
  }

  /**
   * Runs one write: lock, rules (`check`, the write's own before-hook), change, relations, audit; all
   * in one transaction.
   */
  async function write(
    action: WriteAction,
    context: RequestContext,
    opts: {
      id?: number;
      input?: TCreate | TUpdate;
      version?: number;
      check: (tx: Db, existing: TRow | undefined) => Promise<void> | undefined;
      change: (tx: Db, existing: TRow | undefined) => Promise<number>;
    },
  ): Promise<number> {
    const transaction = db.transaction(async (tx) => {
      await hooks.lockFirst?.(tx, action);
      const existing = opts.id === undefined ? undefined : ((await findLive(tx, opts.id, true)) as TRow);
      if (existing && opts.version !== undefined) await assertVersion(tx, resource.entity, existing as Row, opts.version);
      const args: WriteArgs<TCreate | TUpdate, TRow> = { action, input: opts.input, existing, context };
      await opts.check(tx, existing);
      const before = existing ? ((await withRelations(tx, [existing as Row]))[0] as Row) : null;
      const id = await opts.change(tx, existing);
      if (opts.input !== undefined) await hooks.saveRelations?.(tx, id, opts.input, args);
      const after = action === 'delete' ? null : ((await getWith(tx, id)) as Row);
      await hooks.afterWrite?.(tx, { ...args, id, before, after });
      await writeAudit(tx, context, { action, entity: resource.entity, entityId: id, before, after });
      return id;
    });
    return transaction.catch((error: unknown) => {
      throw duplicateFromRace(error) ?? error;
    });
  }

  /** A change between named states that the resource's transitions do not list: 409, nothing written. */
  function assertTransition(from: unknown, to: unknown) {
    const states = resource.status;
    if (states?.kind !== 'states' || isAllowedTransition(states, String(from), String(to))) return;
    const label = (value: unknown) => statusLabelOf(states, value);
    const allowed = (states.transitions?.[String(from)] ?? []).map(label).join(', ');
    throw conflict(MESSAGES.stateTransitionRefused(label(from), label(to), allowed));
  }

  /**
   * A list asked for with nothing but paging (every list's first screen, and most requests) runs one
   * statement prepared once: nothing is built per request, and PostgreSQL keeps it per connection.
   */
  function isPlainPage(query: ListQuery & Record<string, unknown>) {
    if (hooks.listFilters) return false;
    for (const key in query) if (key !== 'page' && key !== 'pageSize' && query[key] !== undefined) return false;
    return true;
  }
  let plainPageStatement: ReturnType<typeof preparePlainPage> | undefined;
  function preparePlainPage() {
    const plain = { page: 1, pageSize: 1 };
    const where = listWhere(plain);
    return db
      .select({ ...listSelection, [TOTAL_FIELD]: exactTotal(where) })
      .from(table)
      .where(where)
      .orderBy(...orderBy(plain))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`list_${resource.name.replace(/\W/g, '_')}_${++preparedLists}`);
  }
  const plainPage = () => (plainPageStatement ??= preparePlainPage());

  /**
   * The exact total carried by each row of a page: a count of the same rows as a scalar subquery,
   * which PostgreSQL runs once per statement (an InitPlan), from whichever index serves it, while the
   * page walks the index of its order. A window count (`count(*) over ()`) kept every matching row,
   * whole, before the page was cut: 68 ms for the first page of 50,000 users.
   */
  function exactTotal(where: SQL | undefined) {
    return sql<number>`(select cast(count(*) as integer) from ${table} where ${where ?? sql`true`})`;
  }

  const tableSize = tableSizeEstimate(table);
  /**
   * Whether the list's total stops at the cap: as the resource declares, or else when the planner
   * puts the table above EXACT_TOTALS_MAX_ROWS (list-totals.ts), so a list is fast by default.
   */
  async function isTotalCapped(source: Db): Promise<boolean> {
    if (resource.totals) return resource.totals === 'capped';
    return (await tableSize(source)).rows > EXACT_TOTALS_MAX_ROWS;
  }

  /** How many rows match, stopping after `upTo`: `count(*)` over a limited subquery. */
  async function countUpTo(source: Db, where: SQL | undefined, upTo: number) {
    const matching = source.select({ one: sql`1` }).from(table).where(where).limit(upTo).as('matching');
    return (await source.select({ total: count() }).from(matching))[0]?.total ?? 0;
  }

  /**
   * A page of rows that carry the exact total. A page past the end has no row to carry it, so only
   * then is it counted on its own; an empty first page needs no count: nothing matches.
   */
  async function pageWithTotal(rows: Row[], query: ListQuery, source: Db, where: () => SQL | undefined): Promise<ListResponse<TListRow>> {
    const total = rows.length
      ? (rows[0]![TOTAL_FIELD] as number)
      : query.page === 1
        ? 0
        : ((await source.select({ total: count() }).from(table).where(where()))[0]?.total ?? 0);
    return { items: await listRowsOf(source, rows), total, page: query.page, pageSize: query.pageSize };
  }

  const service: CrudService<TCreate, TUpdate, TRecord, TStatusValue, TListRow> = {
    async list(query, source = db) {
      const paging = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
      const isCapped = await isTotalCapped(source);
      if (!isCapped && source === db && isPlainPage(query)) {
        // Nothing built per request: the prepared page with its exact total.
        return pageWithTotal((await plainPage().execute(paging)) as Row[], query, source, () => listWhere(query));
      }
      const where = listWhere(query);
      const order = orderBy(query);
      if (isCapped) {
        // A big table: the page comes from the index in order, and the count stops at the cap instead
        // of walking every matching row (or is skipped when the planner expects far more); a page
        // past the cap counts as far as itself, so the pager still offers the next one.
        const cap = countCap(isTextMatch(resource.filters as FilterDefinitions, query) ? CAPPED_TEXT_TOTAL : CAPPED_TOTAL, paging);
        const page = source.select(listSelection).from(table).where(where).orderBy(...order).limit(paging.limit).offset(paging.offset);
        const counted = async () =>
          countToCap(cap, {
            size: await tableSize(source),
            plannedMatches: isPlainPage(query) ? null : () => plannedRows(source, table, where),
            countUpTo: (upTo) => countUpTo(source, where, upTo),
          });
        // Side by side on the pool; in turn in a caller's transaction (one connection: node-postgres
        // would queue the second, a use it deprecates).
        const [rows, total] = source === db ? await Promise.all([page, counted()]) : [await page, await counted()];
        return { items: await listRowsOf(source, rows as Row[]), page: query.page, pageSize: query.pageSize, ...cappedTotal(total, cap, rows.length, paging) };
      }
      // The page and its exact total in one round trip.
      const rows = (await source
        .select({ ...listSelection, [TOTAL_FIELD]: exactTotal(where) })
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(paging.limit)
        .offset(paging.offset)) as Row[];
      return pageWithTotal(rows, query, source, () => where);
    },

    get: (id, source = db) => getWith(source, id),

    async create(received, context) {
      const input = hooks.prepareInput ? ((await hooks.prepareInput(received)) as TCreate) : received;
      const id = await write('create', context, {
        input,
        check: (tx) => hooks.beforeCreate?.(tx, { input, context }),
        change: async (tx) => {
          const values = await columnValues(input, { action: 'create', input, context });
          await assertUnique(tx, values);
          const [inserted] = await tx
            .insert(table)
            .values({ ...values, createdBy: context.actor.id, updatedBy: context.actor.id })
            .returning({ id: table.id });
          return inserted!.id as number;
        },
      });
      return getWith(db, id);
    },

    async update(id, received, version, context) {
      const input = hooks.prepareInput ? ((await hooks.prepareInput(received)) as TUpdate) : received;
      await write('update', context, {
        id,
        input,
        version,
        check: (tx, existing) => hooks.beforeUpdate?.(tx, { input, existing: existing!, context }),
        change: async (tx, existing) => {
          const values = await columnValues(input, { action: 'update', input, existing, context });
          await assertUnique(tx, values, id);
          await tx
            .update(table)
            .set({ ...values, version: sql`${table.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id })
            .where(eq(table.id, id));
          return id;
        },
      });
      return getWith(db, id);
    },

    async setStatus(id, status, version, context) {
      if (!table.status || !resource.status) throw notFound();
      await write('status', context, {
        id,
        version,
        check: (tx, existing) => {
          assertTransition((existing as Row).status, status);
          return hooks.beforeStatus?.(tx, { status, existing: existing!, context });
        },
        change: async (tx) => {
          await tx
            .update(table)
            .set({ status, version: sql`${table.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id })
            .where(eq(table.id, id));
          return id;
        },
      });
      return getWith(db, id);
    },

    async remove(id, context) {
      await write('delete', context, {
        id,
        check: (tx, existing) => hooks.beforeDelete?.(tx, { existing: existing!, context }),
        change: async (tx) => {
          await tx
            .update(table)
            .set({ deletedAt: new Date(), deletedBy: context.actor.id, version: sql`${table.version} + 1` })
            .where(eq(table.id, id));
          return id;
        },
      });
    },

    async count(query, upTo) {
      const where = listWhere(query);
      if (upTo === undefined) return (await db.select({ total: count() }).from(table).where(where))[0]?.total ?? 0;
      return countUpTo(db, where, upTo);
    },

    async *iterate(query) {
      for await (const batch of service.iterateBatches(query)) yield* batch as TRecord[];
    },

    async *iterateBatches(query, fields) {
      const wanted = fields ? [...new Set(['id', ...fields])].filter((field) => recordFields.includes(field)) : recordFields;
      const batchSelection = fields ? Object.fromEntries(Object.entries(selection).filter(([field]) => wanted.includes(field))) : selection;
      const needsRelations = !fields || wanted.some((field) => !(field in selection));
      // Keyset pages in the list's order: each batch starts after the last (sort value, id) seen, so
      // the walk costs the same at row 1,000,000 as at row 1 and never counts.
      const where = listWhere(query);
      const { expression, sqlType, isAscending } = sortOf(query);
      const direction = isAscending ? asc : desc;
      const batchAfter = async (after?: { value: unknown; id: number }) => {
        // The last sort value travels as PostgreSQL's own text of it and is cast back, so nothing is
        // lost on the way (a JavaScript Date would drop a timestamp's microseconds and skip rows).
        const key = after && sql`cast(${after.value} as ${sql.raw(sqlType)})`;
        // Spelled `sort >= key and (sort > key or id > last id)` rather than as a row comparison, so an
        // index on the sort column alone bounds the scan (a row comparison needs an index on both).
        const rest = key
          ? isAscending
            ? sql`${expression} >= ${key} and (${expression} > ${key} or ${table.id} > ${after.id})`
            : sql`${expression} <= ${key} and (${expression} < ${key} or ${table.id} < ${after.id})`
          : undefined;
        const rows = (await db
          .select({ ...batchSelection, [SORT_KEY_FIELD]: sql<string>`cast(${expression} as text)` })
          .from(table)
          .where(and(where, rest))
          .orderBy(direction(expression), direction(table.id))
          .limit(ITERATE_BATCH)) as Row[];
        const last = rows.at(-1);
        const next = last && rows.length === ITERATE_BATCH ? { value: last[SORT_KEY_FIELD], id: last.id as number } : undefined;
        const records = needsRelations ? ((await withRelations(db, rows, wanted)) as Row[]) : rows.map((row) => pick(wanted, row));
        return { records, next };
      };
      let batch = batchAfter();
      for (;;) {
        const { records, next } = await batch;
        if (next) {
          // The next batch is read while this one is written out: the database's work overlaps ours.
          // Handled here too, so a consumer that stops early leaves no unhandled rejection behind.
          batch = batchAfter(next);
          batch.catch(() => undefined);
        }
        if (records.length) yield records;
        if (!next) return;
      }
    },

    async applyToMany(ids, change, query, context, commit) {
      if (change.action === 'status' && (!table.status || !resource.status)) throw notFound();
      const idIn = (list: readonly number[]) => sql`${table.id} = any(${arrayParam(list, 'int')})`;
      return db.transaction(async (tx) => {
        await hooks.lockFirst?.(tx, change.action);
        // Locked in id order, as every bulk action locks, so two of them never wait for each other in a circle;
        // a row changed meanwhile is read again under the lock and left out if it no longer matches.
        const rows = (await tx
          .select(selection)
          .from(table)
          .where(and(idIn(ids), listWhere(query)))
          .orderBy(asc(table.id))
          .for('update')) as TRow[];
        const refusals: string[] = [];
        for (const existing of rows) {
          try {
            if (change.action === 'status') {
              assertTransition((existing as Row).status, change.status);
              await hooks.beforeStatus?.(tx, { status: change.status, existing, context });
            } else {
              await hooks.beforeDelete?.(tx, { existing, context });
            }
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            refusals.push(`${nameOf(existing as Row)}: ${error.message}`);
          }
        }
        if (refusals.length) {
          const shown = refusals.slice(0, BULK_REFUSALS_SHOWN).join(' ');
          throw conflict(MESSAGES.bulkBlocked(refusals.length, rows.length, refusals.length > BULK_REFUSALS_SHOWN ? `${shown} …` : shown));
        }
        const locked = rows.map((row) => (row as Row).id as number);
        const written =
          change.action === 'status'
            ? await tx
                .update(table)
                .set({ status: change.status, version: sql`${table.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id })
                .where(and(idIn(locked), ne(table.status!, change.status)))
                .returning({ id: table.id })
            : await tx
                .update(table)
                .set({ deletedAt: new Date(), deletedBy: context.actor.id, version: sql`${table.version} + 1` })
                .where(idIn(locked))
                .returning({ id: table.id });
        const changedIds = new Set(written.map((row) => row.id as number));
        const changedRows = rows.filter((row) => changedIds.has((row as Row).id as number));
        for (let start = 0; start < changedRows.length; start += BULK_BATCH) {
          const batch = changedRows.slice(start, start + BULK_BATCH);
          const befores = (await withRelations(tx, batch as Row[])) as Row[];
          const entries = befores.map((before) => ({
            action: change.action,
            entity: resource.entity,
            entityId: before.id as number,
            before,
            after: change.action === 'delete' ? null : { ...before, status: change.status },
          }));
          for (const [i, entry] of entries.entries()) {
            await hooks.afterWrite?.(tx, { action: change.action, existing: batch[i], context, id: entry.entityId, before: entry.before, after: entry.after });
          }
          await writeAudits(tx, context, entries);
        }
        const outcome = { matched: rows.length, changed: changedRows.length };
        await commit?.(tx, outcome);
        return outcome;
      });
    },
  };

  /** How a refusal names a record: by its first unique field (a shipping rate's name), and its id. */
  function nameOf(row: Row): string {
    const field = resource.unique[0]?.field;
    const name = field === undefined ? undefined : row[field];
    return typeof name === 'string' ? `"${name}" (#${String(row.id)})` : `#${String(row.id)}`;
  }

  return service;
}

/** Refusals a bulk action's 409 names one by one; the count says how many more there were. */
const BULK_REFUSALS_SHOWN = 10;
/** Records whose relations, hooks and audit rows a bulk action handles at once. */
const BULK_BATCH = 1000;

/** Names each service's prepared list statement apart (node-postgres keys them by name per connection). */
let preparedLists = 0;

/** The exact total read with a list page; not a field of any record. */
const TOTAL_FIELD = '__total';
/** The sort value read with each row of an export, to start the next batch after it. */
const SORT_KEY_FIELD = '__sortKey';
const ITERATE_BATCH = 1000;

const STANDARD_FIELDS: Record<StandardColumnName, true> = {
  id: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  createdBy: true,
  updatedBy: true,
  deletedAt: true,
  deletedBy: true,
};
