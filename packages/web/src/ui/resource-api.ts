import type { JobRecord } from '@facet/contract/modules/jobs/job.schema';
import type { ListQuery, ListResponse, RecordMeta } from '@facet/contract/api';
import type { ListRowOf, ResourceDefinition, ResourceRecord } from '@facet/contract/resource';
import type { StatusValue } from '@facet/contract/status';
import type { QueryParams } from '../api/client.ts';
import { apiRequest, downloadFile } from '../api/client.ts';

/** The `status` of R's records as the resource declares it (a boolean switch or one of its states). */
type StatusOf<R extends ResourceDefinition> = { status?: StatusValue<R['status']> };
/** A record of resource R, with the fields every record carries (and `status` when the resource has one). */
export type RecordOf<R extends ResourceDefinition> = ResourceRecord<R> & RecordMeta & StatusOf<R>;
/** A row of R's list: the record, or the smaller list row the resource declares. */
export type ListItemOf<R extends ResourceDefinition> = ListRowOf<R> & RecordMeta & StatusOf<R>;

/** The REST calls of DESIGN §4 for one resource. */
export function resourceApi<R extends ResourceDefinition>(resource: R) {
  const base = `/api/${resource.name}`;
  const at = (id: number) => `${base}/${id}`;
  return {
    /** A page of the list; filters travel as the URL parameters the list query schema reads. */
    list: (query: Pick<ListQuery, 'page' | 'pageSize'> & QueryParams) => apiRequest<ListResponse<ListItemOf<R>>>(base, { query: query as QueryParams }),
    get: (id: number) => apiRequest<RecordOf<R>>(at(id)),
    create: (input: unknown) => apiRequest<RecordOf<R>>(base, { method: 'POST', body: input }),
    /** Sends the version the form was loaded with; a newer one on the server gives 409. */
    update: (id: number, input: object, version: number) =>
      apiRequest<RecordOf<R>>(at(id), { method: 'PUT', body: { ...input, version } }),
    setStatus: (id: number, status: StatusValue<R['status']>, version: number) =>
      apiRequest<RecordOf<R>>(`${at(id)}/status`, { method: 'PATCH', body: { status, version } }),
    remove: (id: number) => apiRequest<void>(at(id), { method: 'DELETE' }),
    /** Same filters as the list, all pages; a big export answers with the job that makes the file. */
    exportExcel: (query: QueryParams) =>
      downloadFile<JobRecord>(`${base}/export`, query as QueryParams, `${resource.export?.fileName ?? resource.name}.xlsx`),
  };
}

/** React Query keys: everything of a resource starts with its name, so one invalidation refreshes it all. */
export const resourceKeys = {
  all: (resource: ResourceDefinition) => [resource.name] as const,
  list: (resource: ResourceDefinition, query: QueryParams) => [resource.name, 'list', query] as const,
  detail: (resource: ResourceDefinition, id: number) => [resource.name, 'detail', id] as const,
};
