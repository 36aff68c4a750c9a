import { MAX_PAGE_SIZE } from '@facet/contract/api';
import { roleResource } from '@facet/contract/modules/roles/role.schema';
import { useQuery } from '@tanstack/react-query';
import { resourceApi, resourceKeys } from '../../ui/resource-api.ts';

/** Roles as select options (id and name), for the user form. A shop has a handful of roles; one page holds them all. */
export function useRoleOptions() {
  return useQuery({
    queryKey: [...resourceKeys.all(roleResource), 'options'],
    queryFn: () => resourceApi(roleResource).list({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc' }),
    select: (page) => page.items.map((role) => ({ value: role.id, label: role.name })),
  });
}
