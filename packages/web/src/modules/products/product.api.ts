import type { ListResponse } from '@facet/contract/api';
import type {
  ProductCreateInput,
  ProductFormAttribute,
  ProductFormLookup,
  ProductFormLookupRow,
  ProductListRow,
  ProductRecord,
  ProductSaveResponse,
  ProductSearchRow,
  ProductUpdateInput,
} from '@facet/contract/modules/products/product.schema';
import { PRODUCT_SEARCH_MIN_LENGTH } from '@facet/contract/modules/products/product.schema';
import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import { PRODUCT_EXPORT_FILE_NAME } from '@facet/contract/modules/products/product-sheet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../api/client.ts';
import { apiRequest, downloadFile } from '../../api/client.ts';

const BASE = '/api/products';

/** Every cached product read starts with this key, so a save or a change marks lists, details and lookups stale. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: QueryParams) => ['products', 'list', query] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
};

export const productApi = {
  /** A page of the list; the filters travel as the URL parameters the list query schema reads (page, sku, name, cid...). */
  list: (query: QueryParams) => apiRequest<ListResponse<ProductListRow>>(BASE, { query }),
  /** The list's filters, every page, as the import's own sheet (a parent row, then its variants); a big export answers with its job. */
  exportExcel: (query: QueryParams) => downloadFile<JobRecord>(`${BASE}/export`, query, `${PRODUCT_EXPORT_FILE_NAME}.xlsx`),
  get: (id: number) => apiRequest<ProductRecord>(`${BASE}/${id}`),
  create: (input: ProductCreateInput) => apiRequest<ProductSaveResponse>(BASE, { method: 'POST', body: input }),
  update: (id: number, input: ProductUpdateInput) => apiRequest<ProductSaveResponse>(`${BASE}/${id}`, { method: 'PUT', body: input }),
  setStatus: (id: number, status: boolean, version: number) =>
    apiRequest<ProductListRow>(`${BASE}/${id}/status`, { method: 'PATCH', body: { status, version } }),
  /** One row: a product with its variants, or one variant. */
  remove: (id: number) => apiRequest<void>(`${BASE}/${id}`, { method: 'DELETE' }),
  /** Delete Selected ({ ids }) or Delete All ({ all: true }); answers how many rows went, variants included. */
  /** The model number's blur check; `id` is the product being edited (its own SKU is no clash). */
  skuCheck: (sku: string, id: number | undefined) => apiRequest<{ exists: boolean; message?: string }>(`${BASE}/sku-check`, { query: { sku, id } }),
  search: (term: string) => apiRequest<ProductSearchRow[]>(`${BASE}/search`, { query: { term } }),
};

/** The attribute sets live products use: the only ones the list's filter offers (document 2 §7). */
export function useAttributeSetsWithProducts() {
  return useQuery({
    queryKey: [...productKeys.all, 'attribute-sets'],
    queryFn: () => apiRequest<{ id: number; name: string }[]>(`${BASE}/attribute-sets`),
  });
}

/** The form's attribute sets, size types or diamond shapes, read under the products permission: live rows with their switch. */
export function useFormLookup(lookup: ProductFormLookup) {
  return useQuery({
    queryKey: [...productKeys.all, 'lookups', lookup],
    queryFn: () => apiRequest<ProductFormLookupRow[]>(`${BASE}/lookups/${lookup}`),
  });
}

/** Every live attribute with its options, flagged configurable, with its group in the chosen set. */
export function useFormAttributes(attributeSetId: number | undefined) {
  return useQuery({
    queryKey: [...productKeys.all, 'form-attributes', attributeSetId ?? 0],
    queryFn: () => apiRequest<ProductFormAttribute[]>(`${BASE}/form-attributes`, { query: { attributeSetId } }),
    // Switching sets keeps the last answer on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** The vendor options and the default vendor (the shop's own name). */
export function useVendors() {
  return useQuery({
    queryKey: [...productKeys.all, 'vendors'],
    queryFn: () => apiRequest<{ defaultVendor: string; items: { id: number; name: string }[] }>(`${BASE}/vendors`),
  });
}

/** Related product search: sent only from 3 characters (document 2 §5). */
export function useProductSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: [...productKeys.all, 'search', trimmed.toLowerCase()],
    queryFn: () => productApi.search(trimmed),
    enabled: trimmed.length >= PRODUCT_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
