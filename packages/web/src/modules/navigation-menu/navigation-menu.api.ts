import type { CategoryTreeNode } from '@facet/contract/modules/categories/category.schema';
import type { MenuOrderInput, MenuPageOption, NavigationMenuItemRecord, SitemapResult } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { navigationMenuResource } from '@facet/contract/modules/navigation-menu/navigation-menu.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { resourceKeys } from '../../ui/resource-api.ts';

const BASE = `/api/${navigationMenuResource.name}`;

/** Every key of the menu screen starts with the resource's, so one invalidation refreshes the screen. */
const keys = {
  tree: [...resourceKeys.all(navigationMenuResource), 'tree'] as const,
  pages: [...resourceKeys.all(navigationMenuResource), 'page-options'] as const,
};

export const navigationMenuApi = {
  tree: () => apiRequest<{ items: NavigationMenuItemRecord[] }>(`${BASE}/tree`).then((body) => body.items),
  pageOptions: () => apiRequest<{ items: MenuPageOption[] }>(`${BASE}/page-options`).then((body) => body.items),
  saveOrder: (input: MenuOrderInput) => apiRequest<void>(`${BASE}/order`, { method: 'PUT', body: input }),
  generateSitemap: () => apiRequest<SitemapResult>(`${BASE}/sitemap`, { method: 'POST' }),
};

export function useMenuTree() {
  return useQuery({ queryKey: keys.tree, queryFn: navigationMenuApi.tree });
}

export function usePageOptions() {
  return useQuery({ queryKey: keys.pages, queryFn: navigationMenuApi.pageOptions });
}

/** The category tree lookup of the categories module (readable with the system permission). */
export function useCategoryTree() {
  return useQuery({ queryKey: ['categories', 'tree'], queryFn: () => apiRequest<CategoryTreeNode[]>('/api/categories/tree') });
}
