import type { TablePaginationConfig, TableProps } from 'antd';
import type { ListQuery } from '@facet/contract/api';
import { listQuerySchema } from '@facet/contract/api';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export type ListQueryChange = Partial<Record<string, string | number | undefined>>;

/** What the URL holds for a list: the parsed query, and the valid parameters as written (for API calls and links). */
export interface ListQueryState<Q> {
  query: Q;
  /** The URL's parameters the schema accepted, as strings: what the list's API call and export send. */
  params: Record<string, string>;
}

/**
 * Reads a list's URL with its schema. A parameter the schema refuses (hand-edited, or from an older
 * link) is dropped on its own, so one bad filter does not throw away the page, search and the rest.
 */
export function readListQuery<Q>(schema: z.ZodType<Q>, search: URLSearchParams): ListQueryState<Q> {
  const params = Object.fromEntries(search);
  for (let attempt = 0; attempt <= Object.keys(params).length; attempt++) {
    const parsed = schema.safeParse(params);
    if (parsed.success) return { query: parsed.data, params };
    for (const issue of parsed.error.issues) delete params[String(issue.path[0])];
  }
  return { query: schema.parse({}), params: {} };
}

/**
 * The list's page, page size, search, sort, order and filters, kept in the URL query so Back, reload
 * and a return from a form (Back, Cancel or a save) restore them. Read with the API's own schema
 * (the resource's `listQuery.schema`, or a hand-written list's `defineListQuery(...).schema`).
 */
export function useListQuery<Q = ListQuery>(
  schema: z.ZodType<Q> = listQuerySchema as unknown as z.ZodType<Q>,
): [Q, (change: ListQueryChange, options?: { replace?: boolean }) => void, Record<string, string>] {
  const [searchParams, setParams] = useSearchParams();
  const { query, params } = useMemo(() => readListQuery(schema, searchParams), [schema, searchParams]);
  const defaults = useMemo(() => schema.parse({}) as Record<string, unknown>, [schema]);

  const change = useCallback(
    (values: ListQueryChange, options?: { replace?: boolean }) => {
      // A change starts from the browser's URL, not from `searchParams`: react-router renders a
      // navigation in a transition, so for a moment the page shows (and a functional update
      // receives) the previous query while the URL already holds the new one. A page click right
      // after Apply then wrote `?page=2` and dropped the filters it had just applied.
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(values)) {
        const isDefault = value === undefined || value === '' || value === defaults[key];
        if (isDefault) next.delete(key);
        else next.set(key, String(value));
      }
      setParams(next, { replace: options?.replace });
    },
    [setParams, defaults],
  );
  return [query, change, params];
}

/** A table's paging and sorting (antd's onChange), written to the list's URL query; a new sort starts at page 1. */
export function tableChangeToQuery<T>(changeQuery: (change: ListQueryChange) => void): NonNullable<TableProps<T>['onChange']> {
  return (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate') changeQuery({ page: pagination.current, pageSize: pagination.pageSize });
    if (action === 'sort') {
      const { columnKey, order } = Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter;
      const direction = order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined;
      changeQuery({ sort: direction ? String(columnKey) : undefined, order: direction, page: undefined });
    }
  };
}

/**
 * A list's pager, from its URL query and its last answer; a capped total (big tables) reads "more
 * than N". `pageSizeOptions` when the list's default size is not antd's (products: 20).
 */
export function listPagination(
  query: { page: number; pageSize: number },
  answer: { total: number; totalIsCapped?: boolean } | undefined,
  pageSizeOptions?: number[],
): TablePaginationConfig {
  return {
    current: query.page,
    pageSize: query.pageSize,
    total: answer?.total ?? 0,
    showSizeChanger: true,
    ...(pageSizeOptions && { pageSizeOptions }),
    showTotal: (total) => `Total ${answer?.totalIsCapped ? 'more than ' : ''}${total} ${total === 1 ? 'record' : 'records'}`,
  };
}
