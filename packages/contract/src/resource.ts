import type { z } from 'zod';
import type { FilterDefinitions, ListQueryDefinition } from './list-query.ts';
import { defineListQuery } from './list-query.ts';
import type { PermissionRequirement } from './permissions.ts';

/**
 * One flat resource, defined once: the server's routes and service, the UI's list and form pages and
 * the CRUD test suite all read this. Aggregates (product, order, category tree...) are hand-written.
 */
export interface ResourceDefinition<
  TCreate extends z.ZodType = z.ZodType,
  TUpdate extends z.ZodType = TCreate,
  TRecord extends z.ZodType = z.ZodType,
  TFilters extends FilterDefinitions = FilterDefinitions,
> {
  /** URL segment under /api, kebab-case plural: `shipping-rates`. */
  name: string;
  /** Entity name written to the audit log: `shipping_rate`. */
  entity: string;
  /** Singular label for messages: 'Shipping Rate'. */
  label: string;
  /** Permission that every route of the resource requires. */
  permission: PermissionRequirement;
  /** Body of POST. */
  createInput: TCreate;
  /** Body of PUT (without `version`, which the toolkit adds). */
  updateInput: TUpdate;
  /** What GET returns for one record (list items too). */
  record: TRecord;
  /** Fields the list search box matches (case-insensitive substring). */
  searchable: readonly string[];
  /** Fields the list may sort by; the first entry of `defaultSort` when none is asked. */
  sortable: readonly string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /**
   * The list's filters (list-query.ts): each names a field of the record (or, with a server hook, a
   * condition of its own). The list, its export and its filter panel all read them.
   */
  filters: TFilters;
  /** The list's query-string schema: paging, search, sort among `sortable`, and `filters`. Derived. */
  listQuery: ListQueryDefinition<TFilters>;
  /** Has an Active/Inactive `status` switch (PATCH /:id/status). */
  hasStatus: boolean;
  /** Operations the spec offers; metals, for example, have no add and no delete. */
  operations: { create: boolean; update: boolean; delete: boolean };
  /** Fields unique among live rows, with the label used in the duplicate message. */
  unique: readonly { field: string; label: string }[];
  /**
   * How the list counts: `exact` (small tables, the default) or `capped` for tables that grow to
   * millions of rows (the count stops at 10,000 and the answer says `totalIsCapped`).
   */
  totals?: 'exact' | 'capped';
  /** Excel export columns when the spec lists an export for this resource. */
  export?: { fileName: string; columns: readonly ExportColumn[] };
}

/**
 * How an exported cell is typed: money and numbers stay numbers, dates are spreadsheet dates, a
 * boolean `status` reads Active/Inactive (an enum status is text); other booleans read Yes/No.
 */
export type ExportCellType = 'text' | 'number' | 'money' | 'date' | 'status';

export interface ExportColumn {
  field: string;
  header: string;
  /** `text` unless said. */
  type?: ExportCellType;
  /** Column width in characters (24 unless said). */
  width?: number;
}

type Defaults = 'updateInput' | 'searchable' | 'sortable' | 'defaultSort' | 'hasStatus' | 'operations' | 'unique' | 'filters';

export function defineResource<
  TCreate extends z.ZodType,
  TRecord extends z.ZodType,
  TUpdate extends z.ZodType = TCreate,
  const TFilters extends FilterDefinitions = Record<never, never>,
>(
  definition: Omit<ResourceDefinition<TCreate, TUpdate, TRecord, TFilters>, Defaults | 'listQuery'> &
    Partial<Pick<ResourceDefinition<TCreate, TUpdate, TRecord, TFilters>, Defaults>>,
): ResourceDefinition<TCreate, TUpdate, TRecord, TFilters> {
  const sortable = definition.sortable ?? ['createdAt'];
  const filters = (definition.filters ?? {}) as TFilters;
  return {
    updateInput: definition.createInput as unknown as TUpdate,
    searchable: [],
    defaultSort: { field: 'createdAt', order: 'desc' },
    hasStatus: true,
    unique: [],
    ...definition,
    sortable,
    filters,
    listQuery: defineListQuery({ sortable, filters }),
    operations: { create: true, update: true, delete: true, ...definition.operations },
  };
}

export type CreateInput<R extends ResourceDefinition> = z.input<R['createInput']>;
export type UpdateInput<R extends ResourceDefinition> = z.input<R['updateInput']>;
export type ResourceRecord<R extends ResourceDefinition> = z.output<R['record']>;
