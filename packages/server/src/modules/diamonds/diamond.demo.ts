import { EXCHANGE_RATE_SETTING_KEYS, FEED_KINDS, IMPORT_SERVICES } from '@facet/contract/modules/diamonds/diamond.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import type { FeedStoneKind } from '../../integrations/nivoda/feed-stone.ts';
import { seedDemoDiamondMarkups } from '../diamond-markups/diamond-markup.demo.ts';
import { seedDemoDiamondShapes } from '../diamond-shapes/diamond-shape.demo.ts';
import { settings } from '../settings/setting.table.ts';
import { ingestStones } from './feed/diamond-ingest.ts';
import { diamondFeedRuns } from './diamond.table.ts';
import { createGeneratedFeed } from './feed/generated-stone-feed.ts';
import { recountStones } from './feed/stone-counts.ts';

/** About 5,000 stones: earth and lab diamonds and some gemstones, loaded through the sync's own ingest. */
const DEMO_COUNTS: Record<FeedStoneKind, number> = { natural: 2600, lab: 2000, gemstone: 400 };
const DEMO_SOURCE = 'demo';

/** The demo's USD to GBP rate, with its date. */
async function seedDemoExchangeRate(tx: Db, { adminId }: SeedContext) {
  await tx.insert(settings).values([
    { title: 'USD to GBP exchange rate (diamond feed)', key: EXCHANGE_RATE_SETTING_KEYS.rate, value: '0.79', createdBy: adminId, updatedBy: adminId },
    { title: 'USD to GBP exchange rate date', key: EXCHANGE_RATE_SETTING_KEYS.date, value: '2026-11-20', createdBy: adminId, updatedBy: adminId },
  ]);
}

/**
 * What pricing a stone needs, as the demo has it: the shapes with their categories, the markup bands
 * and the rate. For tests and the bench that load their own stones without the rest of the demo.
 */
export async function seedDemoDiamondPricing(tx: Db, context: SeedContext) {
  await seedDemoDiamondShapes(tx, context);
  await seedDemoDiamondMarkups(tx, context);
  await seedDemoExchangeRate(tx, context);
}

export async function seedDemoDiamonds(tx: Db, context: SeedContext) {
  const { adminId } = context;
  await seedDemoExchangeRate(tx, context);
  const feed = createGeneratedFeed({ counts: DEMO_COUNTS, seed: 2026, source: DEMO_SOURCE, batchSize: 2500 });
  const hourAgo = new Date(Date.now() - 60 * 60_000);
  for (const kind of IMPORT_SERVICES) {
    const counts = await ingestStones(tx, feed.source, feed.read({ kind, mode: 'full' }), { mode: 'full', kind });
    await tx.insert(diamondFeedRuns).values({
      serviceName: FEED_KINDS[kind],
      kind,
      mode: 'full',
      download: 'done',
      insertInDatabase: 'done',
      startTime: hourAgo,
      endTime: new Date(hourAgo.getTime() + 95_000),
      totalCount: counts.total,
      added: counts.added,
      updated: counts.updated,
      repriced: counts.repriced,
      removed: counts.removed,
      createdBy: adminId,
    });
  }
  // A failed run, as staff will meet one: the supplier's API was down.
  await tx.insert(diamondFeedRuns).values({
    serviceName: FEED_KINDS.lab,
    kind: 'lab',
    mode: 'incremental',
    download: 'failed',
    insertInDatabase: 'pending',
    startTime: new Date(hourAgo.getTime() + 30 * 60_000),
    endTime: new Date(hourAgo.getTime() + 31 * 60_000),
    errorMessage: 'Nivoda answered 503 Service Unavailable three times; the run stopped and nothing was changed.',
  });
  // A few stones sold, for the Sold Diamond screen and the Sold Out badge.
  await tx.execute(sql`update diamonds set is_sold = true, sold_at = now(), sold_by = ${adminId} where id in (select id from diamonds where price is not null order by id limit 12)`);
  await recountStones(tx);
}
