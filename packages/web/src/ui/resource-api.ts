import type { ListQuery, ListResponse, RecordMeta } from '@facet/contract/api';
import type { ResourceDefinition, ResourceRecord } from '@facet/contract/resource';
import type { QueryParams } from '../api/client.ts';
import { apiRequest, downloadFile } from '../api/client.ts';

/** A record of resource R, with the fields every record carries (and `status` when the resource has one). */
export type RecordOf<R extends ResourceDefinition> = ResourceRecord<R> & RecordMeta & { status?: boolean };

/** The REST calls of DESIGN §4 for one resource. */
export function resourceApi<R extends ResourceDefinition>(resource: R) {
  const base = `/api/${resource.name}`;
  const at = (id: number) => `${base}/${id}`;
  return {
    /** A page of the list; filters travel as the URL parameters the list query schema reads. */
    list: (query: Pick<ListQuery, 'page' | 'pageSize'> & QueryParams) => apiRequest<ListResponse<RecordOf<R>>>(base, { query: query as QueryParams }),
    get: (id: number) => apiRequest<RecordOf<R>>(at(id)),
    create: (input: unknown) => apiRequest<RecordOf<R>>(base, { method: 'POST', body: input }),
    /** Sends the version the form was loaded with; a newer one on the server gives 409. */
    update: (id: number, input: object, version: number) =>
      apiRequest<RecordOf<R>>(at(id), { method: 'PUT', body: { ...input, version } }),
    setStatus: (id: number, status: boolean, version: number) =>
      apiRequest<RecordOf<R>>(`${at(id)}/status`, { method: 'PATCH', body: { status, version } }),
    remove: (id: number) => apiRequest<void>(at(id), { method: 'DELETE' }),
    /** Same filters as the list, all pages. */
    exportExcel: (query: QueryParams) =>
      downloadFile(`${base}/export`, query as QueryParams, `${resource.export?.fileName ?? resource.name}.xlsx`),
  };
}

/** React Query keys: everything of a resource starts with its name, so one invalidation refreshes it all. */
export const resourceKeys = {
  all: (resource: ResourceDefinition) => [resource.name] as const,
  list: (resource: ResourceDefinition, query: QueryParams) => [resource.name, 'list', query] as const,
  detail: (resource: ResourceDefinition, id: number) => [resource.name, 'detail', id] as const,
};
