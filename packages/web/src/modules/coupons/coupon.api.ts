import { COUPON_SEARCH_MIN_LENGTH } from '@facet/contract/modules/coupons/coupon.schema';
import type { CouponChoice } from '@facet/contract/modules/coupons/coupon.schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

const BASE = '/api/coupons/choices';

/** The categories a coupon may name (every live one but the root). */
export const useCategoryChoices = () => useQuery({ queryKey: ['coupons', 'choices', 'categories'], queryFn: () => apiRequest<CouponChoice[]>(`${BASE}/categories`) });

/** The customer groups, to narrow the customer search. */
export const useCustomerGroupChoices = () =>
  useQuery({ queryKey: ['coupons', 'choices', 'customer-groups'], queryFn: () => apiRequest<CouponChoice[]>(`${BASE}/customer-groups`) });

/** Products or customers matching the term: sent only from 3 characters (document 3 §5). */
export function useChoiceSearch(kind: 'products' | 'customers', term: string, customerGroupId?: number) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: ['coupons', 'choices', kind, trimmed.toLowerCase(), customerGroupId ?? 0],
    queryFn: () => apiRequest<CouponChoice[]>(`${BASE}/${kind}`, { query: { term: trimmed, customerGroupId } }),
    enabled: trimmed.length >= COUPON_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
