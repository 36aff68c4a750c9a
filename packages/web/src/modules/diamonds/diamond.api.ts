import type { ListResponse } from '@facet/contract/api';
import { diamondPaths as api } from '@facet/contract/modules/diamonds/diamond.schema';
import type {
  DiamondActionResponse,
  ExchangeRateInput,
  ExchangeRateSaved,
  FeedSettings,
  FeedSettingsInput,
  DiamondListRow,
  DiamondRecord,
  DiamondUnpricedCount,
  FeedRunRecord,
  ImportService,
  ImportServiceRecord,
  SyncMode,
} from '@facet/contract/modules/diamonds/diamond.schema';
import type { QueryParams } from '../../api/client.ts';
import { apiRequest } from '../../api/client.ts';

/** Every cached stone read starts with this key, so a sale or a pull marks lists and details stale. */
export const diamondKeys = {
  all: ['diamonds'] as const,
  list: (query: QueryParams) => ['diamonds', 'list', query] as const,
  unpricedCount: (query: QueryParams) => ['diamonds', 'unpriced-count', query] as const,
  detail: (id: number) => ['diamonds', 'detail', id] as const,
};

/** The service log and the import services (System > Nivoda Logs, System > Import Services). */
export const nivodaKeys = {
  all: ['nivoda'] as const,
  logs: (query: QueryParams) => ['nivoda', 'logs', query] as const,
  services: ['nivoda', 'services'] as const,
  settings: ['nivoda', 'settings'] as const,
  exchangeRate: ['nivoda', 'exchange-rate'] as const,
};

export interface ImportServices {
  services: ImportServiceRecord[];
  incrementalMinutes: number;
  fullSyncHours: number;
}

export const diamondApi = {
  /** A page of stones; the filters travel as the URL parameters the list query reads (type, diamondType, priceFrom...). */
  list: (query: QueryParams) => apiRequest<ListResponse<DiamondListRow>>(api.list, { query }),
  /** How many stones the list with these parameters leaves out for want of a price. */
  unpricedCount: (query: QueryParams) => apiRequest<DiamondUnpricedCount>(api.unpricedCount, { query }),
  get: (id: number) => apiRequest<DiamondRecord>(api.detail(id)),
  /** Mark as sold (true) or Add to Inventory (false); answers the spec's toast and the stone as it now is. */
  setSold: (id: number, isSold: boolean) => apiRequest<DiamondActionResponse>(api.sold(id), { method: 'POST', body: { isSold } }),
  /** Pull Diamond: one stone from the feed by certificate number, into the inventory. */
  pull: (certificate: string) => apiRequest<DiamondActionResponse>(api.pull, { method: 'POST', body: { certificate } }),
};

export const nivodaApi = {
  logs: (query: QueryParams) => apiRequest<ListResponse<FeedRunRecord>>(api.logs, { query }),
  services: () => apiRequest<ImportServices>(api.services),
  /** Switches the service on and starts a run now: answers its job. */
  start: (name: ImportService, mode: SyncMode) => apiRequest<{ jobId: number; message: string }>(api.serviceStart(name), { method: 'POST', body: { mode } }),
  stop: (name: ImportService) => apiRequest<ImportServices>(api.serviceStop(name), { method: 'POST' }),
  /** The Nivoda connection and schedule; the password never comes back (`passwordIsSet`). */
  settings: () => apiRequest<FeedSettings>(api.settings),
  /** A blank password keeps the stored one. */
  saveSettings: (input: FeedSettingsInput) => apiRequest<FeedSettings>(api.settings, { method: 'PUT', body: input }),
  exchangeRate: () => apiRequest<{ rate: string | null; date: string | null }>(api.exchangeRate),
  /** Saves the USD to GBP rate; answers the repricing job it started (null when the rate did not change). */
  saveExchangeRate: (input: ExchangeRateInput) => apiRequest<ExchangeRateSaved>(api.exchangeRate, { method: 'PUT', body: input }),
};
