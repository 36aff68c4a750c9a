import type { ListQuery, ListResponse } from '@facet/contract/api';
import { SHOP_TIME_ZONE, formatDateTime } from '@facet/contract/format';
import { MESSAGES } from '@facet/contract/messages';
import type { ResourceDefinition } from '@facet/contract/resource';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { conflict, invalidField, notFound } from '../http/errors.ts';
import type { RequestContext } from '../http/context.ts';
import { writeAudit } from '../modules/audit/audit.service.ts';
import { users } from '../modules/users/user.table.ts';
import type { Db } from './client.ts';
import type { standardColumns } from './columns.ts';

type StandardColumnName = keyof typeof standardColumns;
/** A table built with `standardColumns` (and optionally `statusColumn`). */
export type CrudTable = PgTable & Record<StandardColumnName, PgColumn> & { status?: PgColumn };

export type Row = Record<string, unknown>;
export type WriteAction = 'create' | 'update' | 'status' | 'delete';

export interface WriteArgs<TInput> {
  action: WriteAction;
  /** Validated input (create, update). */
  input?: TInput;
  /** The live row before the change (update, status, delete); locked FOR UPDATE. */
  existing?: Row;
  context: RequestContext;
}

/** Where a resource steps out of the generic path. Each hook runs inside the write's transaction. */
export interface CrudHooks<TCreate, TUpdate> {
  /** Column values for an input; default: the input's fields that are columns of the table. */
  toValues?(input: TCreate | TUpdate, args: WriteArgs<TCreate | TUpdate>): Promise<Row> | Row;
  /** Extra record fields for a set of rows, loaded in one query (e.g. role ids of users). */
  loadRelations?(db: Db, ids: number[]): Promise<Map<number, Row>>;
  /** Writes child or link rows after the main row. */
  saveRelations?(tx: Db, id: number, input: TCreate | TUpdate, args: WriteArgs<TCreate | TUpdate>): Promise<void>;
  /** Rules beyond the schema; throw an AppError to refuse. */
  beforeWrite?(tx: Db, args: WriteArgs<TCreate | TUpdate>): Promise<void>;
  /** Consequences of a committed-to-be write, such as ending a user's sessions. */
  afterWrite?(tx: Db, args: WriteArgs<TCreate | TUpdate> & { id: number; before: Row | null; after: Row | null }): Promise<void>;
  /** Extra list filters from the query string. */
  listFilters?(query: Record<string, unknown>): SQL | undefined;
  /**
   * Text fields of the record that are not columns of the table, as SQL over its row (the name of a
   * related record). They are read with the row and can be listed in `searchable` and `sortable`.
   */
  derivedFields?: Record<string, SQL>;
}

export interface CrudService<TCreate, TUpdate, TRecord> {
  list(query: ListQuery & Record<string, unknown>, db?: Db): Promise<ListResponse<TRecord>>;
  get(id: number, db?: Db): Promise<TRecord>;
  create(input: TCreate, context: RequestContext): Promise<TRecord>;
  update(id: number, input: TUpdate, version: number, context: RequestContext): Promise<TRecord>;
  setStatus(id: number, status: boolean, version: number, context: RequestContext): Promise<TRecord>;
  remove(id: number, context: RequestContext): Promise<void>;
  /** Every live record matching the list filters, in pages, for exports. */
  iterate(query: ListQuery & Record<string, unknown>): AsyncGenerator<TRecord>;
}

function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function toIso(value: unknown) {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * The generic service behind every flat resource: paging, search, sort, soft delete, status switch,
 * optimistic version check and audit, all from the resource definition and its table.
 */
export function createCrudService<R extends ResourceDefinition>(
  db: Db,
  resource: R,
  table: CrudTable,
  hooks: CrudHooks<z.output<R['createInput']>, z.output<R['updateInput']>> = {},
): CrudService<z.output<R['createInput']>, z.output<R['updateInput']>, z.output<R['record']>> {
  type TCreate = z.output<R['createInput']>;
  type TUpdate = z.output<R['updateInput']>;
  type TRecord = z.output<R['record']>;

  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const recordShape = (resource.record as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const recordFields = Object.keys(recordShape);

  function column(field: string): PgColumn {
    const col = columns[field];
    if (!col) throw new Error(`${resource.name}: no column for field ${field}`);
    return col;
  }

  const derivedFields = hooks.derivedFields ?? {};
  const selection = { ...columns, ...derivedFields };

  /** What search and sort compare: a column, or a derived field (text). */
  function fieldExpression(field: string): { expression: PgColumn | SQL; isText: boolean } {
    const derived = derivedFields[field];
    if (derived) return { expression: derived, isText: true };
    const col = column(field);
    return { expression: col, isText: col.dataType === 'string' };
  }

  function toRecord(row: Row, relations?: Row): TRecord {
    const merged: Row = { ...row, ...relations };
    return Object.fromEntries(recordFields.map((field) => [field, toIso(merged[field])])) as TRecord;
  }

  async function withRelations(source: Db, rows: Row[]): Promise<TRecord[]> {
    const relations = hooks.loadRelations && rows.length ? await hooks.loadRelations(source, rows.map((r) => r.id as number)) : undefined;
    return rows.map((row) => toRecord(row, relations?.get(row.id as number)));
  }

  function listWhere(query: ListQuery & Record<string, unknown>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [isNull(table.deletedAt)];
    if (query.search) {
      const pattern = `%${escapeLike(query.search)}%`;
      conditions.push(or(...resource.searchable.map((field) => ilike(sql`${fieldExpression(field).expression}::text`, pattern))));
    }
    if (query.status && table.status) conditions.push(eq(table.status, query.status === 'active'));
    conditions.push(hooks.listFilters?.(query));
    return and(...conditions);
  }

  function orderBy(query: ListQuery) {
    const field = query.sort ?? resource.defaultSort.field;
    if (!resource.sortable.includes(field)) throw invalidField('sort', `Sorting by ${field} is not supported.`);
    const { expression: value, isText } = fieldExpression(field);
    const expression = isText ? sql`lower(${value})` : value;
    const direction = (query.order ?? (query.sort ? 'asc' : resource.defaultSort.order)) === 'asc' ? asc : desc;
    return [direction(expression), direction(table.id)];
  }

  async function findLive(source: Db, id: number, lock: boolean): Promise<Row> {
    const query = source.select(selection).from(table).where(and(eq(table.id, id), isNull(table.deletedAt)));
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
          and(isNull(table.deletedAt), eq(sql`lower(${column(field)})`, value.toLowerCase()), id ? ne(table.id, id) : undefined),
        )
        .limit(1);
      if (clash) {
        const message = MESSAGES.duplicate(label);
        throw conflict(message, [{ path: [field], message }]);
      }
    }
  }

  async function assertVersion(tx: Db, existing: Row, version: number) {
    if (existing.version === version) return;
    const [editor] = existing.updatedBy
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, existing.updatedBy as number))
      : [];
    const at = formatDateTime(existing.updatedAt as Date, SHOP_TIME_ZONE);
    throw conflict(MESSAGES.staleVersion(editor?.name ?? 'another user', at));
  }

  async function columnValues(input: TCreate | TUpdate, args: WriteArgs<TCreate | TUpdate>): Promise<Row> {
    if (hooks.toValues) return hooks.toValues(input, args);
    return Object.fromEntries(Object.entries(input as Row).filter(([key]) => key in columns && !(key in STANDARD_FIELDS)));
  }

  async function getWith(source: Db, id: number): Promise<TRecord> {
    const [record] = await withRelations(source, [await findLive(source, id, false)]);
    return record as TRecord;
  }

  /** Runs one write: lock, rules, change, relations, audit; all in one transaction. */
  async function write(
    action: WriteAction,
    context: RequestContext,
    opts: { id?: number; input?: TCreate | TUpdate; version?: number; change: (tx: Db, existing: Row | undefined) => Promise<number> },
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const existing = opts.id === undefined ? undefined : await findLive(tx, opts.id, true);
      if (existing && opts.version !== undefined) await assertVersion(tx, existing, opts.version);
      const args: WriteArgs<TCreate | TUpdate> = { action, input: opts.input, existing, context };
      await hooks.beforeWrite?.(tx, args);
      const before = existing ? ((await withRelations(tx, [existing]))[0] as Row) : null;
      const id = await opts.change(tx, existing);
      if (opts.input !== undefined) await hooks.saveRelations?.(tx, id, opts.input, args);
      const after = action === 'delete' ? null : ((await getWith(tx, id)) as Row);
      await hooks.afterWrite?.(tx, { ...args, id, before, after });
      await writeAudit(tx, context, { action, entity: resource.entity, entityId: id, before, after });
      return id;
    });
  }

  const service: CrudService<TCreate, TUpdate, TRecord> = {
    async list(query, source = db) {
      const where = listWhere(query);
      const order = orderBy(query);
      const [{ total } = { total: 0 }] = await source.select({ total: count() }).from(table).where(where);
      const rows = await source
        .select(selection)
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { items: await withRelations(source, rows as Row[]), total, page: query.page, pageSize: query.pageSize };
    },

    get: (id, source = db) => getWith(source, id),

    async create(input, context) {
      const id = await write('create', context, {
        input,
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

    async update(id, input, version, context) {
      await write('update', context, {
        id,
        input,
        version,
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
      if (!table.status) throw notFound();
      await write('status', context, {
        id,
        version,
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
        change: async (tx) => {
          await tx
            .update(table)
            .set({ deletedAt: new Date(), deletedBy: context.actor.id, version: sql`${table.version} + 1` })
            .where(eq(table.id, id));
          return id;
        },
      });
    },

    async *iterate(query) {
      const pageSize = 500;
      for (let page = 1; ; page++) {
        const result = await service.list({ ...query, page, pageSize });
        yield* result.items;
        if (page * pageSize >= result.total) return;
      }
    },
  };
  return service;
}

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

/** Ids among `ids` that are live rows of `table`; for validating references such as role ids. */
export async function findLiveIds(db: Db, table: CrudTable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), isNull(table.deletedAt)));
  return rows.map((r) => r.id as number);
}
