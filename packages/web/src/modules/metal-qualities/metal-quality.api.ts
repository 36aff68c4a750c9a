import type { MetalQualityChoices } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import { metalQualityResource } from '@facet/contract/modules/metal-qualities/metal-quality.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { resourceKeys } from '../../ui/resource-api.ts';

/** The metals (with the price and labour charge the form copies) and the quality options of the form. */
export function useMetalQualityChoices() {
  return useQuery({
    queryKey: [...resourceKeys.all(metalQualityResource), 'choices'],
    queryFn: () => apiRequest<MetalQualityChoices>(`/api/${metalQualityResource.name}/choices`),
  });
}
