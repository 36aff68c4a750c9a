import { Column, SQL, StringChunk, is } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig } from 'drizzle-orm/pg-core';

/**
 * Whether a list's order can walk an index instead of sorting every matching row. A list sorts by
 * `expression, id` over live rows and takes one page: with a btree index led by the expression (over
 * live rows, then the id) PostgreSQL reads the page's 20 entries in order, either way round, and an
 * export's keyset batches start from the index too. Without one, sorting a million customers by name
 * sorted all of them for each page (754 ms). The crud service asks this for every sortable field at
 * start-up and refuses one without such an index.
 */

/** An index key or a sort expression as text, its columns by their database names: `lower(name)`, `created_at`. */
export function expressionText(expression: unknown): string {
  if (is(expression, Column)) return expression.name;
  if (is(expression, StringChunk)) return expression.value.join('');
  if (is(expression, SQL)) return expression.queryChunks.map(expressionText).join('').replace(/\s+/g, ' ').trim();
  // An index's plain column (drizzle's IndexedColumn) carries its name alone.
  const named = expression as { name?: unknown };
  if (typeof named.name === 'string') return named.name;
  throw new Error(`expressionText: cannot read ${String(expression)}`);
}

/** Index conditions a list's own condition implies: none, or the live rows (`deleted_at is null`) every list reads. */
const LIST_PREDICATES = new Set(['', 'deleted_at is null']);

/**
 * Whether `table` has a btree index that serves `order by <sortText>, id` over live rows: led by the
 * sort expression and then the id (`listIndex` of db/columns.ts), or unique on the expression alone
 * (a unique email needs no tie-break: each value is one row), with no condition beyond `deleted_at is
 * null`. The primary key serves a sort by id.
 */
export function hasSortIndex(table: PgTable, sortText: string): boolean {
  if (sortText === 'id') return true;
  return getTableConfig(table).indexes.some(({ config }) => {
    if ((config.method ?? 'btree') !== 'btree') return false;
    if (!LIST_PREDICATES.has(config.where ? expressionText(config.where) : '')) return false;
    const keys = config.columns.map(expressionText);
    if (keys[0] !== sortText) return false;
    return keys[1] === 'id' || (config.unique && keys.length === 1);
  });
}
