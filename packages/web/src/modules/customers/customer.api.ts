import type { AddressRecord } from '@facet/contract/modules/customers/address.schema';
import type { LookupEntry } from '@facet/contract/modules/customers/lookup.schema';
import { apiRequest } from '../../api/client.ts';

const addressesPath = (customerId: number) => `/api/customers/${customerId}/addresses`;

/** A customer's addresses and the country, state and city lookups the address modal picks from. */
export const customerApi = {
  addresses: async (customerId: number) => (await apiRequest<{ items: AddressRecord[] }>(addressesPath(customerId))).items,
  addAddress: (customerId: number, input: unknown) => apiRequest<AddressRecord>(addressesPath(customerId), { method: 'POST', body: input }),
  updateAddress: (customerId: number, address: AddressRecord, input: Record<string, unknown>) =>
    apiRequest<AddressRecord>(`${addressesPath(customerId)}/${address.id}`, { method: 'PUT', body: { ...input, version: address.version } }),
  removeAddress: (customerId: number, addressId: number) => apiRequest<void>(`${addressesPath(customerId)}/${addressId}`, { method: 'DELETE' }),
  countries: async () => (await apiRequest<{ items: LookupEntry[] }>('/api/lookups/countries', { query: { limit: 500 } })).items,
  states: async (countryId: string) => (await apiRequest<{ items: LookupEntry[] }>('/api/lookups/states', { query: { countryId, limit: 500 } })).items,
  cities: async (countryId: string, stateId: string, search: string) =>
    (await apiRequest<{ items: LookupEntry[] }>('/api/lookups/cities', { query: { countryId, stateId, search: search || undefined, limit: 100 } })).items,
};

export const customerKeys = {
  addresses: (customerId: number) => ['customers', customerId, 'addresses'] as const,
  countries: ['lookups', 'countries'] as const,
  states: (countryId: string) => ['lookups', 'states', countryId] as const,
  cities: (countryId: string, stateId: string, search: string) => ['lookups', 'cities', countryId, stateId, search] as const,
};
