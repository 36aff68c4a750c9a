import { z } from 'zod';
import type { ListQuery } from './api.ts';
import { INT32_MAX, listQuerySchema, safeString } from './api.ts';
import { MESSAGES } from './messages.ts';

/**
 * Typed list filters (DESIGN §4: "lists declare a typed list-query schema"). A list declares its
 * filters once, here in the contract; the same declaration gives the query-string schema the route
 * validates with, the values the server maps onto columns, and the filter panel the web draws.
 *
 * In the URL each filter is one or two plain parameters, so links, Back and reload keep them:
 * a choice or an id list is comma-separated (`markupType=percentage,amount`, `shapeCategoryId=1,4`;
 * the parameter repeated is read the same),
 * a yes/no is one of two words (`status=active`), a range is `<name>From` and `<name>To`
 * (`caratFrom=0.5&caratTo=1`, `createdAtFrom=2026-01-01`) unless the spec names its ends itself
 * (`pricefrom=100&priceto=500`), a text is the words typed (`name=solitaire`).
 */
interface FilterBase {
  /** What the filter panel calls it; also names the filter in error messages. */
  label: string;
}
/** Any of a fixed set of values (an enum column). */
export interface ChoiceFilter<V extends string = string> extends FilterBase {
  kind: 'choice';
  values: readonly V[];
  optionLabels: Readonly<Record<V, string>>;
}
/** Yes or no, spelled in the URL by two words of its own (`active`/`inactive`, `lab`/`earth`). */
export interface BooleanFilter extends FilterBase {
  kind: 'boolean';
  trueValue: string;
  falseValue: string;
  trueLabel: string;
  falseLabel: string;
}
/** Any of a set of records of another resource (a foreign key); the panel offers that resource's records. */
export interface IdsFilter extends FilterBase {
  kind: 'ids';
  /**
   * The resource whose list gives the choices (its definition, so the panel can ask its API), and the
   * field that names each one. Typed by its name alone: the definitions' type imports this file.
   */
  options: { resource: { readonly name: string }; labelField: string };
}
/** The URL names of a range's two ends. */
export interface RangeParamNames<From extends string = string, To extends string = string> {
  from: From;
  to: To;
}
/** A number from and/or to, both ends included. */
export interface RangeFilter extends FilterBase {
  kind: 'range';
  min: number;
  max: number;
  decimals: number;
  /** The ends' URL names where the spec fixes them (`pricefrom`, `priceto`); otherwise `<name>From` and `<name>To`. */
  params?: RangeParamNames;
  /** A from without a to is refused (the product list's price To is required when filtering by price). */
  isToRequired?: boolean;
}
/**
 * Words typed into a box: `contains` matches them anywhere in the text, case-insensitively (served by
 * a trigram index on `lower(column)`, as search is); `equals` matches the whole value exactly (a
 * value picked from a list, served by a btree index).
 */
export interface TextFilter extends FilterBase {
  kind: 'text';
  match: 'contains' | 'equals';
  maxLength: number;
}
/** Calendar days from and/or to, both included, in the shop's time zone. */
export interface DateRangeFilter extends FilterBase {
  kind: 'dateRange';
}
export type FilterDefinition = ChoiceFilter | BooleanFilter | IdsFilter | RangeFilter | DateRangeFilter | TextFilter;
export type FilterDefinitions = Readonly<Record<string, FilterDefinition>>;

/** The value of one filter once read: what the server turns into a column condition. */
export type FilterValue<F> = F extends ChoiceFilter<infer V>
  ? V[]
  : F extends BooleanFilter
    ? boolean
    : F extends IdsFilter
      ? number[]
      : F extends RangeFilter
        ? { from?: number; to?: number }
        : F extends DateRangeFilter
          ? { from?: string; to?: string }
          : F extends TextFilter
            ? string
            : never;
export type FilterValues<D extends FilterDefinitions> = { [K in keyof D]?: FilterValue<D[K]> };

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type RangeParamsOf<K extends string, F> = F extends { params: RangeParamNames<infer From, infer To> } ? From | To : `${K}From` | `${K}To`;
type ParamsOf<K extends string, F> = F extends RangeFilter | DateRangeFilter
  ? { [P in RangeParamsOf<K, F>]?: F extends RangeFilter ? number : string }
  : { [P in K]?: FilterValue<F> };
/** The parsed query-string parameters of a set of filters (ranges as `<name>From` / `<name>To`, or their own names). */
export type FilterParams<D extends FilterDefinitions> = string extends keyof D
  ? Record<string, unknown>
  : UnionToIntersection<{ [K in keyof D & string]: ParamsOf<K, D[K]> }[keyof D & string]>;
export type ListQueryOf<D extends FilterDefinitions> = string extends keyof D
  ? Omit<ListQuery, 'status'> & Record<string, unknown>
  : Omit<ListQuery, keyof FilterParams<D>> & FilterParams<D>;

export function choiceFilter<const V extends string>(label: string, optionLabels: Readonly<Record<V, string>>): ChoiceFilter<V> {
  return { kind: 'choice', label, values: Object.keys(optionLabels) as V[], optionLabels };
}
export function booleanFilter(
  label: string,
  words: { trueValue?: string; falseValue?: string; trueLabel?: string; falseLabel?: string } = {},
): BooleanFilter {
  return { kind: 'boolean', label, trueValue: 'true', falseValue: 'false', trueLabel: 'Yes', falseLabel: 'No', ...words };
}
/** The Active/Inactive switch, spelled as the list's `status` parameter always was. */
export const statusFilter = () =>
  booleanFilter('Status', { trueValue: 'active', falseValue: 'inactive', trueLabel: 'Active', falseLabel: 'Inactive' });
export function idsFilter(label: string, options: IdsFilter['options']): IdsFilter {
  return { kind: 'ids', label, options };
}
interface RangeLimits {
  min?: number;
  max: number;
  decimals: number;
  isToRequired?: boolean;
}
export function rangeFilter(label: string, limits: RangeLimits): RangeFilter;
export function rangeFilter<const From extends string, const To extends string>(
  label: string,
  limits: RangeLimits,
  params: RangeParamNames<From, To>,
): RangeFilter & { params: RangeParamNames<From, To> };
export function rangeFilter(label: string, limits: RangeLimits, params?: RangeParamNames): RangeFilter {
  return {
    kind: 'range',
    label,
    min: limits.min ?? 0,
    max: limits.max,
    decimals: limits.decimals,
    ...(limits.isToRequired && { isToRequired: true }),
    ...(params && { params }),
  };
}
export function textFilter(label: string, options: { maxLength: number; match?: TextFilter['match'] }): TextFilter {
  return { kind: 'text', label, match: options.match ?? 'contains', maxLength: options.maxLength };
}
export function dateRangeFilter(label: string): DateRangeFilter {
  return { kind: 'dateRange', label };
}

/** Most ids one id-list filter may carry: a screen offers a few dozen; a URL stays short. */
export const FILTER_IDS_MAX = 100;
const PLAIN_ID = /^[1-9][0-9]{0,9}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isRangeFilter = (filter: FilterDefinition): filter is RangeFilter | DateRangeFilter =>
  filter.kind === 'range' || filter.kind === 'dateRange';

/** The URL names of a range filter's ends. */
export function rangeParamNamesOf(name: string, filter: RangeFilter | DateRangeFilter): RangeParamNames {
  return (filter.kind === 'range' && filter.params) || { from: `${name}From`, to: `${name}To` };
}

/** The URL parameter names a filter uses. */
export function paramNamesOf(name: string, filter: FilterDefinition): string[] {
  if (!isRangeFilter(filter)) return [name];
  const { from, to } = rangeParamNamesOf(name, filter);
  return [from, to];
}

function isCalendarDay(text: string) {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/**
 * A list of values in a query string, comma-separated (`status=PENDING,CONFIRMED`) or the parameter
 * repeated (`status=PENDING&status=CONFIRMED`, as an API client sends a list), or both.
 */
function commaList<T>(message: string, max: number, readItem: (item: string) => T | undefined) {
  return z.union([z.string(), z.array(z.string()).max(max)], { error: message }).transform((sent, context) => {
    const items = [...new Set([sent].flat().flatMap((text) => text.split(',')))].map(readItem);
    if (items.length > max) {
      context.addIssue({ code: 'custom', message: MESSAGES.tooManyItems(max) });
      return z.NEVER;
    }
    if (items.some((item) => item === undefined)) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return items as T[];
  });
}

function numberParam(label: string, filter: RangeFilter) {
  const message = MESSAGES.filterNumber(label, filter.min, filter.max, filter.decimals);
  // Plain decimal digits only: '1e3', '0x10', ' 1' and 'Infinity' are refused, not read as numbers.
  const pattern = new RegExp(`^-?\\d{1,15}${filter.decimals ? `(\\.\\d{1,${filter.decimals}})?` : ''}$`);
  return z
    .string({ error: message })
    .regex(pattern, message)
    .transform(Number)
    .pipe(z.number().min(filter.min, message).max(filter.max, message));
}

/** The query-string schema of each parameter of one filter. */
function paramSchemas(name: string, filter: FilterDefinition): Record<string, z.ZodType> {
  switch (filter.kind) {
    case 'choice': {
      const message = MESSAGES.filterChoice(filter.label, filter.values.join(', '));
      return { [name]: commaList(message, filter.values.length, (item) => (filter.values.includes(item) ? item : undefined)) };
    }
    case 'boolean': {
      const message = MESSAGES.filterChoice(filter.label, `${filter.trueValue}, ${filter.falseValue}`);
      return { [name]: z.enum([filter.trueValue, filter.falseValue], { error: message }).transform((word) => word === filter.trueValue) };
    }
    case 'ids': {
      const message = MESSAGES.filterIds(filter.label);
      return { [name]: commaList(message, FILTER_IDS_MAX, (item) => (PLAIN_ID.test(item) && Number(item) <= INT32_MAX ? Number(item) : undefined)) };
    }
    case 'range': {
      const { from, to } = rangeParamNamesOf(name, filter);
      return { [from]: numberParam(`${filter.label} from`, filter), [to]: numberParam(`${filter.label} to`, filter) };
    }
    case 'dateRange': {
      const day = (end: string) => z.string({ error: MESSAGES.filterDate(`${filter.label} ${end}`) }).refine(isCalendarDay, MESSAGES.filterDate(`${filter.label} ${end}`));
      return { [`${name}From`]: day('from'), [`${name}To`]: day('to') };
    }
    case 'text':
      // A blank box filters nothing: it reads as absent rather than as a match of every row.
      return {
        [name]: safeString({ error: MESSAGES.filterText(filter.label, filter.maxLength) })
          .trim()
          .max(filter.maxLength, MESSAGES.filterText(filter.label, filter.maxLength))
          .transform((text) => text || undefined),
      };
  }
}

/** What a list accepts in its query string: page, size, search, sort among `sortable`, and its filters. */
export interface ListQueryDefinition<D extends FilterDefinitions = FilterDefinitions> {
  sortable: readonly string[];
  filters: D;
  /** Validates and reads the query string (the route's schema, and the web's reading of its URL). */
  schema: z.ZodType<ListQueryOf<D>>;
}

/**
 * The list query of one list: a flat resource gets it from `defineResource`; a hand-written list
 * (diamonds, orders, products) calls this itself and uses the same route schema, URL hook and panel.
 */
export function defineListQuery<const D extends FilterDefinitions = Record<never, FilterDefinition>>(options: {
  sortable: readonly string[];
  filters?: D;
  /** The page size when the URL names none, where the spec sets another than 10 (products and diamonds: 20). */
  defaultPageSize?: number;
}): ListQueryDefinition<D> {
  const filters = (options.filters ?? {}) as D;
  const sortable = options.sortable as [string, ...string[]];
  const shape: Record<string, z.ZodType> = {
    ...listQuerySchema.shape,
    ...(options.defaultPageSize !== undefined && { pageSize: listQuerySchema.shape.pageSize.unwrap().default(options.defaultPageSize) }),
    sort: z.enum(sortable, { error: MESSAGES.sortableFields(sortable.join(', ')) }).optional(),
  };
  for (const [name, filter] of Object.entries(filters)) {
    for (const [param, schema] of Object.entries(paramSchemas(name, filter))) shape[param] = schema.optional();
  }
  // A range whose start is past its end matches nothing; it is a mistake, refused with a message.
  const schema = z.object(shape).superRefine((query, context) => {
    for (const [name, filter] of Object.entries(filters)) {
      if (!isRangeFilter(filter)) continue;
      const params = rangeParamNamesOf(name, filter);
      const from = query[params.from] as number | string | undefined;
      const to = query[params.to] as number | string | undefined;
      if (from !== undefined && to !== undefined && from > to) {
        context.addIssue({ code: 'custom', path: [params.to], message: MESSAGES.filterRange(filter.label) });
      }
      if (filter.kind === 'range' && filter.isToRequired && from !== undefined && to === undefined) {
        context.addIssue({ code: 'custom', path: [params.to], message: MESSAGES.required });
      }
    }
  });
  return { sortable, filters, schema: schema as unknown as z.ZodType<ListQueryOf<D>> };
}

/** The filters of a parsed query, by filter name (ranges as `{ from, to }`); absent ones left out. */
export function filterValuesOf<D extends FilterDefinitions>(filters: D, query: Record<string, unknown>): FilterValues<D> {
  const values: Record<string, unknown> = {};
  for (const [name, filter] of Object.entries(filters)) {
    if (isRangeFilter(filter)) {
      const params = rangeParamNamesOf(name, filter);
      const from = query[params.from];
      const to = query[params.to];
      if (from !== undefined || to !== undefined) values[name] = { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
    } else if (query[name] !== undefined) {
      values[name] = query[name];
    }
  }
  return values as FilterValues<D>;
}

/**
 * The URL parameters of filter values, the inverse of reading them: every parameter of every filter
 * is present, an empty one as undefined, so applying a panel also clears what it left blank.
 */
export function filterParamsOf<D extends FilterDefinitions>(filters: D, values: FilterValues<D>): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const [name, filter] of Object.entries(filters)) {
    const value = (values as Record<string, unknown>)[name];
    if (isRangeFilter(filter)) {
      const range = (value ?? {}) as { from?: number | string; to?: number | string };
      const names = rangeParamNamesOf(name, filter);
      params[names.from] = range.from === undefined || range.from === null ? undefined : String(range.from);
      params[names.to] = range.to === undefined || range.to === null ? undefined : String(range.to);
    } else if (filter.kind === 'boolean') {
      params[name] = value === undefined || value === null ? undefined : value ? filter.trueValue : filter.falseValue;
    } else if (filter.kind === 'text') {
      params[name] = typeof value === 'string' && value !== '' ? value : undefined;
    } else {
      const list = (value ?? []) as (string | number)[];
      params[name] = list.length ? list.join(',') : undefined;
    }
  }
  return params;
}

/** How many filters hold a value (the panel's toggle shows it). */
export function countActiveFilters(filters: FilterDefinitions, query: Record<string, unknown>): number {
  return Object.keys(filterValuesOf(filters, query)).length;
}
