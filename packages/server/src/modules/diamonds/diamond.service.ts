import type { ListResponse } from '@facet/contract/api';
import { diamondOriginLabel } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import { DIAMOND_CUTS, DIAMOND_MESSAGES, DIAMOND_PRICE_FROM_DEFAULT, diamondListQuery, UNPRICED_REASONS } from '@facet/contract/modules/diamonds/diamond.schema';
import type { DiamondListRow, DiamondRecord, DiamondUnpricedCount, StoneState } from '@facet/contract/modules/diamonds/diamond.schema';
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { affected } from '../../db/bulk-write.ts';
import { emit } from '../../events/emit.ts';
import type { ListQuerySpec } from '../../db/list-query.ts';
import { applyListQuery, searchLoweredCondition } from '../../db/list-query.ts';
import type { RequestContext, ServiceContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { StoneFeed } from '../../integrations/nivoda/feed-stone.ts';
import { diamondMarkups } from '../diamond-markups/diamond-markup.table.ts';
import { diamondShapes } from '../diamond-shapes/diamond-shape.table.ts';
import { shapeCategories } from '../diamond-shapes/shape-category.table.ts';
import { holdForRepricing, ingestStones } from './feed/diamond-ingest.ts';
import type { ListIndex, ListIndexOptions } from './list-index/diamond-list-index.ts';
import { createListIndex } from './list-index/diamond-list-index.ts';
import { bumpListVersion, hasLoggedTooMany, listVersionSql, markPricesOnly } from './list-index/list-index-sql.ts';
import type { DiamondListQuery } from './list-index/list-snapshot.ts';
import { isIndexable, queryListSnapshot } from './list-index/list-snapshot.ts';
import { bandCoverSql, priceStone, shapeKeySql, stonePriceParts } from './pricing/diamond-price.ts';
import type { MarkupBand } from './pricing/diamond-price.ts';
import { readExchangeRate } from './feed/diamond-settings.ts';
import { recountStones } from './feed/stone-counts.ts';
import { DIAMOND_ENTITY, setStonesSold } from './diamond-sales.ts';
import { diamonds } from './diamond.table.ts';

const ENTITY = DIAMOND_ENTITY;
/** The list counts matching stones up to this many, then says "more" (totalIsCapped), as the products list does. */
const LIST_TOTAL_CAP = 1_000;


const STATE_CONDITIONS: Record<StoneState, SQL> = {
  available: sql`not ${diamonds.isSold} and not ${diamonds.isUnavailable}`,
  sold: sql`${diamonds.isSold}`,
  unavailable: sql`${diamonds.isUnavailable} and not ${diamonds.isSold}`,
};

export const diamondListSpec: ListQuerySpec<typeof diamondListQuery.filters> = {
  definition: diamondListQuery,
  filters: {
    type: (types) => (types.length !== 1 ? undefined : types[0] === 'gemstone' ? sql`${diamonds.isGemstone}` : sql`not ${diamonds.isGemstone}`),
    diamondType: diamonds.isLab,
    certificate: (term) => searchLoweredCondition([diamonds.certificateLower], term),
    sku: (term) => searchLoweredCondition([diamonds.stockIdLower], term),
    price: diamonds.price,
    shape: diamonds.shapeId,
    color: diamonds.color,
    clarity: diamonds.clarity,
    cut: diamonds.cut,
    carat: diamonds.carat,
    state: (states) => or(...states.map((state) => STATE_CONDITIONS[state])),
    pricing: (values) => (values.length === 1 ? (values[0] === 'priced' ? sql`${diamonds.price} is not null` : sql`${diamonds.price} is null`) : undefined),
  },
  sort: { createdAt: diamonds.createdAt, price: diamonds.price, carat: diamonds.carat },
  defaultSort: { field: 'createdAt', order: 'desc' },
};

/**
 * The list's defaults the spec sets: diamonds unless `type=gemstone`; price from 1 when empty
 * (document 2 §5), so unpriced stones show only when asked for; stones on offer unless a state is asked.
 */
export function withListDefaults(query: DiamondListQuery): DiamondListQuery {
  const isUnpricedAsked = query.pricing?.includes('unpriced') ?? false;
  return {
    ...query,
    type: query.type ?? ['diamond'],
    state: query.state ?? ['available', 'sold'],
    ...(query.priceFrom === undefined && !isUnpricedAsked && { priceFrom: DIAMOND_PRICE_FROM_DEFAULT }),
  };
}

const LIST_COLUMNS = {
  id: diamonds.id,
  image: diamonds.image,
  sku: diamonds.stockId,
  certificate: diamonds.certificate,
  lab: diamonds.lab,
  vendor: diamonds.vendor,
  name: diamonds.name,
  price: diamonds.price,
  unpricedReason: diamonds.unpricedReason,
  carat: diamonds.carat,
  isLab: diamonds.isLab,
  isGemstone: diamonds.isGemstone,
  isSold: diamonds.isSold,
  isUnavailable: diamonds.isUnavailable,
  createdAt: diamonds.createdAt,
};
type ListColumns = Pick<
  typeof diamonds.$inferSelect,
  'id' | 'image' | 'certificate' | 'lab' | 'vendor' | 'name' | 'price' | 'unpricedReason' | 'carat' | 'isLab' | 'isGemstone' | 'isSold' | 'isUnavailable' | 'createdAt'
> & { sku: string };
const toListRow = (row: ListColumns): DiamondListRow => ({
  id: row.id,
  image: row.image,
  sku: row.sku,
  certificate: row.certificate,
  lab: row.lab,
  vendor: row.vendor,
  name: row.name,
  unpricedReason: row.unpricedReason,
  isLab: row.isLab,
  isGemstone: row.isGemstone,
  isSold: row.isSold,
  isUnavailable: row.isUnavailable,
  price: row.price === null ? null : Number(row.price),
  carat: Number(row.carat),
  createdAt: row.createdAt.toISOString(),
});

/** The markup bands of the live table, for the detail's working. */
async function loadBands(db: Db): Promise<MarkupBand[]> {
  return db
    .select({
      fromCarat: diamondMarkups.fromCarat,
      toCarat: diamondMarkups.toCarat,
      markupType: diamondMarkups.markupType,
      markup: diamondMarkups.markup,
      fixCost: diamondMarkups.fixCost,
      isLabDiamond: diamondMarkups.isLabDiamond,
      shapeCategoryId: diamondMarkups.shapeCategoryId,
    })
    .from(diamondMarkups)
    .where(isNull(diamondMarkups.deletedAt));
}

/** The shape category pricing a stone: its shape's, or Round/Fancy by the feed's words (GLOSSARY). */
async function categoryOf(db: Db, shapeId: number | null, shapeRaw: string): Promise<{ id: number; name: string; shapeName: string | null }> {
  if (shapeId !== null) {
    const [row] = await db
      .select({ id: shapeCategories.id, name: shapeCategories.name, shapeName: diamondShapes.name })
      .from(diamondShapes)
      .innerJoin(shapeCategories, eq(shapeCategories.id, diamondShapes.shapeCategoryId))
      .where(eq(diamondShapes.id, shapeId));
    if (row) return row;
  }
  const code = shapeRaw.toLowerCase().startsWith('round') ? 'round' : 'fancy';
  const [row] = await db
    .select({ id: shapeCategories.id, name: shapeCategories.name })
    .from(shapeCategories)
    .where(and(eq(shapeCategories.code, code), isNull(shapeCategories.deletedAt)));
  return { id: row?.id ?? 0, name: row?.name ?? code, shapeName: null };
}

const gradeLabel = (code: string | null) => (code === null ? '' : (DIAMOND_CUTS[code as keyof typeof DIAMOND_CUTS] ?? code));
const numberText = (value: string | null) => (value === null ? '' : String(Number(value)));

export function createDiamondService(db: Db, options: { listIndex?: boolean; listIndexOptions?: ListIndexOptions } = {}) {
  const listIndex: ListIndex | null = options.listIndex === false ? null : createListIndex(db, options.listIndexOptions);

  async function get(id: number, source: Db = db): Promise<DiamondRecord> {
    const [row] = await source.select().from(diamonds).where(eq(diamonds.id, id));
    if (!row) throw notFound();
    // In turn: `source` may be a transaction's one connection.
    const category = await categoryOf(source, row.shapeId, row.shapeRaw);
    const bands = await loadBands(source);
    const { rate, date } = await readExchangeRate(source);
    const working = priceStone(
      { supplierPrice: row.supplierPrice, supplierCurrency: row.supplierCurrency, carat: row.carat, isLab: row.isLab, shapeCategory: category },
      rate,
      bands,
    );
    if (rate && date && row.supplierCurrency === 'USD') working.steps.unshift(`Exchange rate USD→GBP ${rate} (${date})`);
    const measurements = [row.lengthMm, row.widthMm, row.depthMm].every((value) => value !== null)
      ? `${numberText(row.lengthMm)} × ${numberText(row.widthMm)} × ${numberText(row.depthMm)} mm`
      : '';
    const attributes = [
      { title: 'SKU', value: row.stockId },
      { title: 'Certificate', value: [row.lab, row.certificate].filter(Boolean).join(' ') },
      { title: 'Type', value: row.isGemstone ? (row.gemType ?? 'Gemstone') : diamondOriginLabel(row.isLab) },
      { title: 'Shape', value: category.shapeName ?? row.shapeRaw },
      { title: 'Weight', value: `${Number(row.carat).toFixed(2)} ct` },
      { title: 'Color', value: row.color ?? '' },
      { title: 'Clarity', value: row.clarity ?? '' },
      { title: 'Cut', value: gradeLabel(row.cut) },
      { title: 'Polish', value: gradeLabel(row.polish) },
      { title: 'Symmetry', value: gradeLabel(row.symmetry) },
      { title: 'Fluorescence', value: [row.fluorescence, row.fluorescenceColor].filter(Boolean).join(' ') },
      { title: 'Measurements', value: measurements },
      { title: 'Depth %', value: numberText(row.depthPercent) },
      { title: 'Table %', value: numberText(row.tablePercent) },
      { title: 'Girdle', value: row.girdle ?? '' },
      { title: 'Vendor', value: row.vendor ?? '' },
      { title: 'Availability', value: row.isUnavailable ? 'No longer offered' : row.availability },
      { title: 'Price', value: row.price === null ? UNPRICED_REASONS[row.unpricedReason ?? 'no_band'] : `£${Number(row.price).toLocaleString('en-GB')}` },
    ].filter((attribute) => attribute.value !== '');
    return {
      ...toListRow({ ...row, sku: row.stockId }),
      source: row.source,
      sourceId: row.sourceId,
      video: row.video,
      availability: row.availability,
      supplierPrice: Number(row.supplierPrice),
      supplierCurrency: row.supplierCurrency,
      firstSeenAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      attributes,
      working,
    };
  }

  /**
   * The list from SQL alone: one page and a total counted up to the cap. Serves any list while the
   * read-side index builds, SKU and certificate substrings included (the index answers those too
   * once built; without trigram indexes on `diamonds` they are a scan of the table here). A query with a
   * narrowing filter counts first through the indexes' bitmaps (plain index walks switched off for
   * its transaction): when no more than the cap match, the page is sorted from those rows too.
   */
  async function listFromSql(query: DiamondListQuery): Promise<ListResponse<DiamondListRow>> {
    const { where, orderBy, limit, offset } = applyListQuery(diamonds, query, diamondListSpec);
    // A SKU or certificate substring alone has no btree to walk (a trigram GIN, while there is one,
    // has bitmap scans only): nothing to switch off, so the page and the count run side by side.
    const isNarrowing = Boolean(query.shape || query.color || query.clarity || query.cut || (query.type?.length === 1 && query.type[0] === 'gemstone'));
    const page = (source: Db) => source.select(LIST_COLUMNS).from(diamonds).where(where).orderBy(...orderBy).limit(limit).offset(offset);
    const countOf = async (source: Db) => {
      const matching = source.select({ one: sql`1` }).from(diamonds).where(where).limit(LIST_TOTAL_CAP + 1).as('matching');
      const [counted] = await source.select({ total: count() }).from(matching);
      return counted?.total ?? 0;
    };
    const [rows, total] = isNarrowing
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_indexscan = off`);
          const counted = await countOf(tx);
          if (counted > LIST_TOTAL_CAP) await tx.execute(sql`set local enable_indexscan = on`);
          return [await page(tx), counted] as const;
        })
      : await Promise.all([page(db), countOf(db)]);
    const response = { items: rows.map(toListRow), total: Math.min(total, LIST_TOTAL_CAP), page: query.page, pageSize: query.pageSize };
    return total > LIST_TOTAL_CAP ? { ...response, totalIsCapped: true } : response;
  }

  /**
   * The list from the read-side index: the page's ids and the exact total from the arrays, then the
   * page's rows and the list version in one statement. When the data is newer than the index, the index
   * is refreshed with the stones changed since and the query asked again; while it is rebuilt (too many
   * changes) the previous index answers. Null when there is no index yet (start-up); the caller
   * answers from SQL.
   */
  // One prepared statement: its plan is kept per connection, so a page pays no planning (tens of ms on a loaded machine).
  const pageByIds = db
    .select({ row: LIST_COLUMNS, listVersion: sql<string>`v.version` })
    .from(sql`(select ${listVersionSql} as version) v`)
    .leftJoin(diamonds, sql`${diamonds.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('diamond_list_page');

  async function listFromIndex(query: DiamondListQuery): Promise<ListResponse<DiamondListRow> | null> {
    if (!listIndex) return null;
    // A refresh can be overtaken by a newer write: a few rounds, then SQL.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const snapshot = listIndex.current();
      if (!snapshot) return null;
      // Taken before the page is read: a sale applied in place meanwhile raises the snapshot's own.
      const { version } = snapshot;
      const { ids, total } = queryListSnapshot(snapshot, query);
      const rows = await pageByIds.execute({ ids });
      const seen = Number(rows[0]?.listVersion);
      if (seen !== version) {
        if (await listIndex.catchUp(seen)) continue;
        // Too many changes for a refresh (a big sync): while the new index builds (tens of seconds at
        // a million), the previous one answers, with its exact total and the page's rows as they are
        // now. The SQL path took seconds a list, with a capped total, for the whole build.
        if (!listIndex.isRebuilding()) return null;
      }
      const byId = new Map<number, ListColumns>();
      for (const { row } of rows) if (row) byId.set(row.id, row);
      if (byId.size !== ids.length) return null;
      return { items: ids.map((id) => toListRow(byId.get(id)!)), total, page: query.page, pageSize: query.pageSize };
    }
    return null;
  }

  const answered = { index: 0, sql: 0 };
  return {
    /**
     * One page of stones and the total: from the read-side index when it is current (the exact total),
     * otherwise from SQL (the total counted up to the cap, `totalIsCapped`).
     */
    async list(received: DiamondListQuery): Promise<ListResponse<DiamondListRow>> {
      const query = withListDefaults(received);
      const fromIndex = isIndexable(query) ? await listFromIndex(query) : null;
      answered[fromIndex ? 'index' : 'sql'] += 1;
      return fromIndex ?? (await listFromSql(query));
    },
    /**
     * The stones a list leaves out for want of a price: the same query with `pricing=unpriced` in
     * place of its price range, answered as a list of one row is (the index's bitsets, else a count to the cap).
     */
    async unpricedCount(received: DiamondListQuery): Promise<DiamondUnpricedCount> {
      const { priceFrom: _priceFrom, priceTo: _priceTo, ...rest } = received;
      const query = withListDefaults({ ...rest, pricing: ['unpriced'], page: 1, pageSize: 1 });
      const { total, totalIsCapped } = (isIndexable(query) ? await listFromIndex(query) : null) ?? (await listFromSql(query));
      return totalIsCapped ? { total, totalIsCapped: true } : { total };
    },
    /** How many lists each path answered (the bench). */
    answered: () => ({ ...answered }),

    /** For tests and the bench: each path on its own, with the list's defaults applied. */
    listFromSql: (received: DiamondListQuery) => listFromSql(withListDefaults(received)),
    listFromIndex: (received: DiamondListQuery) => listFromIndex(withListDefaults(received)),
    listIndex,

    get,

    /** Mark as sold (true) or Add to Inventory (false); audited. A stone already so is answered as it is. */
    async setSold(id: number, isSold: boolean, context: RequestContext) {
      let version: number | null = null;
      const diamond = await db.transaction(async (tx) => {
        const [before] = await tx.select({ isSold: diamonds.isSold }).from(diamonds).where(eq(diamonds.id, id)).for('update');
        if (!before) throw notFound();
        ({ version } = await setStonesSold(tx, [id], isSold, context));
        return get(id, tx);
      });
      if (version !== null) listIndex?.applySold(id, isSold, version);
      return { message: isSold ? DIAMOND_MESSAGES.sold : DIAMOND_MESSAGES.imported, diamond };
    },

    /** Pull Diamond: one stone from the feed by certificate, through the same ingest as a sync. */
    async pull(feed: StoneFeed | null, certificate: string, context: RequestContext) {
      if (!feed) throw new AppError('CONFLICT', DIAMOND_MESSAGES.feedNotConfigured);
      const stone = await feed.findByCertificate(certificate);
      if (!stone) throw new AppError('NOT_FOUND', DIAMOND_MESSAGES.notFoundByCertificate(certificate));
      const kind = stone.isGemstone ? 'gemstone' : stone.isLabGrown ? 'lab' : 'natural';
      async function* one() {
        yield [stone!];
      }
      await ingestStones(db, feed.source, one(), { mode: 'incremental', kind }, {
        async inTransaction(tx) {
          // The stone as merged (added, or its row updated): its document and the combinations go with the merge's commit.
          const [merged] = await tx
            .select({ id: diamonds.id })
            .from(diamonds)
            .where(and(eq(diamonds.source, feed.source), eq(diamonds.sourceId, stone.sourceId.trim())));
          if (merged) await emit(tx, 'diamonds.changed', { ids: [merged.id] });
          await writeAudit(tx, context, { action: 'create', entity: ENTITY, after: { source: feed.source, sourceId: stone.sourceId, certificate } });
        },
      });
      const [row] = await db
        .select({ id: diamonds.id })
        .from(diamonds)
        .where(and(eq(diamonds.source, feed.source), eq(diamonds.sourceId, stone.sourceId.trim())));
      if (!row) throw new AppError('CONFLICT', DIAMOND_MESSAGES.notFoundByCertificate(certificate));
      return { message: DIAMOND_MESSAGES.imported, diamond: await get(row.id) };
    },
  };
}

/**
 * Reprices every stone with the markup bands and the rate now in force: one statement, writing only
 * the stones whose price (or unpriced reason) changed. Run in the caller's transaction.
 */
export async function repriceAll(tx: Db, context: ServiceContext): Promise<{ repriced: number }> {
  await holdForRepricing(tx);
  const { rate } = await readExchangeRate(tx);
  const hadTooMany = await hasLoggedTooMany(tx);
  const { price, unpricedReason } = stonePriceParts({ supplierPrice: sql`d.supplier_price`, supplierCurrency: sql`d.supplier_currency` }, rate);
  // One pass: each stone meets its band (or the carats no band holds) by an inner join on a cover of
  // the bands, so the update prices the rows it scans. A stone's shape id always names a row of
  // diamond_shapes (shapes are soft-deleted, never removed), so the cover misses none.
  const result = await tx.execute(sql`
    update diamonds d set price = ${price}, unpriced_reason = ${unpricedReason}, updated_at = now(), version = d.version + 1
    from ${bandCoverSql()}
    where band.is_lab_diamond = d.is_lab and band.shape_key = ${shapeKeySql(sql`d.shape_id`, sql`d.shape_raw`)}
      and d.carat between band.from_carat and band.to_carat
      and (d.price, d.unpriced_reason) is distinct from (${price}, ${unpricedReason})`);
  const repriced = affected(result);
  // Prices only: the list index reads every stone's price instead of rebuilding (diamond-list-index.ts).
  await markPricesOnly(tx, hadTooMany);
  // Which stones are priced may have moved; the update cannot return the old prices, so the service screen's counts are made again.
  if (repriced > 0) await recountStones(tx);
  if (repriced > 0) await bumpListVersion(tx);
  await writeAudit(tx, context, { action: 'update', entity: 'diamond_prices', after: { repriced, rate } });
  return { repriced };
}
