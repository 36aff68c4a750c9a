import { precheckUpload } from '@facet/contract/modules/media/media.schema';
import type { ProductMediaKind, ProductMediaList, ProductMediaRecord } from '@facet/contract/modules/product-media/product-media.schema';
import { PRODUCT_MEDIA_PURPOSES, effectiveMediaSearch, productMediaSku } from '@facet/contract/modules/product-media/product-media.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, uploadWithProgress } from '../../../api/client.ts';

/** Every cached list of one SKU's library starts with this key, so an upload or a delete refreshes them all. */
export const productMediaKey = (sku: string) => ['product-media', sku.trim().toLowerCase()] as const;

/** True when `sku` is a model number the library accepts (the product form's rule). */
export const isLibrarySku = (sku: string) => productMediaSku().safeParse(sku).success;

/** The library of `sku` (optionally one kind, searched from 2 characters); idle while the SKU is not valid. */
export function useProductMedia(sku: string, options: { kind?: ProductMediaKind; search?: string } = {}) {
  const search = effectiveMediaSearch(options.search);
  return useQuery({
    queryKey: [...productMediaKey(sku), options.kind ?? 'all', search ?? ''],
    queryFn: () => apiRequest<ProductMediaList>('/api/product-media', { query: { sku: sku.trim(), kind: options.kind, search } }),
    enabled: isLibrarySku(sku),
    placeholderData: keepPreviousData,
    select: (list) => list.items,
  });
}

/** Images or video, by the file's name (the server decides again from the bytes). */
export function kindOfFile(file: { name: string; type: string }): ProductMediaKind {
  return /\.(mp4|webm)$/i.test(file.name) || file.type.startsWith('video/') ? 'video' : 'image';
}

/** The early check before sending: the spec's message for a wrong type or size, or null. */
export function precheckProductMedia(file: { name: string; size: number; type: string }): string | null {
  return precheckUpload(PRODUCT_MEDIA_PURPOSES[kindOfFile(file)], file);
}

export function uploadProductMedia(sku: string, file: File, onProgress: (sent: number) => void): Promise<ProductMediaRecord> {
  const body = new FormData();
  body.append('file', file);
  return uploadWithProgress<ProductMediaRecord>('/api/product-media', { query: { sku: sku.trim(), kind: kindOfFile(file) }, body, onProgress });
}

export const deleteProductMedia = (id: number) => apiRequest<void>(`/api/product-media/${id}`, { method: 'DELETE' });
