import { SHOP_TIME_ZONE } from '@facet/contract/format';
import type { FilterDefinition, FilterDefinitions, FilterValue, ListQueryDefinition, ListQueryOf } from '@facet/contract/list-query';
import { filterValuesOf } from '@facet/contract/list-query';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, gt, gte, inArray, like, lt, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * The pieces of a list query as SQL, for the generic crud service and for hand-written lists alike
 * (diamonds, orders, products): filters through a typed map from filter to column, search over
 * indexed text expressions, sort with an id tiebreak, paging. Values always travel as parameters.
 */

/** A column or expression a filter compares, or a function building the condition itself (overlaps, joins). */
export type FilterTarget<F> = PgColumn | SQL | ((value: FilterValue<F>) => SQL | undefined);
export type FilterTargets<D extends FilterDefinitions> = { [K in keyof D]: FilterTarget<D[K]> };

/** A day in the shop's time zone as the instant it starts; `to` days are included up to the next midnight. */
const startOfShopDay = (day: string, plusDays = 0) => sql`((cast(${day} as date) + ${plusDays}::int)::timestamp at time zone ${SHOP_TIME_ZONE})`;

/** The condition of one filter on a column or expression: any of, equal, between (ends included). */
function columnCondition(filter: FilterDefinition, expression: PgColumn | SQL, value: unknown): SQL | undefined {
  // drizzle's operators take a column or an SQL expression alike; their overloads only want one of them named.
  const target = expression as PgColumn;
  switch (filter.kind) {
    case 'choice':
    case 'ids':
      return inArray(target, value as (string | number)[]);
    case 'boolean':
      return eq(target, value as boolean);
    case 'range': {
      const { from, to } = value as { from?: number; to?: number };
      return and(from === undefined ? undefined : gte(target, from), to === undefined ? undefined : lte(target, to));
    }
    case 'dateRange': {
      const { from, to } = value as { from?: string; to?: string };
      return and(from === undefined ? undefined : gte(target, startOfShopDay(from)), to === undefined ? undefined : lt(target, startOfShopDay(to, 1)));
    }
    case 'text':
      return filter.match === 'equals' ? eq(target, value as string) : searchCondition([expression], value as string);
  }
}

/** The conditions of the filters a query carries, each on its target. */
export function filterConditions<D extends FilterDefinitions>(filters: D, query: Record<string, unknown>, targets: FilterTargets<D>): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, value] of Object.entries(filterValuesOf(filters, query))) {
    const target = targets[name as keyof D];
    const condition = typeof target === 'function' ? (target as (value: unknown) => SQL | undefined)(value) : columnCondition(filters[name]!, target, value);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/**
 * A range filter over a band stored as two columns (carats from-to): the bands that overlap the
 * range asked for, so from = to = one value finds the band holding it.
 */
export function rangeOverlaps(lowColumn: PgColumn | SQL, highColumn: PgColumn | SQL) {
  const [low, high] = [lowColumn as PgColumn, highColumn as PgColumn];
  return ({ from, to }: { from?: number; to?: number }) =>
    and(to === undefined ? undefined : lte(low, to), from === undefined ? undefined : gte(high, from));
}

/** `term` as a literal inside a `like` pattern: its `%`, `_` and backslashes escaped. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive substring search over text expressions, each compared as `lower(expression)`:
 * the expression a trigram index (`gin (lower(col) gin_trgm_ops)`) serves. Only text is searched;
 * a cast of a number or date to text would leave every row to be scanned.
 */
export function searchCondition(expressions: readonly (PgColumn | SQL)[], search: string | undefined): SQL | undefined {
  return searchLoweredCondition(expressions.map((expression) => sql`lower(${expression})`), search);
}

/**
 * The same search over expressions that already hold lowercased text: a stored generated column
 * `lower(col)` with a trigram index on it (`gin (col gin_trgm_ops)`). A search that reads many rows
 * (the count of a common word, a model number the planner walks the list's order for) then compares
 * stored text instead of computing lower() on every row, which costs more than the comparison.
 */
export function searchLoweredCondition(expressions: readonly (PgColumn | SQL)[], search: string | undefined): SQL | undefined {
  if (!search || !expressions.length) return undefined;
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return or(...expressions.map((expression) => like(expression as PgColumn, pattern)));
}

export interface ListQuerySpec<D extends FilterDefinitions> {
  definition: ListQueryDefinition<D>;
  /** Where each filter of the definition applies; every filter must have one (the type says so). */
  filters: FilterTargets<D>;
  /** Text expressions the search box matches. */
  search?: readonly (PgColumn | SQL)[];
  /** The expression of each sortable field. */
  sort: Readonly<Record<string, PgColumn | SQL>>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Conditions every row must meet whatever the query (live rows only, one kind of record). */
  base?: SQL;
}

/**
 * The where, order, limit and offset of one page of a list, for a hand-written list query:
 * `db.select().from(t).where(where).orderBy(...orderBy).limit(limit).offset(offset)`.
 */
export function applyListQuery<D extends FilterDefinitions>(table: { id: PgColumn }, query: ListQueryOf<D>, spec: ListQuerySpec<D>) {
  const params = query as unknown as Record<string, unknown> & { search?: string; sort?: string; order?: 'asc' | 'desc'; page: number; pageSize: number };
  const where = and(spec.base, searchCondition(spec.search ?? [], params.search), ...filterConditions(spec.definition.filters, params, spec.filters));
  const field = params.sort ?? spec.defaultSort.field;
  const expression = spec.sort[field];
  if (!expression) throw new Error(`no sort expression for ${field}`);
  const direction = (params.order ?? (params.sort ? 'asc' : spec.defaultSort.order)) === 'asc' ? asc : desc;
  return { where, orderBy: [direction(expression), direction(table.id)], limit: params.pageSize, offset: (params.page - 1) * params.pageSize };
}

/** Ids a keyset batch of a bulk selection holds. */
const SELECTION_BATCH = 1000;

/**
 * The ids of the rows of `table` meeting `where`, a batch at a time in id order: a keyset walk (no
 * offset, no count), so the thousandth batch costs what the first does. A hand-written list's bulk
 * selection (the products its filters select).
 */
export async function* idsWhere(db: Db, table: PgTable & { id: PgColumn }, where: SQL | undefined): AsyncGenerator<number[]> {
  for (let after = 0; ; ) {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(where, gt(table.id, after)))
      .orderBy(asc(table.id))
      .limit(SELECTION_BATCH);
    if (rows.length) yield rows.map((row) => row.id as number);
    if (rows.length < SELECTION_BATCH) return;
    after = rows[rows.length - 1]!.id as number;
  }
}

/** How many rows of `table` meet `where`. */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
