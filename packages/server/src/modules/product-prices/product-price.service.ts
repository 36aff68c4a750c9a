import type { ListResponse } from '@facet/contract/api';
import {
  PRICE_MESSAGE_SKU_LIMIT,
  PRICE_UPDATE_MESSAGES,
  priceOfCell,
} from '@facet/contract/modules/product-prices/product-price.schema';
import type { PriceUpdateItem, PriceUpdateRecord } from '@facet/contract/modules/product-prices/product-price.schema';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { RequestContext, ServiceContext } from '../../http/context.ts';
import { AppError, conflict, invalidField, notFound } from '../../http/errors.ts';
import type { Sheet } from '../../spreadsheets/sheet-reader.ts';
import { emitChanged } from '../../events/emit.ts';
import { products } from '../products/product.table.ts';
import { staffNames } from '../users/index.ts';
import { productPriceUpdateItems, productPriceUpdates } from './product-price.table.ts';

/** A sheet as the reader gives it: normalised header names, and each row's cells by header with its 1-based line. */
export type PriceSheet = Pick<Sheet, 'headers' | 'rows'>;

/** One SKU's new price, after the sheet's rules. */
export interface PriceRow {
  sku: string;
  /** Exact decimal text, for `numeric`. */
  price: string;
}

/** Names at most the message limit of SKUs, then how many more. */
function named(skus: readonly string[]): string[] {
  if (skus.length <= PRICE_MESSAGE_SKU_LIMIT) return [...skus];
  return [...skus.slice(0, PRICE_MESSAGE_SKU_LIMIT), `and ${skus.length - PRICE_MESSAGE_SKU_LIMIT} more`];
}

/** A 400 naming SKUs; every SKU is also an issue, so the screen can copy all of them. */
function skuError(message: (skus: readonly string[]) => string, skus: readonly string[]) {
  return new AppError('VALIDATION_FAILED', message(named(skus)), skus.map((sku) => ({ path: ['sku'], message: sku })));
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The sheet's own rules (document 2 §5 price update), before the database is asked: an empty sheet or
 * no data rows is the blank-file message; otherwise the second header is `price` and a `sku` column
 * exists, else the invalid-headers message; every row needs a SKU and a numeric price, else 'Invalid
 * Price For SKU : ...' naming them all. Entirely blank rows are skipped. A SKU given twice takes its
 * last row's price.
 */
export function priceRowsOf(sheet: PriceSheet): PriceRow[] {
  // An empty sheet has no headers to be wrong: it is blank.
  if (sheet.headers.length === 0) throw invalidField('file', PRICE_UPDATE_MESSAGES.blankSheet);
  if (sheet.headers[1] !== 'price' || !sheet.headers.includes('sku')) throw invalidField('file', PRICE_UPDATE_MESSAGES.invalidHeaders);
  const rows = sheet.rows.filter((row) => !(isBlank(row.values.sku) && isBlank(row.values.price)));
  if (rows.length === 0) throw invalidField('file', PRICE_UPDATE_MESSAGES.blankSheet);
  const invalid: string[] = [];
  const bySku = new Map<string, PriceRow>();
  for (const row of rows) {
    const sku = isBlank(row.values.sku) ? '' : String(row.values.sku).trim();
    const price = priceOfCell(row.values.price);
    if (!sku || price === null) {
      invalid.push(sku || PRICE_UPDATE_MESSAGES.lineWithoutSku(row.line));
      continue;
    }
    const key = sku.toLowerCase();
    // Delete first so the SKU takes the place of its last row (the order of the answer's lists).
    bySku.delete(key);
    bySku.set(key, { sku, price });
  }
  if (invalid.length > 0) throw skuError(PRICE_UPDATE_MESSAGES.invalidPrices, invalid);
  return [...bySku.values()];
}

type PriceUpdateRow = typeof productPriceUpdates.$inferSelect;

/** The top-level products whose storefront documents a price write made stale (a variant's is its product's). */
const documentIdsOf = (result: unknown) => [...new Set(rowsOf<{ document_id: number }>(result).map((row) => Number(row.document_id)))];

/**
 * Bulk price updates (document 2 §5, §8), kept as runs with the prices they replaced:
 * `stage` checks a sheet's rows and SKUs and stores them as a pending run (one statement), `apply`
 * (the job) writes every price in one transaction with one statement, `rollback` restores the
 * replaced prices unless something changed them since.
 * Both emit `products.changed` with the products whose prices they wrote, in their transaction (the
 * storefront must not keep selling at the old prices).
 */
export function createProductPriceService(db: Db) {
  /**
   * Stores the run's items, every SKU joined to its live product or variant, and answers the sheet's
   * SKUs that name none, in the sheet's order: one statement, one pass over the SKUs. The caller
   * refuses the run (its transaction rolls back) when any SKU is unknown.
   */
  async function stageItems(tx: Db, updateId: number, rows: readonly PriceRow[]): Promise<string[]> {
    const result = await tx.execute(sql`
      with sheet as (
        select v.sku, v.price, v.n from unnest(${sql.param(rows.map((r) => r.sku))}::text[], ${sql.param(rows.map((r) => r.price))}::numeric[]) with ordinality as v(sku, price, n)),
      matched as (
        select s.n, p.id, s.price, p.price as current_price from sheet s join ${products} p on lower(p.sku) = lower(s.sku) and p.deleted_at is null),
      -- A data-modifying CTE always runs to completion, read or not.
      -- The price read now is the provisional "before": the apply corrects only the ones moved since,
      -- so it does not rewrite every item (a second write of the whole run in the job's transaction).
      staged as (
        insert into ${productPriceUpdateItems} (update_id, product_id, price_before, price_after)
        select ${updateId}, m.id, m.current_price, round(m.price, 2) from matched m)
      select s.sku from sheet s
      where not exists (select 1 from matched m where m.n = s.n)
      order by s.n`);
    return rowsOf<{ sku: string }>(result).map((r) => r.sku);
  }

  async function lockedRun(tx: Db, id: number): Promise<PriceUpdateRow> {
    const [run] = await tx.select().from(productPriceUpdates).where(and(eq(productPriceUpdates.id, id), sql`${productPriceUpdates.deletedAt} is null`)).for('update');
    if (!run) throw notFound();
    return run;
  }

  /**
   * Locks the run's products (in id order, as every bulk writer does) and says which of its SKUs are
   * no longer live, in one statement (the locking CTE is read whole). With `keepBefore` (the apply)
   * the same statement makes each item's "before" the price read under the lock: the upload stored
   * the price of its time, so only the items whose product's price moved since are written.
   */
  async function lockProducts(tx: Db, updateId: number, { keepBefore }: { keepBefore: boolean }): Promise<string[]> {
    const kept = keepBefore
      ? sql`, kept as (
          update ${productPriceUpdateItems} i set price_before = l.price
          from locked l where i.update_id = ${updateId} and i.product_id = l.id and i.price_before is distinct from l.price)`
      : sql``;
    const gone = await tx.execute(sql`
      with locked as (
        select p.id, p.sku, p.price, p.deleted_at from ${products} p join ${productPriceUpdateItems} i on i.product_id = p.id
        where i.update_id = ${updateId} order by p.id for update of p)${kept}
      select sku from locked where deleted_at is not null order by sku`);
    return rowsOf<{ sku: string }>(gone).map((r) => r.sku);
  }

  async function find(id: number): Promise<PriceUpdateRecord> {
    const [record] = await toRecords(await selectRecords().where(eq(productPriceUpdates.id, id)));
    if (!record) throw notFound();
    return record;
  }

  function selectRecords() {
    return db
      .select({
        id: productPriceUpdates.id,
        jobId: productPriceUpdates.jobRunId,
        fileName: productPriceUpdates.fileName,
        state: productPriceUpdates.state,
        itemCount: productPriceUpdates.itemCount,
        createdAt: productPriceUpdates.createdAt,
        createdBy: productPriceUpdates.createdBy,
        appliedAt: productPriceUpdates.appliedAt,
        rolledBackAt: productPriceUpdates.rolledBackAt,
        rolledBackBy: productPriceUpdates.rolledBackBy,
      })
      .from(productPriceUpdates)
      .$dynamic();
  }

  type SelectedRecord = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];
  /** The runs as answered, with the names of who uploaded and who rolled back (staff are the users module's: read through its face). */
  async function toRecords(rows: SelectedRecord[]): Promise<PriceUpdateRecord[]> {
    const names = await staffNames(db, rows.flatMap((row) => [row.createdBy, row.rolledBackBy]));
    return rows.map(({ createdBy, rolledBackBy, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      createdByName: (createdBy !== null && names.get(createdBy)) || 'system',
      appliedAt: row.appliedAt?.toISOString() ?? null,
      rolledBackAt: row.rolledBackAt?.toISOString() ?? null,
      rolledBackByName: rolledBackBy === null ? null : (names.get(rolledBackBy) ?? null),
    }));
  }

  return {
    /**
     * Checks a sheet and stores its prices as a pending run: every SKU must name a live product or
     * variant ('Invalid SKU(s) in Sheet : ...' otherwise, nothing stored). The items are written by
     * one `insert ... select from unnest` joined to the products.
     */
    async stage(sheet: PriceSheet, fileName: string, context: RequestContext): Promise<PriceUpdateRecord> {
      const rows = priceRowsOf(sheet);
      const id = await db.transaction(async (tx) => {
        const [run] = await tx
          .insert(productPriceUpdates)
          .values({ fileName, itemCount: rows.length, createdBy: context.actor.id, updatedBy: context.actor.id })
          .returning({ id: productPriceUpdates.id });
        const unknown = await stageItems(tx, run!.id, rows);
        if (unknown.length > 0) throw skuError(PRICE_UPDATE_MESSAGES.invalidSkus, unknown);
        return run!.id;
      });
      return find(id);
    },

    /** Names the job that applies run `id`. */
    async attachJob(id: number, jobRunId: number): Promise<PriceUpdateRecord> {
      await db.update(productPriceUpdates).set({ jobRunId }).where(eq(productPriceUpdates.id, id));
      return find(id);
    },

    /**
     * Applies a pending run in `tx` (the job's one transaction): locks the run and its products, keeps
     * each product's current price as the run's "before", then writes every new price with one
     * statement (only prices that differ: those products' versions move, so an open form saving a
     * stale version is refused). A SKU deleted since the upload fails the whole run.
     */
    async apply(tx: Db, id: number, context: ServiceContext): Promise<{ changed: number; unchanged: number }> {
      const run = await lockedRun(tx, id);
      if (run.state !== 'pending') throw conflict(run.state === 'rolled_back' ? PRICE_UPDATE_MESSAGES.alreadyRolledBack : 'This price update was already applied.');
      const gone = await lockProducts(tx, id, { keepBefore: true });
      if (gone.length > 0) throw skuError(PRICE_UPDATE_MESSAGES.invalidSkus, gone);
      // The products are locked, so their prices are still the items' "before" when this writes them.
      const written = await tx.execute(sql`
        update ${products} p set price = i.price_after, version = p.version + 1, updated_at = now(), updated_by = ${context.actor?.id ?? null}
        from ${productPriceUpdateItems} i where i.update_id = ${id} and p.id = i.product_id and p.price is distinct from i.price_after
        returning coalesce(p.parent_product_id, p.id) as document_id`);
      const changed = rowsOf(written).length;
      await tx.update(productPriceUpdates).set({ state: 'applied', appliedAt: new Date(), version: sql`${productPriceUpdates.version} + 1`, updatedAt: new Date() }).where(eq(productPriceUpdates.id, id));
      const counts = { changed, unchanged: run.itemCount - changed };
      await writeAudit(tx, context, { action: 'bulk-update', entity: 'product_prices', entityId: id, after: { fileName: run.fileName, skus: run.itemCount, ...counts } });
      await emitChanged(tx, 'products.changed', documentIdsOf(written));
      return counts;
    },

    /**
     * Restores the prices an applied run replaced, in one transaction and one statement. Refused
     * (409, writing nothing) when any of its products' price is no longer the one the run set, or a
     * later applied run set it again (even to the same price): those changes would be silently undone.
     * A deleted product refuses it too.
     */
    async rollback(id: number, context: RequestContext): Promise<PriceUpdateRecord> {
      await db.transaction(async (tx) => {
        const run = await lockedRun(tx, id);
        if (run.state === 'rolled_back') throw conflict(PRICE_UPDATE_MESSAGES.alreadyRolledBack);
        if (run.state !== 'applied') throw conflict(PRICE_UPDATE_MESSAGES.notApplied);
        await lockProducts(tx, id, { keepBefore: false });
        const changedSince = await tx.execute(sql`
          select p.sku from ${productPriceUpdateItems} i join ${products} p on p.id = i.product_id
          where i.update_id = ${id} and (
            p.deleted_at is not null or p.price is distinct from i.price_after
            or exists (
              select 1 from ${productPriceUpdateItems} later join ${productPriceUpdates} u on u.id = later.update_id
              where later.product_id = i.product_id and later.update_id > ${id} and u.state = 'applied'))
          order by p.sku limit ${PRICE_MESSAGE_SKU_LIMIT + 1}`);
        const skus = rowsOf<{ sku: string }>(changedSince).map((r) => r.sku);
        if (skus.length > 0) throw conflict(PRICE_UPDATE_MESSAGES.changedSince(skus.length > PRICE_MESSAGE_SKU_LIMIT ? [...skus.slice(0, PRICE_MESSAGE_SKU_LIMIT), 'and more'] : skus));
        const restored = await tx.execute(sql`
          update ${products} p set price = i.price_before, version = p.version + 1, updated_at = now(), updated_by = ${context.actor.id}
          from ${productPriceUpdateItems} i
          where i.update_id = ${id} and p.id = i.product_id and p.price is distinct from i.price_before
          returning coalesce(p.parent_product_id, p.id) as document_id`);
        const changed = rowsOf(restored).length;
        await tx
          .update(productPriceUpdates)
          .set({ state: 'rolled_back', rolledBackAt: new Date(), rolledBackBy: context.actor.id, version: sql`${productPriceUpdates.version} + 1`, updatedAt: new Date(), updatedBy: context.actor.id })
          .where(eq(productPriceUpdates.id, id));
        await writeAudit(tx, context, { action: 'rollback', entity: 'product_prices', entityId: id, after: { fileName: run.fileName, skus: run.itemCount, restored: changed } });
        await emitChanged(tx, 'products.changed', documentIdsOf(restored));
      });
      return find(id);
    },

    async list(query: { page: number; pageSize: number }): Promise<ListResponse<PriceUpdateRecord>> {
      const live = sql`${productPriceUpdates.deletedAt} is null`;
      const [rows, [total]] = await Promise.all([
        selectRecords()
          .where(live)
          .orderBy(desc(productPriceUpdates.createdAt), desc(productPriceUpdates.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(productPriceUpdates).where(live),
      ]);
      return { items: await toRecords(rows), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    get: find,

    /** A run's SKUs with the price before and after, by SKU. */
    async items(id: number, query: { page: number; pageSize: number }): Promise<ListResponse<PriceUpdateItem>> {
      const run = await find(id);
      // A pending run's stored "before" is the upload's reading, provisional until the apply: not shown.
      const before = (price: string | null) => (price === null || run.state === 'pending' ? null : Number(price));
      const where = eq(productPriceUpdateItems.updateId, id);
      const [rows, [total]] = await Promise.all([
        db
          .select({ productId: products.id, sku: products.sku, name: products.name, priceBefore: productPriceUpdateItems.priceBefore, priceAfter: productPriceUpdateItems.priceAfter })
          .from(productPriceUpdateItems)
          .innerJoin(products, eq(products.id, productPriceUpdateItems.productId))
          .where(where)
          .orderBy(asc(products.sku), asc(products.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(productPriceUpdateItems).where(where),
      ]);
      return {
        items: rows.map((r) => ({ ...r, priceBefore: before(r.priceBefore), priceAfter: Number(r.priceAfter) })),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
