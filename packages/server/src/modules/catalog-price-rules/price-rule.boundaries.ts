import type { PriceRulePhase } from '@facet/contract/modules/catalog-price-rules/catalog-price-rule.schema';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { emitChanged } from '../../events/emit.ts';
import { productIdsInCategories } from '../products/index.ts';
import { catalogPriceRules } from './catalog-price-rule.table.ts';

/**
 * Rule starts and ends reach the storefront without a staff write. Prices are worked out when read
 * (`price-rule.pricing.ts`), so orders, inquiries, carts and the product form are right at once; the
 * storefront's cached product documents were built before the boundary, so at each rule's start and
 * end the products it covers are republished: `products.changed` with `republish`, on which the cache
 * removes their documents (never a stale price) and builds them again at once (a rule on every product,
 * or on more than the cache's `REPUBLISH_AT_MOST`, queues a Generate of the Products key instead).
 *
 * Each rule keeps the phase last published (`published_phase`); a rule whose phase has moved on is
 * claimed (`for update skip locked`: one process publishes it, a staff save of it waits or is waited
 * for), its products named in the event and its phase written, in one transaction: a crash before the
 * commit publishes it again, never loses it. A timer runs this at the next boundary (at most a minute
 * away), so a rule takes effect on the storefront within about a second of its start, plus the building of its
 * products' documents (docs/benchmarks.md, "Catalog price rules").
 */
const CHECK_AT_MOST_EVERY_MS = 60_000;

interface Scope {
  productIds: number[];
  categoryIds: number[];
}

/** The top-level products a rule's scope names (its exclusions left in: republishing too many is harmless), or `all`. */
export async function productsCoveredBy(db: Db, scopes: readonly Scope[]): Promise<number[] | 'all'> {
  if (scopes.some((scope) => !scope.productIds.length && !scope.categoryIds.length)) return 'all';
  const named = scopes.flatMap((scope) => scope.productIds);
  const inCategories = await productIdsInCategories(db, [...new Set(scopes.flatMap((scope) => scope.categoryIds))]);
  return [...new Set([...named, ...inCategories])];
}

/**
 * Republishes the products of every rule whose phase moved on since it was last published (on rules
 * only: an inactive rule prices nothing either side of its boundary, its phase is just brought up to
 * date). Answers how many rules were published.
 */
export async function publishPassedBoundaries(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const phaseNow = sql`case when ${now.toISOString()}::timestamptz < start_date then 'scheduled' when ${now.toISOString()}::timestamptz < end_date then 'running' else 'ended' end`;
    const due = await tx
      .select({ id: catalogPriceRules.id, status: catalogPriceRules.status, productIds: catalogPriceRules.productIds, categoryIds: catalogPriceRules.categoryIds, phase: sql<PriceRulePhase>`${phaseNow}` })
      .from(catalogPriceRules)
      .where(and(isNull(catalogPriceRules.deletedAt), sql`${catalogPriceRules.publishedPhase} <> ${phaseNow}`))
      .for('update', { skipLocked: true });
    if (!due.length) return 0;
    const published = due.filter((rule) => rule.status);
    if (published.length) await emitChanged(tx, 'products.changed', await productsCoveredBy(tx, published), { republish: true });
    for (const phase of ['scheduled', 'running', 'ended'] as const) {
      const ids = due.filter((rule) => rule.phase === phase).map((rule) => rule.id);
      if (ids.length) await tx.update(catalogPriceRules).set({ publishedPhase: phase }).where(inArray(catalogPriceRules.id, ids));
    }
    return published.length;
  });
}

/** When the next rule starts or ends after `now` (live rules, on or off), or null when none will. */
export async function nextBoundary(db: Db, now: Date = new Date()): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({ next: sql<string | null>`min(case when ${catalogPriceRules.startDate} > ${at} then ${catalogPriceRules.startDate} else ${catalogPriceRules.endDate} end)` })
    .from(catalogPriceRules)
    .where(and(isNull(catalogPriceRules.deletedAt), sql`${catalogPriceRules.endDate} > ${at}`));
  return row?.next ? new Date(row.next) : null;
}

/**
 * The publisher's timer: publishes what is due, then sleeps until the next boundary (plus a little, so
 * the database's clock has passed it), or a minute when none is nearer. A failure is logged and tried
 * again on the next round.
 */
export function schedulePriceRuleBoundaries(db: Db, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | null = null;
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  async function round() {
    let wait = CHECK_AT_MOST_EVERY_MS;
    try {
      await publishPassedBoundaries(db);
      const next = await nextBoundary(db);
      if (next) wait = Math.min(wait, Math.max(next.getTime() - Date.now() + 250, 250));
    } catch (error) {
      // A round cut short by the app closing is no failure.
      if (!isStopped) log.error({ err: error }, 'catalog price rule boundaries could not be published');
    }
    if (isStopped) return;
    timer = setTimeout(() => {
      running = round();
    }, wait);
    timer.unref();
  }
  return {
    start() {
      isStopped = false;
      running = round();
    },
    /** Stops the timer and waits for a round under way, so none runs on a closed database. */
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
