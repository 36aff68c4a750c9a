import type { ErrorIssue } from '@facet/contract/api';
import { MESSAGES } from '@facet/contract/messages';
import type { SaleLineOption, SaleLineSnapshot, saleLineInputSchema } from '@facet/contract/modules/inquiries/sale-line.schema';
import type { SQL } from 'drizzle-orm';
import { asc, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, conflict } from '../../http/errors.ts';
import type { DiamondForSale } from '../diamonds/index.ts';
import { diamondsForSale } from '../diamonds/index.ts';
import type { ProductForSale } from '../products/index.ts';
import { productsForSale, saleSize } from '../products/index.ts';
import type { saleLineColumns } from './inquiry.table.ts';

type SaleLineInput = z.output<typeof saleLineInputSchema>;

/**
 * A line as the catalogue prices it now, before it is written: the snapshot every sale keeps (an
 * order's, an inquiry's, a cart's), its price as the catalogue's numeric text (added up in SQL), and the
 * standalone options an order's line keeps beside it. `salePrice` is the unit price a shopper pays now
 * (after the catalog price rule running, else `price`): the line keeps `price` and, as its (product)
 * discount, (price − salePrice) × qty, so staff see what the rule took off.
 */
export type LineSnapshot = Omit<SaleLineSnapshot, 'id' | 'price' | 'total' | 'discount'> & { price: string; salePrice: string; standaloneOptions: SaleLineOption[] };

/** The line of `qty` of `product` (for sale: the caller checked) in `size` (`saleSize`'s answer). */
export function productLineSnapshot(product: ProductForSale, size: string, qty: number): LineSnapshot {
  return {
    isDiamond: false,
    productId: product.id,
    diamondId: null,
    name: product.name,
    vendor: product.vendor,
    image: product.image,
    size,
    parentSku: product.parentSku,
    modelNumber: product.modelNumber,
    sku: product.sku,
    certificate: '',
    productOptions: product.productOptions,
    standaloneOptions: product.standaloneOptions,
    qty,
    price: product.price,
    salePrice: product.salePrice,
  };
}

/** The line of a stone (for sale, priced: the caller checked): one stone, its lab as its option. */
export function stoneLineSnapshot(stone: DiamondForSale & { price: string }): LineSnapshot {
  return {
    isDiamond: true,
    productId: null,
    diamondId: stone.id,
    name: stone.name,
    vendor: stone.vendor,
    image: stone.image,
    size: '',
    parentSku: '',
    modelNumber: '',
    sku: stone.stockId,
    certificate: stone.certificate,
    productOptions: stone.lab ? [{ title: 'Lab', value: stone.lab, showInStorefront: true }] : [],
    standaloneOptions: [],
    qty: 1,
    price: stone.price,
    // Catalog price rules are for catalogue products: a stone is priced by the feed and the markups.
    salePrice: stone.price,
  };
}

/** A line priced from the catalogue, ready to insert under its sale (the caller adds the sale's id). */
export type PricedLine = Omit<SaleLineSnapshot, 'id' | 'price' | 'total' | 'discount'> & { position: number; price: SQL; total: SQL; discount: SQL };

/** A table of sale lines (inquiry_lines, cart_lines): the snapshot's columns and the sale's id. */
export type SaleLinesTable = PgTable & { [K in keyof typeof saleLineColumns]: PgColumn };

/**
 * Prices a sale's lines from the catalogue as it is now (products.price less the catalog price rule
 * running now, kept as the line's discount; the stone's shop price) and
 * takes the snapshot each keeps. A product that is not for sale, or a size its size type does not
 * offer, is a 400 under the line's field; a stone no longer for sale (sold, withdrawn by the feed,
 * unpriced) a 409 under the line's diamondId. Nothing is written either way.
 */
export async function priceSaleLines(source: Db, lines: readonly SaleLineInput[]): Promise<PricedLine[]> {
  const products = await productsForSale(source, lines.flatMap((line) => (line.productId === undefined ? [] : [line.productId])));
  const stones = await diamondsForSale(source, lines.flatMap((line) => (line.diamondId === undefined ? [] : [line.diamondId])));
  const invalid: ErrorIssue[] = [];
  const unavailable: ErrorIssue[] = [];
  const priced = lines.map((line, index): PricedLine | null => {
    const at = (field: string) => ['lines', index, field];
    let snapshot: LineSnapshot;
    if (line.productId !== undefined) {
      const product = products.get(line.productId);
      if (!product?.isForSale) {
        invalid.push({ path: at('productId'), message: MESSAGES.productNotForSale });
        return null;
      }
      const size = saleSize(product, line.size);
      if (size === undefined) invalid.push({ path: at('size'), message: MESSAGES.sizeNotOffered });
      snapshot = productLineSnapshot(product, size ?? '', line.qty);
    } else {
      const stone = stones.get(line.diamondId!);
      if (!stone?.isForSale || stone.price === null) {
        unavailable.push({ path: at('diamondId'), message: MESSAGES.diamondNotForSale });
        return null;
      }
      if (line.size) invalid.push({ path: at('size'), message: MESSAGES.sizeNotOffered });
      snapshot = stoneLineSnapshot({ ...stone, price: stone.price });
    }
    const { price, salePrice, standaloneOptions: _standalone, ...kept } = snapshot;
    return {
      ...kept,
      position: index + 1,
      price: sql`${price}::numeric`,
      discount: sql`(${price}::numeric - ${salePrice}::numeric) * ${snapshot.qty}::int`,
      total: sql`${salePrice}::numeric * ${snapshot.qty}::int`,
    };
  });
  if (invalid.length) throw new AppError('VALIDATION_FAILED', invalid[0]!.message, invalid);
  if (unavailable.length) throw conflict(unavailable[0]!.message, unavailable);
  return priced as PricedLine[];
}

/** The totals of a sale's lines, added up by PostgreSQL (numeric: exact): the subtotal and the items. */
export async function saleLineTotals(tx: Db, table: SaleLinesTable, saleColumn: PgColumn, saleId: number): Promise<{ subtotal: SQL; itemCount: SQL }> {
  const [row] = await tx
    .select({ subtotal: sql<string>`coalesce(sum(${table.total}), 0)::text`, itemCount: sql<number>`coalesce(sum(${table.qty}), 0)::int` })
    .from(table)
    .where(sql`${saleColumn} = ${saleId}`);
  return { subtotal: sql`${row!.subtotal}::numeric`, itemCount: sql`${row!.itemCount}::int` };
}

/** The lines of sales `saleIds` as their records answer them, in order, by sale. */
export async function saleLinesOf(source: Db, table: SaleLinesTable, saleColumn: PgColumn, saleIds: readonly number[]): Promise<Map<number, SaleLineSnapshot[]>> {
  const rows = await source
    .select({
      saleId: sql<number>`${saleColumn}`.mapWith(Number),
      id: table.id,
      isDiamond: table.isDiamond,
      productId: table.productId,
      diamondId: table.diamondId,
      name: table.name,
      vendor: table.vendor,
      image: table.image,
      size: table.size,
      parentSku: table.parentSku,
      modelNumber: table.modelNumber,
      sku: table.sku,
      certificate: table.certificate,
      productOptions: table.productOptions,
      price: table.price,
      qty: table.qty,
      discount: table.discount,
      total: table.total,
    })
    .from(table)
    .where(inArray(saleColumn, [...saleIds]))
    .orderBy(asc(saleColumn), asc(table.position));
  const bySale = new Map<number, SaleLineSnapshot[]>(saleIds.map((id) => [id, []]));
  for (const { saleId, ...line } of rows) bySale.get(saleId)?.push(line as SaleLineSnapshot);
  return bySale;
}
