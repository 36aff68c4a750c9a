import { diamondOriginLabel } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import { DIAMOND_CUTS, STONE_STATES, diamondBulkList, diamondListQuery, withDefaultDiamondType } from '@facet/contract/modules/diamonds/diamond.schema';
import type { ExportColumn } from '@facet/contract/resource';
import { and, asc, count, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applyListQuery } from '../../db/list-query.ts';
import type { ExportSource } from '../../http/large-exports.ts';
import type { DiamondListQuery } from './list-index/list-snapshot.ts';
import { diamondListSpec, withListDefaults } from './diamond.service.ts';
import { diamonds } from './diamond.table.ts';

/** Stones a batch of the export reads: one statement each, walked by id. */
const BATCH = 1000;

const COLUMNS = [
  { field: 'sku', header: 'SKU' },
  { field: 'certificate', header: 'Certificate' },
  { field: 'lab', header: 'Lab', width: 10 },
  { field: 'type', header: 'Type', width: 16 },
  { field: 'shape', header: 'Shape', width: 16 },
  { field: 'carat', header: 'Weight (ct)', type: 'number', width: 12 },
  { field: 'color', header: 'Color', width: 10 },
  { field: 'clarity', header: 'Clarity', width: 10 },
  { field: 'cut', header: 'Cut', width: 14 },
  { field: 'vendor', header: 'Vendor' },
  { field: 'name', header: 'Name', width: 48 },
  { field: 'price', header: 'Price (£)', type: 'money', width: 14 },
  { field: 'state', header: 'State', width: 18 },
  { field: 'createdAt', header: 'Created Date', type: 'date' },
] as const satisfies readonly ExportColumn[];

/** What a stone's row holds, read in its batch. */
const ROW_COLUMNS = {
  id: diamonds.id,
  sku: diamonds.stockId,
  certificate: diamonds.certificate,
  lab: diamonds.lab,
  isLab: diamonds.isLab,
  isGemstone: diamonds.isGemstone,
  gemType: diamonds.gemType,
  shape: diamonds.shapeRaw,
  carat: diamonds.carat,
  color: diamonds.color,
  clarity: diamonds.clarity,
  cut: diamonds.cut,
  vendor: diamonds.vendor,
  name: diamonds.name,
  price: diamonds.price,
  isSold: diamonds.isSold,
  isUnavailable: diamonds.isUnavailable,
  createdAt: diamonds.createdAt,
};

/**
 * The stones list's export (its bulk action Export, issue 23 §1): every stone the list's filters
 * select, with the list's own defaults (diamonds of the default type, priced from 1, on offer or
 * sold), as the list shows them plus their grades, walked by id from SQL. It always runs as the
 * list's export job: the list can select a million stones.
 */
export function diamondExportSource(db: Db): ExportSource<DiamondListQuery> {
  const whereOf = (query: DiamondListQuery) => applyListQuery(diamonds, query, diamondListSpec).where;
  return {
    name: diamondBulkList.name,
    fileName: 'Diamonds',
    columns: COLUMNS,
    parseQuery: (raw) => withListDefaults(withDefaultDiamondType(diamondListQuery.schema.parse(raw))),
    async count(query, upTo) {
      const matching = db.select({ one: sql`1` }).from(diamonds).where(whereOf(query)).limit(upTo ?? 2_147_483_647).as('matching');
      const [row] = await db.select({ n: count() }).from(matching);
      return row?.n ?? 0;
    },
    async *iterate(query) {
      const where = whereOf(query);
      for (let after = 0; ; ) {
        const rows = await db
          .select(ROW_COLUMNS)
          .from(diamonds)
          .where(and(where, gt(diamonds.id, after)))
          .orderBy(asc(diamonds.id))
          .limit(BATCH);
        if (rows.length) {
          yield rows.map((row) => ({
            ...row,
            type: row.isGemstone ? (row.gemType ?? 'Gemstone') : diamondOriginLabel(row.isLab),
            cut: row.cut === null ? null : (DIAMOND_CUTS[row.cut as keyof typeof DIAMOND_CUTS] ?? row.cut),
            state: STONE_STATES[row.isSold ? 'sold' : row.isUnavailable ? 'unavailable' : 'available'],
          }));
        }
        if (rows.length < BATCH) return;
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}
