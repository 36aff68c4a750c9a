import { MESSAGES } from '@facet/contract/messages';
import { IMPORT_LIST_SEPARATOR, IMPORT_OPTION_NUMBERS } from '@facet/contract/modules/product-import/product-import.schema';
import type { ImportLineError } from '@facet/contract/modules/product-import/product-import.schema';
import { CARAT_MAX, CARAT_MIN, PRODUCT_NAME_MAX, QTY_MAX, SKU_MAX, WEIGHT_MAX, WEIGHT_UNITS } from '@facet/contract/modules/products/product.schema';
import type { Sheet } from '../../spreadsheets/sheet-reader.ts';

/**
 * The sheet's rows read as products and variants, with the rules of document 2 §5 that need nothing
 * but the row itself. A row with a parent SKU is a variant of that product; any other is a product.
 */

export interface RowOption {
  name: string;
  value: string;
}

interface RowBase {
  line: number;
  sku: string;
  price: string | null;
  modelNumber: string;
  qty: number;
  isReadyToShip: boolean;
}

export interface ProductRow extends RowBase {
  kind: 'product';
  name: string;
  attributeSet: string;
  categories: string[];
  description: string;
  weight: string | null;
  weightUnit: string;
  metaTitle: string;
  metaKeywords: string;
  metaDescription: string;
  sideDiamondsSize: string;
  sideDiamondsPieces: number | null;
  sideDiamondsWeight: string | null;
  sideDiamondsWeightUnit: string;
  relatedSkus: string[];
  /** The attributes column: set attributes, or standalone ones when the set does not place them. */
  attributes: RowOption[];
  /** The options column of a product's row: its standalone attributes (as the export writes them). */
  standaloneAttributes: RowOption[];
  canBeSetWith: { shape: string; caratFrom: number; caratTo: number }[];
  isGiftCard: boolean;
}

export interface VariantRow extends RowBase {
  kind: 'variant';
  parentSku: string;
  options: RowOption[];
}

export type ImportRow = ProductRow | VariantRow;

/** Collects the messages of each line, in line order. */
export class LineErrors {
  private readonly byLine = new Map<number, string[]>();
  add(line: number, message: string) {
    const list = this.byLine.get(line);
    if (list) {
      if (!list.includes(message)) list.push(message);
    } else this.byLine.set(line, [message]);
  }
  has(line: number) {
    return this.byLine.has(line);
  }
  get size() {
    return this.byLine.size;
  }
  list(): ImportLineError[] {
    return [...this.byLine].sort(([a], [b]) => a - b).map(([line, messages]) => ({ line, messages }));
  }
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(IMPORT_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

/** 'title:value|title:value' pairs; a part without a colon is reported. */
function pairs(text: string | undefined, line: number, column: string, errors: LineErrors): RowOption[] {
  return list(text).flatMap((part) => {
    const colon = part.indexOf(':');
    const name = colon < 0 ? '' : part.slice(0, colon).trim();
    const value = colon < 0 ? '' : part.slice(colon + 1).trim();
    if (!name || !value) {
      errors.add(line, MESSAGES.importNumberInvalid(`${column} "${part}"`));
      return [];
    }
    return [{ name, value }];
  });
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const isNumber = (text: string) => NUMBER.test(text);

/** A decimal in plain digits within [min, max], as a string kept exact for numeric columns; null when empty. */
function decimal(text: string | undefined, line: number, column: string, errors: LineErrors, min: number, max: number): string | null {
  if (!text) return null;
  if (!isNumber(text) || Number(text) < min || Number(text) > max) {
    errors.add(line, MESSAGES.importNumberInvalid(column));
    return null;
  }
  return String(Math.round(Number(text) * 100) / 100);
}

function wholeNumber(text: string | undefined, line: number, column: string, errors: LineErrors, max: number): number | null {
  if (!text) return null;
  const n = Number(text);
  if (!isNumber(text) || !Number.isInteger(n) || n < 0 || n > max) {
    errors.add(line, MESSAGES.importNumberInvalid(column));
    return null;
  }
  return n;
}

/** Carat as 'from-to' or one number (from and to alike), each at least CARAT_MIN. */
function caratRange(text: string, line: number, errors: LineErrors): { caratFrom: number; caratTo: number } | null {
  const [from, to = from, ...rest] = text.split('-').map((part) => part.trim());
  const ok = (value: string | undefined) => value !== undefined && isNumber(value) && Number(value) >= CARAT_MIN && Number(value) <= CARAT_MAX;
  if (rest.length || !ok(from) || !ok(to) || Number(from) > Number(to)) {
    errors.add(line, MESSAGES.importNumberInvalid('can be set with carat'));
    return null;
  }
  return { caratFrom: Number(from), caratTo: Number(to) };
}

const PRICE_MAX = 9_999_999_999;

/** Reads every row, recording the line errors of the row-level rules; rows with errors are still returned (for the counts of later checks). */
export function readImportRows(sheet: Sheet, errors: LineErrors): ImportRow[] {
  return sheet.rows.map(({ line, values: v }): ImportRow => {
    const sku = v.sku ?? '';
    const parentSku = v.parent_sku ?? '';
    const title = v.product_title ?? '';
    if (!sku) errors.add(line, MESSAGES.importSkuRequired);
    else if (sku.length > SKU_MAX) errors.add(line, MESSAGES.importTooLong('SKU', SKU_MAX));
    if (!title && !parentSku) errors.add(line, MESSAGES.importParentSkuRequired);
    const stock = wholeNumber(v.stock, line, 'stock', errors, QTY_MAX) ?? 0;
    const priceText = v.price ?? '';
    const base = {
      line,
      sku,
      qty: stock > 0 ? stock : 0,
      isReadyToShip: stock > 0,
      modelNumber: v.model_number ?? '',
      price: priceText && isNumber(priceText) && Number(priceText) >= 0 && Number(priceText) <= PRICE_MAX ? String(Math.round(Number(priceText) * 100) / 100) : null,
    };
    if (priceText && base.price === null) errors.add(line, MESSAGES.importPriceInvalid);

    if (parentSku) {
      if (!priceText) errors.add(line, MESSAGES.importPriceRequired);
      if (sku && sku.toLowerCase() === parentSku.toLowerCase()) errors.add(line, MESSAGES.importSkuSameAsParent);
      const options = [...pairs(v.options, line, 'options', errors)];
      for (const n of IMPORT_OPTION_NUMBERS) {
        const name = v[`option${n}_name`];
        const value = v[`option${n}_value`];
        if (name && !value) errors.add(line, MESSAGES.importOptionValueRequired(n));
        if (name && value) options.push({ name, value });
      }
      return { ...base, kind: 'variant', parentSku, options };
    }

    if (!title) errors.add(line, MESSAGES.importTitleRequired);
    else if (title.length > PRODUCT_NAME_MAX) errors.add(line, MESSAGES.importTooLong('Product title', PRODUCT_NAME_MAX));
    if (!v.attribute_set) errors.add(line, MESSAGES.importAttributeSetRequired);
    const categories = [...list(v.category), ...list(v.sub_category)];
    if (!list(v.category).length) errors.add(line, MESSAGES.importCategoryRequired);
    // Option N value with option N name holds on a product row too.
    for (const n of IMPORT_OPTION_NUMBERS) if (v[`option${n}_name`] && !v[`option${n}_value`]) errors.add(line, MESSAGES.importOptionValueRequired(n));

    const shapes = list(v.can_be_set_with_shape);
    const carats = list(v.can_be_set_with_carat);
    if (shapes.length && !carats.length) errors.add(line, MESSAGES.importCaratRequired);
    if (carats.length && !shapes.length) errors.add(line, MESSAGES.importShapeRequired);
    const canBeSetWith = shapes.flatMap((shape, i) => {
      // One carat range for every shape, or one per shape.
      const text = carats.length === shapes.length ? carats[i] : carats.length === 1 ? carats[0] : undefined;
      if (text === undefined) {
        if (carats.length) errors.add(line, MESSAGES.importNumberInvalid('can be set with carat'));
        return [];
      }
      const range = caratRange(text, line, errors);
      return range ? [{ shape, ...range }] : [];
    });
    const weightUnit = (v.weight_unit ?? 'lb').toLowerCase();
    if (!(WEIGHT_UNITS as readonly string[]).includes(weightUnit)) errors.add(line, MESSAGES.importUnknown('weight unit', v.weight_unit ?? ''));
    const sideUnit = (v.side_diamonds_weight_unit ?? 'ct').toLowerCase();
    if (!(WEIGHT_UNITS as readonly string[]).includes(sideUnit)) errors.add(line, MESSAGES.importUnknown('side diamonds weight unit', v.side_diamonds_weight_unit ?? ''));
    return {
      ...base,
      kind: 'product',
      name: title,
      attributeSet: v.attribute_set ?? '',
      categories,
      description: v.description ?? '',
      weight: decimal(v.weight, line, 'weight', errors, 0.1, WEIGHT_MAX),
      weightUnit,
      metaTitle: v.meta_title ?? '',
      metaKeywords: v.meta_keywords ?? '',
      metaDescription: v.meta_description ?? '',
      sideDiamondsSize: v.side_diamonds_size ?? '',
      sideDiamondsPieces: wholeNumber(v.side_diamonds_pieces, line, 'side diamonds pieces', errors, QTY_MAX),
      sideDiamondsWeight: decimal(v.side_diamonds_weight, line, 'side diamonds weight', errors, 0, WEIGHT_MAX),
      sideDiamondsWeightUnit: sideUnit,
      relatedSkus: list(v.related_skus),
      attributes: pairs(v.attributes, line, 'attributes', errors),
      standaloneAttributes: pairs(v.options, line, 'options', errors),
      canBeSetWith,
      isGiftCard: (v.is_gift_card ?? '').toLowerCase() === 'yes',
    };
  });
}
