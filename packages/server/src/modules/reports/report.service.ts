import { MESSAGES } from '@facet/contract/messages';
import type { ProductFigures } from '@facet/contract/modules/dashboard/dashboard.schema';
import type { StorefrontLinkClickInput, StorefrontRingRequestInput, StorefrontSearchInput } from '@facet/contract/modules/reports/report.schema';
import {
  linkStatisticResource,
  ringRequestResource,
  searchTermResource,
  storefrontLinkClickSchema,
  storefrontProductViewSchema,
  storefrontRingRequestSchema,
  storefrontSearchSchema,
} from '@facet/contract/modules/reports/report.schema';
import { desc, sql } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { createCrudService } from '../../db/crud-service.ts';
import { emit } from '../../events/emit.ts';
import type { EventPayload } from '../../events/events.ts';
import type { ServiceContext } from '../../http/context.ts';
import { invalidField, parseOrThrow } from '../../http/errors.ts';
import { productCards } from '../products/index.ts';
import { linkStatistics, productViews, ringRequests, searchTerms } from './report.table.ts';

export const createSearchTermService = (db: Db) => createCrudService(db, searchTermResource, searchTerms, {});
export const createLinkStatisticService = (db: Db) => createCrudService(db, linkStatisticResource, linkStatistics, {});
export const createRingRequestService = (db: Db) => createCrudService(db, ringRequestResource, ringRequests, {});

/** A keyword as the report counts it: trimmed, inner spaces single, lower-cased ("Gold  Ring" and "gold ring" are one term). */
export const keywordOf = (typed: string) => typed.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * What the storefront sends the reports (storefront-reports.routes.ts). Searches, clicks and views
 * are events (`reports.*`), counted by this module's subscribers once committed: the storefront's
 * request writes one outbox row and answers. A ring request is a row of its own.
 */
export function createReportIntake(db: Db) {
  return {
    async searched(received: StorefrontSearchInput) {
      const input = parseOrThrow(storefrontSearchSchema, received);
      await db.transaction((tx) => emit(tx, 'reports.searched', { keyword: keywordOf(input.keyword), results: input.results }));
    },
    async linkClicked(received: StorefrontLinkClickInput) {
      const input = parseOrThrow(storefrontLinkClickSchema, received);
      await db.transaction((tx) => emit(tx, 'reports.link-clicked', input));
    },
    async productViewed(received: { productId: number }) {
      const input = parseOrThrow(storefrontProductViewSchema, received);
      // A product that is not (or no longer) in the catalogue is refused here, not dropped later.
      if (!(await productCards(db, [input.productId])).has(input.productId)) throw invalidField('productId', MESSAGES.chooseFromList('product'));
      await db.transaction((tx) => emit(tx, 'reports.product-viewed', input));
    },
    async ringRequested(received: StorefrontRingRequestInput, context: ServiceContext) {
      const input = parseOrThrow(storefrontRingRequestSchema, received);
      const service = createRingRequestService(db);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(ringRequests).values({ ...input, email: input.email.toLowerCase() }).returning({ id: ringRequests.id });
        await writeAudit(tx, context, { action: 'create', entity: ringRequestResource.entity, entityId: row!.id, after: { ...input } });
        return row!.id;
      });
      return service.get(id);
    },
  };
}

/**
 * Applies a statistics event once: true the first time its id is seen (in `tx`, so the mark and the
 * count commit together), false on a redelivery. Marks older than the oldest event still kept are
 * removed as they go (that event can never come again).
 */
async function firstDelivery(tx: Db, eventId: number): Promise<boolean> {
  await tx.execute(sql`delete from applied_statistic_events where event_id < (select coalesce(min(id), 0) from event_outbox)`);
  const inserted = (await tx.execute(sql`insert into applied_statistic_events (event_id) values (${eventId}) on conflict do nothing returning event_id`)) as unknown as {
    rows: unknown[];
  };
  return inserted.rows.length > 0;
}

/** A search counted: the term's uses, the latest search's result count and time. */
export async function countSearch(db: Db, search: EventPayload<'reports.searched'>, eventId: number, at: Date) {
  await db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, eventId))) return;
    await tx.execute(sql`
      insert into search_terms (keyword, uses, results, last_searched_at) values (${search.keyword}, 1, ${search.results}, ${at.toISOString()})
      on conflict (keyword) where deleted_at is null do update set
        uses = search_terms.uses + 1,
        results = case when excluded.last_searched_at >= search_terms.last_searched_at then excluded.results else search_terms.results end,
        last_searched_at = greatest(search_terms.last_searched_at, excluded.last_searched_at),
        updated_at = now(), version = search_terms.version + 1`);
  });
}

/** A click counted under its link (type and address), with the headline the latest click sent. */
export async function countClick(db: Db, click: EventPayload<'reports.link-clicked'>, eventId: number, at: Date) {
  await db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, eventId))) return;
    // `updated_at` is the latest click's time: the headline is the latest click's, whatever order the events arrive in.
    await tx.execute(sql`
      insert into link_statistics (type, label, url, clicks, updated_at) values (${click.type}, ${click.label}, ${click.url}, 1, ${at.toISOString()})
      on conflict (type, url) where deleted_at is null do update set
        clicks = link_statistics.clicks + 1,
        label = case when excluded.updated_at >= link_statistics.updated_at then excluded.label else link_statistics.label end,
        updated_at = greatest(link_statistics.updated_at, excluded.updated_at),
        version = link_statistics.version + 1`);
  });
}

/** A product view counted under its product (a variant's under its product), with the product's card as it is now. */
export async function countView(db: Db, view: EventPayload<'reports.product-viewed'>, eventId: number) {
  await db.transaction(async (tx) => {
    const card = (await productCards(tx, [view.productId])).get(view.productId);
    if (!card || !(await firstDelivery(tx, eventId))) return;
    await tx.execute(sql`
      insert into product_views (product_id, name, image, parent_sku, views) values (${card.id}, ${card.name}, ${card.image}, ${card.parentSku}, 1)
      on conflict (product_id) do update set
        views = product_views.views + 1, name = excluded.name, image = excluded.image, parent_sku = excluded.parent_sku, updated_at = now()`);
  });
}

/** Most Viewed Products (the dashboard): the products with the most views, and when views last came. */
export async function mostViewedProducts(db: Db, limit: number): Promise<ProductFigures> {
  const rows = await db.select().from(productViews).orderBy(desc(productViews.views), desc(productViews.productId)).limit(limit);
  const [latest] = await db.select({ at: productViews.updatedAt }).from(productViews).orderBy(desc(productViews.updatedAt)).limit(1);
  return {
    rows: rows.map((row) => ({ key: String(row.productId), image: row.image, name: row.name, parentSku: row.parentSku, figure: row.views })),
    updatedAt: latest ? latest.at.toISOString() : null,
  };
}
