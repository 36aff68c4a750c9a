import { z } from 'zod';
import { recordId, safeString } from './api.ts';
import { MESSAGES } from './messages.ts';
import type { BulkAction, ResourceDefinition } from './resource.ts';
import { statusValueSchema } from './status.ts';

/**
 * Bulk actions on a flat resource's list (`POST /api/<resource>/bulk`): set the status of, delete or
 * export either the rows ticked on a page (`ids`) or everything the list's filters select
 * (`filters`, the list's own query string as the URL carries it, read by the list's own schema).
 * Status and delete run as a job of the resource's kind `bulk.<resource>`, all or nothing; export
 * starts the list's export job.
 */

/**
 * A list with bulk actions: a flat resource (its definition), or a hand-written list that declares
 * the same fields beside its list query (the product list). The route, its job and the web's bar
 * read only these.
 */
export type BulkList = Pick<ResourceDefinition, 'name' | 'label' | 'permission' | 'status' | 'bulkActions'>;

/** Whether a list's bulk actions change rows (status, delete), which run as its `bulk.<list>` job; an export runs as its export job. */
export const changesRows = (list: Pick<BulkList, 'bulkActions'>) => (list.bulkActions ?? []).some((action) => action !== 'export');

/** Most rows one request may tick: a page holds at most 100, a few pages' worth may be gathered. */
export const BULK_IDS_MAX = 1000;
/** A list's query string is short; a body carrying more is not a list's query. */
const FILTER_PARAMS_MAX = 50;
const FILTER_VALUE_MAX = 2000;

export const bulkJobKind = (resourceName: string) => `bulk.${resourceName}` as const;

/** The list's query string as the URL carries it: names and plain text values, read later by the list's own schema. */
export const rawFiltersSchema = z
  .record(safeString().max(100), safeString().max(FILTER_VALUE_MAX))
  .refine((filters) => Object.keys(filters).length <= FILTER_PARAMS_MAX, MESSAGES.tooManyItems(FILTER_PARAMS_MAX));

/** The rows a bulk action applies to: those ticked, or everything the filters select. Exactly one. */
const selection = {
  filters: rawFiltersSchema.optional(),
  ids: z.array(recordId()).min(1, MESSAGES.selectAtLeastOne).max(BULK_IDS_MAX, MESSAGES.tooManyItems(BULK_IDS_MAX)).optional(),
};

function refineSelection(body: { filters?: unknown; ids?: unknown }, context: z.RefinementCtx) {
  if ((body.filters === undefined) === (body.ids === undefined)) {
    context.addIssue({ code: 'custom', path: ['ids'], message: MESSAGES.bulkSelection });
  }
}

/** The body of `POST /api/<resource>/bulk`, with the actions and the status values the resource allows. */
export function bulkRequestSchema(resource: Pick<BulkList, 'bulkActions' | 'status'>) {
  const actions = (resource.bulkActions ?? []) as [BulkAction, ...BulkAction[]];
  return z
    .object({
      action: z.enum(actions, { error: MESSAGES.filterChoice('Action', actions.join(', ')) }),
      /** The new status, for `status`. */
      status: (resource.status ? statusValueSchema(resource.status) : z.never()).optional(),
      ...selection,
    })
    .superRefine((body, context) => {
      refineSelection(body, context);
      if (body.action === 'status' && body.status === undefined) context.addIssue({ code: 'custom', path: ['status'], message: MESSAGES.required });
    });
}
export type BulkRequest = { action: BulkAction; status?: unknown; filters?: Record<string, string>; ids?: number[] };

/** A bulk job's input: what to do (status or delete) and the selection as the request sent it. */
export const bulkJobParamsSchema = z
  .object({
    action: z.enum(['status', 'delete']),
    /** Checked again by the job against the resource's own status values. */
    status: z.union([z.boolean(), z.string()]).optional(),
    ...selection,
  })
  .superRefine(refineSelection);
export type BulkJobParams = z.infer<typeof bulkJobParamsSchema>;

/** What a finished bulk job records. */
export interface BulkResult {
  action: string;
  /** Rows the selection held when the job read it. */
  selected: number;
  /** Of those, rows still live and matching when the change was applied. */
  matched: number;
  /** Of those, rows actually written (a status already as asked is left alone). */
  changed: number;
}
