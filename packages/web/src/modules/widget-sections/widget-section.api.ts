import type { BestSellerPreview, OptionPageOption } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { sectionOptionResource, sectionResource } from '@facet/contract/modules/widget-sections/widget-section.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { resourceKeys } from '../../ui/resource-api.ts';

/** Under the resources' own keys, so a save of a section or an option refreshes them. */
export function useBestSellerCategories() {
  return useQuery({
    queryKey: [...resourceKeys.all(sectionResource), 'best-seller-categories'],
    queryFn: () => apiRequest<{ items: { id: number; name: string }[] }>('/api/widget-sections/best-seller-categories').then((body) => body.items),
  });
}

export function useBestSellerPreview(sectionId: number) {
  return useQuery({
    queryKey: [...resourceKeys.all(sectionResource), 'best-sellers', sectionId],
    queryFn: () => apiRequest<{ items: BestSellerPreview }>(`/api/widget-sections/${sectionId}/best-sellers`).then((body) => body.items),
  });
}

export function useOptionPageOptions() {
  return useQuery({
    queryKey: [...resourceKeys.all(sectionOptionResource), 'page-options'],
    queryFn: () => apiRequest<{ items: OptionPageOption[] }>('/api/section-options/page-options').then((body) => body.items),
  });
}

/** The option's QR code as the server draws it (a PNG named by the option's title). */
export const qrCodeUrl = (optionId: number) => `/api/section-options/${optionId}/qr-code`;
