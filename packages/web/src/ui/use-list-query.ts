import type { ListQuery } from '@facet/contract/api';
import { listQuerySchema } from '@facet/contract/api';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const DEFAULT_QUERY = listQuerySchema.parse({});

export type ListQueryChange = Partial<Record<keyof ListQuery, string | number | undefined>>;

/**
 * The list's page, page size, search, sort and order, kept in the URL query so Back, reload and a
 * return from a form restore them. Read with the API's own schema; anything unreadable falls back
 * to the defaults.
 */
export function useListQuery(): [ListQuery, (change: ListQueryChange, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = listQuerySchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : DEFAULT_QUERY;

  const change = useCallback(
    (values: ListQueryChange, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(values)) {
            const isDefault = value === undefined || value === '' || value === DEFAULT_QUERY[key as keyof ListQuery];
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options?.replace },
      ),
    [setParams],
  );
  return [query, change];
}
