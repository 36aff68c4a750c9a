import { z } from 'zod';
import { recordId } from '../../api.ts';
import { MESSAGES } from '../../messages.ts';
import type { UncheckedFields } from '../../rules.ts';
import { acrossFields, entriesOf, optionalText, requiredNumber } from '../../rules.ts';
import { SIZE_MAX_LENGTH } from '../product-sizes/product-size.schema.ts';

/**
 * A line a shopper sends the storefront API (an inquiry's, a cart's): a product (a variant, or a
 * product without variants) or a diamond, with a quantity and the size chosen. The server prices it
 * from the catalogue and keeps a snapshot of what it was (`saleLineSnapshotSchema`), so a later change
 * or deletion in the catalogue never changes an inquiry or a cart.
 */
export const SALE_LINES_MAX = 50;
export const SALE_LINE_QTY_MAX = 99;

/** Each line is a product or a diamond (exactly one); a diamond is one stone, so its quantity is 1. */
function checkLine(fields: UncheckedFields<{ productId?: number; diamondId?: number; qty?: number }>, report: (path: readonly (string | number)[], message: string) => void) {
  const hasProduct = fields.productId !== undefined;
  const hasDiamond = fields.diamondId !== undefined;
  if (hasProduct === hasDiamond) report(['productId'], MESSAGES.saleLineItem);
  if (hasDiamond && fields.qty !== undefined && fields.qty !== 1) report(['qty'], MESSAGES.diamondQtyOne);
}

export const saleLineInputSchema = acrossFields(
  z.object({
    productId: recordId(MESSAGES.chooseFromList('product')).optional().describe('A product variant, or a product without variants.'),
    diamondId: recordId(MESSAGES.chooseFromList('diamond')).optional(),
    qty: requiredNumber({ min: 1, max: SALE_LINE_QTY_MAX, int: true, label: 'Qty' }).default(1),
    size: optionalText(SIZE_MAX_LENGTH).describe('One of the sizes of the product’s size type; empty when none was chosen.'),
  }),
  checkLine,
);
export type SaleLineInput = z.input<typeof saleLineInputSchema>;

/** A stone can be on one line only. */
function checkDiamondsOnce(lines: unknown, report: (path: readonly (string | number)[], message: string) => void) {
  const seen = new Set<unknown>();
  entriesOf(lines).forEach((line, index) => {
    if (line.diamondId === undefined) return;
    if (seen.has(line.diamondId)) report([index, 'diamondId'], MESSAGES.diamondTwice);
    seen.add(line.diamondId);
  });
}

/** The lines of a cart (`min` 0: a cart may be emptied) or an inquiry (`min` 1). */
export function saleLinesSchema(min: 0 | 1) {
  return z
    .array(saleLineInputSchema, { error: MESSAGES.selectAtLeastOne })
    .min(min, MESSAGES.selectAtLeastOne)
    .max(SALE_LINES_MAX, MESSAGES.tooManyItems(SALE_LINES_MAX))
    .superRefine((lines, ctx) => checkDiamondsOnce(lines, (path, message) => ctx.addIssue({ code: 'custom', path: [...path], message })));
}

/** A product option as it was chosen (metal, ring size), and whether the storefront shows it to shoppers. */
export const saleLineOptionSchema = z.object({ title: z.string(), value: z.string(), showInStorefront: z.boolean() });
export type SaleLineOption = z.infer<typeof saleLineOptionSchema>;

/**
 * What a line of a sale (an order's, an inquiry's, a cart's) holds once priced: the catalogue's words and
 * price as they were (document 3 §3: order product, inquiry product), so editing or deleting the product
 * or the stone never changes the sale. `sku` is the system SKU (a variant's own, a stone's stock id);
 * `parentSku` the product's SKU (empty for a stone or a product without variants); `certificate` a
 * stone's grading certificate (empty for a product); `productOptions` a variant's options (metal, ring
 * size; a stone's lab). An order's line extends it (`orderLineSchema`).
 */
export const saleLineSnapshotSchema = z.object({
  id: z.number().int(),
  isDiamond: z.boolean(),
  productId: z.number().int().nullable(),
  diamondId: z.number().int().nullable(),
  name: z.string(),
  vendor: z.string(),
  image: z.string(),
  size: z.string(),
  parentSku: z.string(),
  modelNumber: z.string(),
  sku: z.string(),
  certificate: z.string(),
  productOptions: z.array(saleLineOptionSchema),
  price: z.number(),
  qty: z.number().int(),
  discount: z.number(),
  /** price × qty − discount. */
  total: z.number(),
});
export type SaleLineSnapshot = z.infer<typeof saleLineSnapshotSchema>;

/** Where a line's SKU column points: a stone's certificate (else its stock id), a product's SKU (else its system SKU). */
export const lineSkuOrCertificate = (line: Pick<SaleLineSnapshot, 'isDiamond' | 'certificate' | 'parentSku' | 'sku'>) =>
  (line.isDiamond ? line.certificate : line.parentSku) || line.sku;

/** The currency the catalogue prices in: what the server snapshots on an inquiry or a cart it prices. */
export const SHOP_CURRENCY = { code: 'GBP', symbol: '£' } as const;
