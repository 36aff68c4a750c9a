import { idParamSchema } from '@facet/contract/api';
import {
  DIAMOND_MESSAGES,
  diamondActionResponseSchema,
  diamondListQuery,
  diamondListResponseSchema,
  diamondPaths,
  diamondPullSchema,
  diamondRecordSchema,
  diamondSoldSchema,
  diamondUnpricedCountSchema,
  exchangeRateInputSchema,
  exchangeRateSavedSchema,
  exchangeRateSchema,
  feedRunListQuery,
  feedRunListResponseSchema,
  feedSettingsInputSchema,
  feedSettingsSchema,
  feedSyncJobParamsSchema,
  importServiceParamsSchema,
  importServicesResponseSchema,
  jobStartedSchema,
  repriceJobParamsSchema,
  startServiceSchema,
  withDefaultDiamondType,
} from '@facet/contract/modules/diamonds/diamond.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { secretKeyOf } from '../../secret-key.ts';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import type { StoneFeed } from '../../integrations/nivoda/feed-stone.ts';
import { emit } from '../../events/emit.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobKind, JobRunContext } from '../../jobs/job-kind.ts';
import type { Jobs } from '../../jobs/job.routes.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';
import { createFeedService, runReprice, runSync } from './feed/diamond-feed.service.ts';
import { nivodaFeedFromSettings } from './feed/diamond-feed-source.ts';
import { encryptClearFeedPassword, readExchangeRate, readFeedSettings, writeExchangeRate, writeFeedSettings } from './feed/diamond-settings.ts';
import { createDiamondService } from './diamond.service.ts';
import { createGeneratedFeed } from './feed/generated-stone-feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A feed that syncs and Pull Diamond read instead of Nivoda: DIAMOND_FEED's generated feed on a
     * demo machine, an in-memory feed in tests; null (the usual case) reads Nivoda with the
     * credentials in the feed settings.
     */
    stoneFeed: StoneFeed | null;
  }
}

/** DIAMOND_FEED=generated:<n>: n natural and n lab stones and a tenth as many gemstones, made up. */
function generatedFeedOf(setting: string | undefined): StoneFeed | null {
  const match = /^generated:(\d{1,7})$/.exec(setting ?? '');
  if (!match) return null;
  const count = Number(match[1]);
  return createGeneratedFeed({ counts: { natural: count, lab: count, gemstone: Math.ceil(count / 10) }, source: 'generated' });
}

/** How often the scheduler looks for a service whose sync is due. */
const SCHEDULER_TICK_MS = 60_000;

type DiamondDeps = { db: Db; jobs: Jobs; config: Pick<Config, 'diamondFeed' | 'secretKey' | 'dataDir' | 'databaseUrl'> };

/** The feed and its service: one per app, shared by the routes and the job kinds. */
const feeds = new WeakMap<FastifyInstance, ReturnType<typeof createDiamondFeed>>();
function diamondFeedOf(app: FastifyInstance, deps: DiamondDeps) {
  let feed = feeds.get(app);
  if (!feed) feeds.set(app, (feed = createDiamondFeed(app, deps)));
  return feed;
}

function createDiamondFeed(app: FastifyInstance, { db, jobs, config }: DiamondDeps) {
  app.decorate('stoneFeed', generatedFeedOf(config.diamondFeed));
  const nivodaFeed = nivodaFeedFromSettings(db, () => secretKeyOf(config));
  const currentFeed = async () => app.stoneFeed ?? (await nivodaFeed());
  /**
   * Stones changed: `diamonds.changed` in the job's final transaction (the cache removes their
   * documents and the combinations'). A sync or a repricing changes stones by the thousand: `all`
   * rather than a list of ids (the cache then queues a Generate of what it cleared).
   */
  const emittingOnSuccess = <P>(job: JobRunContext<P>, isChanged: (result: Record<string, unknown>) => boolean): JobRunContext<P> => ({
    ...job,
    async succeed(tx, result) {
      await job.succeed(tx, result);
      if (isChanged(result)) await emit(tx, 'diamonds.changed', { all: true });
    },
  });
  const submit = (actor: { id: number; name: string } | null, kind: 'diamonds.sync' | 'diamonds.reprice', params: Record<string, unknown>, within?: Db) =>
    jobs.engine.submit(kind, params, actor, within);
  const feedService = createFeedService({ db, feed: currentFeed, submit, cancel: (id) => jobs.engine.cancel(id), jobsReady: () => jobs.engine.ready() });
  return { currentFeed, emittingOnSuccess, submit, feedService };
}

/** The diamond feed's job kinds: the import services' syncs and the repricing a markup or rate change starts. */
export function diamondJobKinds(app: FastifyInstance, deps: DiamondDeps): JobKind[] {
  const { currentFeed, emittingOnSuccess, feedService } = diamondFeedOf(app, deps);
  return [
    // The side lane: the natural and lab services' syncs run at once, one's feed read overlapping the other's merge.
    // A retry starts as Start does: refused while the service runs, and it switches the service on.
    defineJobKind({
      kind: 'diamonds.sync',
      label: 'Diamond feed sync',
      // The import services (System > Service).
      permission: 'system',
      params: feedSyncJobParamsSchema,
      sideLane: true,
      run: async (job) => {
        await runSync(
          emittingOnSuccess(job, (counts) => Number(counts.added) + Number(counts.updated) + Number(counts.removed) > 0),
          await currentFeed(),
        );
      },
      start: (params, { actor }) => feedService.start(params.kind, params.mode, actor),
    }),
    defineJobKind({
      kind: 'diamonds.reprice',
      label: 'Reprice diamonds',
      permission: ['diamonds', 'system'],
      params: repriceJobParamsSchema,
      run: async (job) => {
        await runReprice(emittingOnSuccess(job, () => true));
      },
    }),
  ];
}

/**
 * Diamonds and gemstones (permission diamonds) and the feed's system screens (permission system):
 * the list and detail, sold and pull, the service log, the import services, the feed's settings and
 * the exchange rate; the sync scheduler.
 */
export function diamondRoutes(app: FastifyInstance, deps: DiamondDeps) {
  const { db, jobs, config } = deps;
  const { currentFeed, submit, feedService } = diamondFeedOf(app, deps);
  const service = createDiamondService(db, { listIndexOptions: { ...(config.databaseUrl && { databaseUrl: config.databaseUrl }) } });

  // A markup band saved, changed or deleted reprices the stones, once its write has committed (the
  // handler has returned); a repricing still queued covers it, so a burst of edits queues one.
  // On send rather than after it: the client that sees the answer (a test, the next request) sees the
  // repricing queued too, never a job appearing a moment later under another request.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? '';
    if (request.method === 'GET' || !url.startsWith('/api/diamond-markups') || reply.statusCode >= 300) return payload;
    try {
      const [queued] = await db.select({ id: jobRuns.id }).from(jobRuns).where(and(eq(jobRuns.kind, 'diamonds.reprice'), eq(jobRuns.status, 'queued'))).limit(1);
      if (!queued) await submit(request.actor ? { id: request.actor.id, name: request.actor.name } : null, 'diamonds.reprice', { reason: 'markup band' });
    } catch (error) {
      request.log.error({ err: error }, 'repricing after a markup change could not start');
    }
    return payload;
  });

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    // On PGlite one process owns the data: no read is under way at start, so anything staged is a killed read's.
    if (jobs.engine.driver === 'pglite') await db.execute(sql`delete from diamond_feed_staging`);
    await encryptClearFeedPassword(db, secretKeyOf(config));
    timer = setInterval(() => void feedService.tick().catch((error: unknown) => app.log.error({ err: error }, 'diamond feed scheduler failed')), SCHEDULER_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', () => {
    if (timer) clearInterval(timer);
  });

  const diamondsConfig = { permission: 'diamonds' as const };
  const systemConfig = { permission: 'system' as const };
  const tags = ['diamonds'];
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    diamondPaths.list,
    {
      config: diamondsConfig,
      schema: {
        tags,
        description:
          'Diamonds, or gemstones with type=gemstone. Without diamondType a list of diamonds on offer is of earth mined stones (document 2 §9); a list by state (state=sold) shows both unless diamondType is given. Price from defaults to 1.',
        querystring: diamondListQuery.schema,
        response: { 200: diamondListResponseSchema },
      },
    },
    (request) => service.list(withDefaultDiamondType(request.query)),
  );

  route.get(
    diamondPaths.unpricedCount,
    {
      config: diamondsConfig,
      schema: {
        tags,
        description: 'How many stones the list with this query leaves out for want of a price (what pricing=unpriced shows in place of the price range).',
        querystring: diamondListQuery.schema,
        response: { 200: diamondUnpricedCountSchema },
      },
    },
    (request) => service.unpricedCount(withDefaultDiamondType(request.query)),
  );

  route.post(diamondPaths.pull, { config: diamondsConfig, schema: { tags, body: diamondPullSchema, response: { 200: diamondActionResponseSchema } } }, async (request) => {
    // The pull emits `diamonds.changed` in its merge's transaction.
    return service.pull(await currentFeed(), request.body.certificate, contextOf(request));
  });

  route.post(
    diamondPaths.reprice,
    { config: { permission: ['diamonds', 'system'] as const }, schema: { tags, response: { 202: jobStartedSchema } } },
    async (request, reply) => {
      const jobId = await submit(contextOf(request).actor, 'diamonds.reprice', { reason: 'manual' });
      return reply.status(202).send({ jobId, message: DIAMOND_MESSAGES.repriceStarted });
    },
  );

  route.get(diamondPaths.exchangeRate, { config: { permission: ['diamonds', 'system'] as const }, schema: { tags, response: { 200: exchangeRateSchema } } }, () => readExchangeRate(db));

  // A new rate reprices every stone: the job starts once the rate has committed.
  route.put(diamondPaths.exchangeRate, { config: systemConfig, schema: { tags, body: exchangeRateInputSchema, response: { 200: exchangeRateSavedSchema } } }, async (request) => {
    const context = contextOf(request);
    const isChanged = await db.transaction((tx) => writeExchangeRate(tx, request.body, context));
    const jobId = isChanged ? await submit(context.actor, 'diamonds.reprice', { reason: 'exchange rate' }) : null;
    return { ...(await readExchangeRate(db)), jobId, message: isChanged ? DIAMOND_MESSAGES.exchangeRateSaved : DIAMOND_MESSAGES.exchangeRateUnchanged };
  });

  route.get(`${diamondPaths.list}/:id`, { config: diamondsConfig, schema: { tags, params: idParamSchema, response: { 200: diamondRecordSchema } } }, (request) =>
    service.get(request.params.id),
  );

  route.post(
    `${diamondPaths.list}/:id/sold`,
    { config: diamondsConfig, schema: { tags, params: idParamSchema, body: diamondSoldSchema, response: { 200: diamondActionResponseSchema } } },
    // The service emits `diamonds.changed` in the write's transaction.
    (request) => service.setSold(request.params.id, request.body.isSold, contextOf(request)),
  );

  // System > Nivoda Logs and System > Service (document 3 §2.1).
  const systemTags = ['nivoda'];
  route.get(diamondPaths.logs, { config: systemConfig, schema: { tags: systemTags, querystring: feedRunListQuery.schema, response: { 200: feedRunListResponseSchema } } }, (request) =>
    feedService.listRuns(request.query),
  );

  route.get(diamondPaths.services, { config: systemConfig, schema: { tags: systemTags, response: { 200: importServicesResponseSchema } } }, () => feedService.services());

  route.post(
    `${diamondPaths.services}/:name/start`,
    { config: systemConfig, schema: { tags: systemTags, params: importServiceParamsSchema, body: startServiceSchema.optional(), response: { 202: jobStartedSchema } } },
    async (request, reply) => {
      const jobId = await feedService.start(request.params.name, request.body?.mode ?? 'incremental', contextOf(request).actor);
      return reply.status(202).send({ jobId, message: 'Service started.' });
    },
  );

  route.post(
    `${diamondPaths.services}/:name/stop`,
    { config: systemConfig, schema: { tags: systemTags, params: importServiceParamsSchema, response: { 200: importServicesResponseSchema } } },
    async (request) => {
      await feedService.stop(request.params.name, contextOf(request).actor);
      return feedService.services();
    },
  );

  route.get(diamondPaths.settings, { config: systemConfig, schema: { tags: systemTags, response: { 200: feedSettingsSchema } } }, () => readFeedSettings(db));

  route.put(diamondPaths.settings, { config: systemConfig, schema: { tags: systemTags, body: feedSettingsInputSchema, response: { 200: feedSettingsSchema } } }, (request) =>
    writeFeedSettings(db, secretKeyOf(config), request.body, contextOf(request)),
  );
}
