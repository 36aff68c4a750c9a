import type { FilterDefinitions } from '@facet/contract/list-query';
import { paramNamesOf } from '@facet/contract/list-query';
import { DEFAULT_DIAMOND_TYPE, DIAMOND_PANEL_FILTERS, DIAMOND_PRICE_FROM_DEFAULT, diamondListQuery } from '@facet/contract/modules/diamonds/diamond.schema';
import type { FeedKind, STONE_TYPES } from '@facet/contract/modules/diamonds/diamond.schema';

export type StoneType = keyof typeof STONE_TYPES;
type DiamondQuery = { type?: readonly StoneType[]; priceFrom?: number; diamondType?: boolean; pricing?: readonly string[] };

/**
 * The defaults a list applies when its address leaves a filter out. Price from is 1 on every list
 * (document 2 §5); the diamonds list starts with Type Earth (document 2 §9), so Lab is a choice and
 * the address of a list at its defaults stays short.
 */
export interface ListDefaults {
  isEarthByDefault: boolean;
}

/** Which list the URL asks for: gemstones with `type=gemstone` (document 2 §2), diamonds otherwise. */
export const stoneTypeOf = (query: DiamondQuery): StoneType => (query.type?.length === 1 && query.type[0] === 'gemstone' ? 'gemstone' : 'diamond');

/** The panel's filters for a list, in the spec's order: Type and Cut are not offered for gemstones. */
export function panelFiltersOf(type: StoneType): FilterDefinitions {
  const all: FilterDefinitions = diamondListQuery.filters;
  return Object.fromEntries(DIAMOND_PANEL_FILTERS[type].map((name) => [name, all[name]!]));
}

const isEarthDefault = (type: StoneType, defaults: ListDefaults) => type === 'diamond' && defaults.isEarthByDefault;

/**
 * The panel's fields as the list's query shows them: what the address leaves out reads as its default.
 * A list of the stones without a price has no price from (the server applies none), so it shows none.
 */
export function panelQueryOf<Q extends DiamondQuery>(query: Q, defaults: ListDefaults): Q {
  const type = stoneTypeOf(query);
  const isUnpriced = query.pricing?.includes('unpriced') ?? false;
  return {
    ...query,
    priceFrom: query.priceFrom ?? (isUnpriced ? undefined : DIAMOND_PRICE_FROM_DEFAULT),
    ...(isEarthDefault(type, defaults) && { diamondType: query.diamondType ?? diamondListQuery.filters.diamondType.trueValue === DEFAULT_DIAMOND_TYPE }),
  };
}

/** The URL parameters of an applied panel: a default value stays out of the address (Reset then clears it). */
export function urlParamsOfPanel(params: Record<string, string | undefined>, type: StoneType, defaults: ListDefaults): Record<string, string | undefined> {
  const from = params.priceFrom;
  const diamondType = params.diamondType;
  return {
    ...params,
    priceFrom: from !== undefined && Number(from) === DIAMOND_PRICE_FROM_DEFAULT ? undefined : from,
    diamondType: isEarthDefault(type, defaults) && diamondType === DEFAULT_DIAMOND_TYPE ? undefined : diamondType,
  };
}

/**
 * What the list asks the API for: the URL's own parameters with the list's defaults, less those of
 * filters this list does not offer (a Cut left in a gemstones address by hand), plus what the screen
 * fixes (Sold Diamond: state=sold).
 */
export function apiParamsOf(type: StoneType, params: Record<string, string>, defaults: ListDefaults, fixed: Record<string, string> = {}): Record<string, string> {
  const hidden = new Set(
    Object.entries(diamondListQuery.filters as FilterDefinitions)
      .filter(([name]) => (DIAMOND_PANEL_FILTERS.diamond as readonly string[]).includes(name) && !(DIAMOND_PANEL_FILTERS[type] as readonly string[]).includes(name))
      .flatMap(([name, filter]) => paramNamesOf(name, filter)),
  );
  const shown = Object.fromEntries(Object.entries(params).filter(([name]) => !hidden.has(name)));
  return { ...(isEarthDefault(type, defaults) && { diamondType: DEFAULT_DIAMOND_TYPE }), ...shown, ...fixed };
}

/** The list's address narrowed to the stones it leaves out for want of a price: the pricing filter in place of the price range, from page 1. */
export const UNPRICED_CHANGE = { pricing: 'unpriced', priceFrom: undefined, priceTo: undefined, page: undefined } as const;

/**
 * Where an import service's stones without a price are listed: the diamonds list (earth mined by
 * default, `diamondType=lab` for lab grown) or the gemstones list, filtered to `pricing=unpriced`.
 */
export function unpricedListSearch(kind: FeedKind): string {
  const params = new URLSearchParams(kind === 'gemstone' ? { type: 'gemstone' } : kind === 'lab' ? { diamondType: 'lab' } : {});
  params.set('pricing', UNPRICED_CHANGE.pricing);
  return `?${params.toString()}`;
}
