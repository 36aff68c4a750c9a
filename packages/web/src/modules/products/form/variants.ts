import type { VariantOption } from '@facet/contract/modules/products/product.schema';
import { generateVariantSku, variantOptionKey } from '@facet/contract/modules/products/product.schema';

/** A variant as the form edits it; `key` (its option key) is its identity in the form. */
export interface VariantDraft {
  key: string;
  /** Set for a saved variant: it keeps its id and system SKU. */
  id?: number;
  options: VariantOption[];
  sku: string;
  modelNumber: string;
  /** Null until staff type one (a price is required). */
  price: number | null;
  baseImage: string;
  otherImages: string[];
  video: string;
  /** Marked removed: not sent with the save (so soft deleted if saved before), restorable until then. */
  removed: boolean;
}

/** The options staff chose for one configurable attribute. */
export interface ChosenOptions {
  attributeId: number;
  optionIds: number[];
}

/** Every combination of one option per attribute (attributes without a chosen option are left out). */
export function combinationsOf(chosen: readonly ChosenOptions[]): VariantOption[][] {
  const used = chosen.filter((attribute) => attribute.optionIds.length > 0);
  if (!used.length) return [];
  return used.reduce<VariantOption[][]>(
    (combinations, attribute) => combinations.flatMap((combination) => attribute.optionIds.map((optionId) => [...combination, { attributeId: attribute.attributeId, optionId }])),
    [[]],
  );
}

/** A system SKU for a new variant that no other variant of the form holds and that differs from the main SKU. */
export function uniqueVariantSku(mainSku: string, taken: Set<string>, random: () => number = Math.random): string {
  for (;;) {
    const sku = generateVariantSku(mainSku, random);
    const lower = sku.toLowerCase();
    if (!taken.has(lower) && lower !== mainSku.toLowerCase()) {
      taken.add(lower);
      return sku;
    }
  }
}

/**
 * Generate (Configurations): the variants for every combination of the chosen options. A combination
 * the form already has keeps its row as it is (id, SKU, price, images, removed or not); new ones get a
 * unique system SKU and the given price; rows whose combination is no longer chosen are marked removed,
 * so Undo can bring them back. Rows come in the combinations' order, the now-removed ones last.
 */
export function generateVariants(
  existing: readonly VariantDraft[],
  chosen: readonly ChosenOptions[],
  mainSku: string,
  price: number | null,
  random: () => number = Math.random,
): VariantDraft[] {
  const byKey = new Map(existing.map((row) => [row.key, row]));
  const taken = new Set(existing.map((row) => row.sku.toLowerCase()));
  const generated = combinationsOf(chosen).map((options): VariantDraft => {
    const key = variantOptionKey(options);
    const kept = byKey.get(key);
    if (kept) return kept;
    return { key, options, sku: uniqueVariantSku(mainSku, taken, random), modelNumber: '', price, baseImage: '', otherImages: [], video: '', removed: false };
  });
  const generatedKeys = new Set(generated.map((row) => row.key));
  const dropped = existing.filter((row) => !generatedKeys.has(row.key)).map((row) => (row.removed ? row : { ...row, removed: true }));
  return [...generated, ...dropped];
}

/** The options chosen per attribute as the variants show them, in the order they first appear. */
export function chosenOptionsOf(rows: readonly VariantDraft[]): ChosenOptions[] {
  const chosen = new Map<number, number[]>();
  for (const row of rows) {
    if (row.removed) continue;
    for (const option of row.options) {
      const optionIds = chosen.get(option.attributeId) ?? [];
      if (!optionIds.includes(option.optionId)) optionIds.push(option.optionId);
      chosen.set(option.attributeId, optionIds);
    }
  }
  return [...chosen].map(([attributeId, optionIds]) => ({ attributeId, optionIds }));
}

/**
 * The attribute the variants are grouped by (document 2 §2): the saved one when the variants have
 * it, otherwise the first of their attribute codes; '' when there are no variants.
 */
export function defaultGroupBy(saved: string, codes: readonly string[]): string {
  return codes.includes(saved) ? saved : (codes[0] ?? '');
}

/** When the main SKU changes, new variants follow it (`OLD-AB12` becomes `NEW-AB12`); saved ones keep theirs. */
export function rebasedSku(row: VariantDraft, oldMainSku: string, newMainSku: string): string {
  if (row.id !== undefined || oldMainSku === '' || !row.sku.startsWith(`${oldMainSku}-`)) return row.sku;
  return `${newMainSku}${row.sku.slice(oldMainSku.length)}`;
}
