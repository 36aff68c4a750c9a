import type { z } from 'zod';
import type { ChoiceFilter, FilterDefinitions, ListQueryDefinition } from './list-query.ts';
import { choiceFilter, defineListQuery } from './list-query.ts';
import type { PermissionRequirement } from './permissions.ts';
import type { StatesStatus, StatusDefinition, SwitchStatus } from './status.ts';
import { activeSwitch } from './status.ts';

/**
 * The field names of a record schema's output, so a misspelt field in `searchable`, `sortable`,
 * `unique` or an export column is a compile-time error. Any string when the schema is not known
 * (the `ResourceDefinition` that generic code takes).
 */
export type FieldOf<TRecord extends z.ZodType> = unknown extends z.output<TRecord> ? string : keyof z.output<TRecord> & string;

/**
 * One flat resource, defined once: the server's routes and service, the UI's list and form pages and
 * the CRUD test suite all read this. Aggregates (product, order, category tree...) are hand-written.
 */
export interface ResourceDefinition<
  TCreate extends z.ZodType = z.ZodType,
  TUpdate extends z.ZodType = TCreate,
  TRecord extends z.ZodType = z.ZodType,
  TFilters extends FilterDefinitions = FilterDefinitions,
  TStatus extends StatusDefinition | null = StatusDefinition | null,
  TListRow extends z.ZodType = z.ZodType,
> {
  /** URL segment under /api, kebab-case plural: `shipping-rates`. */
  name: string;
  /** Entity name written to the audit log: `shipping_rate`. */
  entity: string;
  /** Singular label for messages: 'Shipping Rate'. */
  label: string;
  /** Permission that every route of the resource requires. */
  permission: PermissionRequirement;
  /**
   * Who may also read it (list and view), beyond `permission`: the areas whose screens pick its
   * records as options (the diamonds list's Shape filter lists diamond shapes). Writes stay `permission`'s.
   */
  alsoReadBy?: PermissionRequirement;
  /** Body of POST. */
  createInput: TCreate;
  /** Body of PUT (without `version`, which the toolkit adds). */
  updateInput: TUpdate;
  /** What GET returns for one record. */
  record: TRecord;
  /**
   * What the list returns for each row: the record unless a smaller schema is given (a product's
   * list row has no variants), in which case the list reads only those fields.
   */
  listRow: TListRow;
  /** Fields the list search box matches (case-insensitive substring). */
  searchable: readonly FieldOf<TRecord>[];
  /** Fields the list may sort by; the first entry of `defaultSort` when none is asked. */
  sortable: readonly FieldOf<TRecord>[];
  defaultSort: { field: FieldOf<TRecord>; order: 'asc' | 'desc' };
  /**
   * The list's filters (list-query.ts): each names a field of the record (or, with a server hook, a
   * condition of its own). The list, its export and its filter panel all read them. A resource with
   * named states gets a `status` choice filter of them unless it declares its own.
   */
  filters: TFilters;
  /** The list's query-string schema: paging, search, sort among `sortable`, and `filters`. Derived. */
  listQuery: ListQueryDefinition<TFilters>;
  /**
   * The record's `status` (status.ts): the Active/Inactive switch (the default), named states, or
   * none (null). It types the status-change route (PATCH /:id/status), the list's filter and control
   * and the export's cell.
   */
  status: TStatus;
  /** Whether the record has a status at all. Derived from `status`. */
  hasStatus: boolean;
  /** Operations the spec offers; metals, for example, have no add and no delete. */
  operations: { create: boolean; update: boolean; delete: boolean };
  /** Fields unique among live rows, with the label used in the duplicate message. */
  unique: readonly { field: FieldOf<TRecord>; label: string }[];
  /**
   * How the list counts. Left out (as every resource should), the server chooses from the table's
   * size as the planner sees it: exact while it is small, `capped` beyond 50,000 rows (the count
   * stops at 10,000 and the answer says `totalIsCapped`). Declared, it forces one way (tests).
   */
  totals?: 'exact' | 'capped';
  /** Excel export columns when the spec lists an export for this resource. */
  export?: { fileName: string; columns: readonly ExportColumn<FieldOf<TRecord>>[] };
  /**
   * The bulk actions its list offers on the rows ticked or on everything its filters select
   * (`POST /api/<name>/bulk`, run as a job): `status` only with a status, `delete` only where a
   * single delete exists, `export` only with an export. None unless declared.
   */
  bulkActions?: readonly BulkAction[];
  /** The success toasts where the spec words them for this resource ('Section added successfully'); the generic 'Record ... successfully' otherwise. */
  toasts?: { added: string; updated: string; deleted?: string };
}

/** What a list can do at once to many rows: set their status, delete them, export them. */
export const BULK_ACTIONS = ['status', 'delete', 'export'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A bulk action the resource could not carry out one row at a time is a mistake of its definition. */
function assertBulkActions(definition: Pick<ResourceDefinition, 'name' | 'hasStatus' | 'operations' | 'export' | 'bulkActions'>) {
  const possible: Record<BulkAction, boolean> = { status: definition.hasStatus, delete: definition.operations.delete, export: Boolean(definition.export) };
  for (const action of definition.bulkActions ?? []) {
    if (!possible[action]) throw new Error(`${definition.name}: bulk action ${action} needs a single ${action} of its own`);
  }
}

/**
 * How an exported cell is typed: money and numbers stay numbers, dates are spreadsheet dates, a
 * `status` reads as staff see it (Active/Inactive, or the state's label); other booleans read Yes/No.
 */
export type ExportCellType = 'text' | 'number' | 'money' | 'date' | 'status';

export interface ExportColumn<TField extends string = string> {
  field: TField;
  header: string;
  /** `text` unless said. */
  type?: ExportCellType;
  /** Column width in characters (24 unless said). */
  width?: number;
  /** The label of each stored value (a `status` column of named states gets its states' labels). */
  labels?: Readonly<Record<string, string>>;
}

/** The filters of a resource with named states: its own, and a choice of the states as `status` unless it declares one. */
export type FiltersWithStatus<F extends FilterDefinitions, S> = S extends StatesStatus<infer V>
  ? 'status' extends keyof F
    ? F
    : F & { readonly status: ChoiceFilter<V> }
  : F;

type Defaults = 'updateInput' | 'searchable' | 'sortable' | 'defaultSort' | 'operations' | 'unique' | 'filters';
type Derived = 'listQuery' | 'hasStatus' | 'status' | 'listRow';

export function defineResource<
  TCreate extends z.ZodType,
  TRecord extends z.ZodType,
  TUpdate extends z.ZodType = TCreate,
  const TFilters extends FilterDefinitions = Record<never, never>,
  const TStatus extends StatusDefinition | null = SwitchStatus,
  TListRow extends z.ZodType = TRecord,
>(
  definition: Omit<ResourceDefinition<TCreate, TUpdate, TRecord, TFilters, TStatus, TListRow>, Defaults | Derived> &
    Partial<Pick<ResourceDefinition<TCreate, TUpdate, TRecord, TFilters, TStatus, TListRow>, Defaults | 'status' | 'listRow'>>,
): ResourceDefinition<TCreate, TUpdate, TRecord, FiltersWithStatus<TFilters, TStatus>, TStatus, TListRow> {
  const sortable = definition.sortable ?? ['createdAt' as FieldOf<TRecord>];
  const status = (definition.status === undefined ? activeSwitch : definition.status) as TStatus;
  const declared = definition.filters ?? {};
  const filters = (
    status?.kind === 'states' && !('status' in declared) ? { ...declared, status: choiceFilter('Status', status.labels) } : declared
  ) as FiltersWithStatus<TFilters, TStatus>;
  const exported = definition.export && {
    ...definition.export,
    columns: definition.export.columns.map((column) =>
      column.type === 'status' && status?.kind === 'states' ? { labels: status.labels, ...column } : column,
    ),
  };
  const resource: ResourceDefinition<TCreate, TUpdate, TRecord, FiltersWithStatus<TFilters, TStatus>, TStatus, TListRow> = {
    updateInput: definition.createInput as unknown as TUpdate,
    searchable: [],
    defaultSort: { field: 'createdAt' as FieldOf<TRecord>, order: 'desc' },
    unique: [],
    ...definition,
    listRow: definition.listRow ?? (definition.record as unknown as TListRow),
    status,
    hasStatus: status !== null,
    sortable,
    filters,
    ...(exported && { export: exported }),
    listQuery: defineListQuery({ sortable, filters }),
    operations: { create: true, update: true, delete: true, ...definition.operations },
  };
  assertBulkActions(resource);
  return resource;
}

export type CreateInput<R extends ResourceDefinition> = z.input<R['createInput']>;
export type UpdateInput<R extends ResourceDefinition> = z.input<R['updateInput']>;
export type ResourceRecord<R extends ResourceDefinition> = z.output<R['record']>;
export type ListRowOf<R extends ResourceDefinition> = z.output<R['listRow']>;
