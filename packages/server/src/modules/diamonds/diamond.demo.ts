import { FEED_KINDS, IMPORT_SERVICES } from '@facet/contract/modules/diamonds/diamond.schema';
import type { FeedSyncJobParams } from '@facet/contract/modules/diamonds/diamond.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed.ts';
import type { FeedStoneKind } from '../../integrations/nivoda/feed-stone.ts';
import { seedDemoDiamondMarkups } from '../diamond-markups/index.ts';
import { seedDemoDiamondShapes } from '../diamond-shapes/index.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { ingestStones } from './feed/diamond-ingest.ts';
import { storeExchangeRate } from './feed/diamond-settings.ts';
import { diamondFeedRuns } from './diamond.table.ts';
import { createGeneratedFeed } from './feed/generated-stone-feed.ts';
import { recountStones } from './feed/stone-counts.ts';

/** About 5,000 stones: earth and lab diamonds and some gemstones, loaded through the sync's own ingest. */
const DEMO_COUNTS: Record<FeedStoneKind, number> = { natural: 2600, lab: 2000, gemstone: 400 };
const DEMO_SOURCE = 'demo';

/** The demo's USD to GBP rate, with its date. */
async function seedDemoExchangeRate(tx: Db, { adminId }: SeedContext) {
  await storeExchangeRate(tx, { rate: '0.79', date: '2026-11-20' }, adminId);
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

/**
 * The job a demo feed run stands for, as a sync run by the system records it: the Job Centre lists
 * jobs, not the feed's own history, so without it the demo's runs were missing there.
 */
async function seedDemoSyncJob(
  tx: Db,
  run: { params: FeedSyncJobParams; startTime: Date; endTime: Date } & ({ result: { total: number } & Record<string, number> } | { error: string }),
): Promise<number> {
  const total = 'result' in run ? run.result.total : 0;
  const [job] = await tx
    .insert(jobRuns)
    .values({
      kind: 'diamonds.sync',
      actorName: 'system',
      params: run.params,
      ...('result' in run ? { status: 'succeeded' as const, result: run.result, progressDone: total, progressTotal: total } : { status: 'failed' as const, error: run.error }),
      createdAt: run.startTime,
      startedAt: run.startTime,
      finishedAt: run.endTime,
    })
    .returning({ id: jobRuns.id });
  return job!.id;
}

export async function seedDemoDiamonds(tx: Db, context: SeedContext) {
  const { adminId } = context;
  await seedDemoExchangeRate(tx, context);
  const feed = createGeneratedFeed({ counts: DEMO_COUNTS, seed: 2026, source: DEMO_SOURCE, batchSize: 2500 });
  const hourAgo = new Date(Date.now() - 60 * 60_000);
  for (const kind of IMPORT_SERVICES) {
    const counts = await ingestStones(tx, feed.source, feed.read({ kind, mode: 'full' }), { mode: 'full', kind });
    const endTime = new Date(hourAgo.getTime() + 95_000);
    const { total, added, updated, repriced, removed } = counts;
    const jobRunId = await seedDemoSyncJob(tx, { params: { kind, mode: 'full' }, startTime: hourAgo, endTime, result: { total, added, updated, repriced, removed } });
    await tx.insert(diamondFeedRuns).values({
      serviceName: FEED_KINDS[kind],
      kind,
      mode: 'full',
      download: 'done',
      insertInDatabase: 'done',
      jobRunId,
      startTime: hourAgo,
      endTime,
      totalCount: counts.total,
      added: counts.added,
      updated: counts.updated,
      repriced: counts.repriced,
      removed: counts.removed,
      createdBy: adminId,
    });
  }
  // A failed run, as staff will meet one: the supplier's API was down.
  const failed = {
    startTime: new Date(hourAgo.getTime() + 30 * 60_000),
    endTime: new Date(hourAgo.getTime() + 31 * 60_000),
    error: 'Nivoda answered 503 Service Unavailable three times; the run stopped and nothing was changed.',
  };
  await tx.insert(diamondFeedRuns).values({
    serviceName: FEED_KINDS.lab,
    kind: 'lab',
    mode: 'incremental',
    download: 'failed',
    insertInDatabase: 'pending',
    jobRunId: await seedDemoSyncJob(tx, { params: { kind: 'lab', mode: 'incremental' }, ...failed }),
    startTime: failed.startTime,
    endTime: failed.endTime,
    errorMessage: failed.error,
  });
  // A few stones sold, for the Sold Diamond screen and the Sold Out badge.
  await tx.execute(sql`update diamonds set is_sold = true, sold_at = now(), sold_by = ${adminId} where id in (select id from diamonds where price is not null order by id limit 12)`);
  await recountStones(tx);
}
