import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * What the storefront sees of the stones (the Diamonds and Diamond Combinations cache keys): the
 * stones for sale, read by keyset on id in batches whose JSON PostgreSQL builds, so a million stones
 * never sit in the server's memory at once; and the ring builder's shapes × carat bands, one grouped
 * statement whose answer is a few hundred rows however many stones there are.
 *
 * For sale: not sold, still offered by the feed, priced (a stone with no markup band or rate has no
 * shop price), and of a live, active shop shape (the storefront lists and filters by shape; a feed
 * shape mapped to none, or a switched-off shape, is not offered). The supplier's price, currency and
 * vendor are the shop's cost and source: they stay out.
 */
const forSale = sql`not d.is_sold and not d.is_unavailable and d.price is not null`;
const liveShape = sql`s.id = d.shape_id and s.deleted_at is null and s.status`;

/**
 * Stones read per batch: one statement (its JSON about 0.6 KB a stone) and one write to the store.
 * A thousand keeps each batch's turn on the server's event loop short (the read's parse, the write's
 * command): at 5,000 a regeneration of a million after a sync held it up to 0.4 s a batch, and the
 * Import Services screen's poll waited behind it.
 */
export const STONE_BATCH = 1000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function countStonesForSale(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from diamonds d join diamond_shapes s on ${liveShape} where ${forSale}`));
  return Number(row?.n ?? 0);
}

/**
 * The stones for sale as storefront documents, entry name the stone's id, in batches by keyset on id
 * (batch 200 costs what batch 1 does). Prices are whole pounds (GBP) as the shop sells the stone.
 */
export async function* stoneDocumentBatches(db: Db, batchSize = STONE_BATCH): AsyncGenerator<[string, string][]> {
  let after = 0;
  for (;;) {
    // The batch is the next stones for sale by id alone (a walk of the primary key that stops after
    // `batchSize`); their shapes are joined after. Joined in the same scan, the planner hashed the shapes
    // and sorted every stone past `after` for each batch: 40,000 stones in two minutes of a million.
    // A stone whose shape is not live and active reads as no document, and still moves the keyset on.
    const rows = rowsOf<{ id: number; document: string | null }>(
      await db.execute(sql`
        with batch as materialized (
          select * from diamonds d where d.id > ${after} and ${forSale} order by d.id limit ${batchSize}
        )
        select d.id, case when s.id is null then null else json_build_object(
          'id', d.id,
          'sku', d.stock_id,
          'name', d.name,
          'shapeId', s.id,
          'shape', s.name,
          'carat', d.carat,
          'color', d.color,
          'clarity', d.clarity,
          'cut', d.cut,
          'polish', d.polish,
          'symmetry', d.symmetry,
          'fluorescence', d.fluorescence,
          'fluorescenceColor', d.fluorescence_color,
          'measurements', json_build_object('lengthMm', d.length_mm, 'widthMm', d.width_mm, 'depthMm', d.depth_mm),
          'depthPercent', d.depth_percent,
          'tablePercent', d.table_percent,
          'girdle', d.girdle,
          'lab', d.lab,
          'certificate', d.certificate,
          'isLab', d.is_lab,
          'isGemstone', d.is_gemstone,
          'gemType', d.gem_type,
          'images', json_build_object('image', d.image, 'video', d.video),
          'currency', 'GBP',
          'price', d.price
        )::text end as document
        from batch d left join diamond_shapes s on ${liveShape}
        order by d.id`),
    );
    if (rows.length === 0) return;
    yield rows.filter((row) => row.document !== null).map((row) => [String(row.id), row.document!]);
    after = Number(rows.at(-1)!.id);
    if (rows.length < batchSize) return;
  }
}

/**
 * The carat bands a ring builder offers, each from its carat up to (not including) the next band's;
 * the last has no top. Stones under the first band (melee) are not offered for a setting.
 */
export const COMBINATION_CARAT_BANDS = ['0.30', '0.50', '0.70', '0.90', '1.00', '1.50', '2.00', '3.00', '4.00', '5.00'] as const;

/**
 * The Diamond Combinations documents: one per live, active shape and carat band with at least one
 * diamond for sale (gemstones are not set by the ring builder), entry name `<shape id>:<from>-<below>`
 * (`1:1.00-1.50`, the last band `1:5.00-up`), with how many natural and lab grown stones it holds and
 * the lowest price of each, so the builder offers only what can be bought and shows a "from" price.
 */
export async function diamondCombinationDocuments(db: Db): Promise<[string, string][]> {
  const rows = rowsOf<{ shape_id: number; band: number; document: string }>(
    await db.execute(sql`
      with banded as (
        select s.id as shape_id, s.name as shape, width_bucket(d.carat, ${sql.param(COMBINATION_CARAT_BANDS)}::numeric[]) as band, d.is_lab, d.price
        from diamonds d join diamond_shapes s on ${liveShape}
        where ${forSale} and not d.is_gemstone
      )
      select shape_id, band, json_build_object(
        'shapeId', shape_id,
        'shape', shape,
        'carat', json_build_object('from', (${sql.param(COMBINATION_CARAT_BANDS)}::numeric[])[band], 'below', (${sql.param(COMBINATION_CARAT_BANDS)}::numeric[])[band + 1]),
        'currency', 'GBP',
        'natural', json_build_object('count', count(*) filter (where not is_lab), 'priceFrom', min(price) filter (where not is_lab)),
        'labGrown', json_build_object('count', count(*) filter (where is_lab), 'priceFrom', min(price) filter (where is_lab))
      )::text as document
      from banded where band > 0
      group by shape_id, shape, band
      order by shape_id, band`),
  );
  return rows.map((row) => {
    const from = COMBINATION_CARAT_BANDS[row.band - 1]!;
    const below = COMBINATION_CARAT_BANDS[row.band] ?? 'up';
    return [`${row.shape_id}:${from}-${below}`, row.document];
  });
}
