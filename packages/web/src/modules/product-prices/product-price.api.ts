import type { ListResponse } from '@facet/contract/api';
import { priceUpdatePaths } from '@facet/contract/modules/product-prices/product-price.schema';
import type { PriceUpdateItem, PriceUpdateRecord, PriceUpdateStarted } from '@facet/contract/modules/product-prices/product-price.schema';
import { apiRequest, downloadFile, uploadWithProgress } from '../../api/client.ts';

export const productPriceKeys = {
  all: ['product-prices'] as const,
  list: (page: number) => ['product-prices', 'list', page] as const,
  items: (id: number, page: number) => ['product-prices', 'items', id, page] as const,
};

export const productPriceApi = {
  list: (page: number, pageSize: number) => apiRequest<ListResponse<PriceUpdateRecord>>(priceUpdatePaths.base, { query: { page, pageSize } }),
  items: (id: number, page: number, pageSize: number) => apiRequest<ListResponse<PriceUpdateItem>>(priceUpdatePaths.items(id), { query: { page, pageSize } }),
  /** Sends the sheet; 202 with the run and the job that applies it, or the spec's message (400). */
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return uploadWithProgress<PriceUpdateStarted>(priceUpdatePaths.base, { body });
  },
  rollback: (id: number) => apiRequest<PriceUpdateRecord>(priceUpdatePaths.rollback(id), { method: 'POST' }),
  downloadExample: () => downloadFile(priceUpdatePaths.example, {}, 'price-update-example.xlsx'),
};
