import type { CategoryFilterOrderInput, CategoryRecord, CategoryTreeNode } from '@facet/contract/modules/categories/category.schema';
import { categoryResource } from '@facet/contract/modules/categories/category.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { resourceKeys } from '../../ui/resource-api.ts';

const BASE = `/api/${categoryResource.name}`;

/** Under the resource's key, so saving a category refreshes the tree as well. */
const categoryTreeKey = [...resourceKeys.all(categoryResource), 'tree'] as const;

export const categoryApi = {
  tree: () => apiRequest<CategoryTreeNode[]>(`${BASE}/tree`),
  /** Saves the filter options' new order at once; answers the category with its new version. */
  saveFilterOrder: (id: number, input: CategoryFilterOrderInput) =>
    apiRequest<CategoryRecord>(`${BASE}/${id}/filter-options/order`, { method: 'PUT', body: input }),
};

export function useCategoryTree() {
  return useQuery({ queryKey: categoryTreeKey, queryFn: categoryApi.tree });
}
