import { SET_SHIPPING_RATE_STATUS_JOB, setShippingRateStatusSchema } from '@facet/contract/modules/jobs/job.schema';
import { and, asc, gt } from 'drizzle-orm';
import { applyStaged, stageRows } from '../../db/bulk-write.ts';
import { writeAudit } from '../../db/audit.ts';
import { isLive } from '../../db/columns.ts';
import { defineJobKind } from '../../jobs/job-kind.ts';
import { shippingRates } from './shipping-rate.table.ts';

const SET_STATUS_BATCH = 1000;

/**
 * Sets every live shipping rate Active or Inactive (closing shipping for a holiday, opening it again).
 * Batches of ids are staged (committed one by one, with progress and a cancel check between them),
 * then one transaction applies them all, writes one audit row with the counts and marks the run done.
 */
export const setShippingRateStatusJob = defineJobKind({
  ...SET_SHIPPING_RATE_STATUS_JOB,
  permission: 'system',
  params: setShippingRateStatusSchema,
  startedFromJobCentre: true,
  async run({ db, runId, params, context, progress, succeed }) {
    const live = isLive(shippingRates);
    const total = await db.$count(shippingRates, live);
    await progress(0, total);
    let done = 0;
    let after = 0;
    for (;;) {
      const ids = await db
        .select({ id: shippingRates.id })
        .from(shippingRates)
        .where(and(live, gt(shippingRates.id, after)))
        .orderBy(asc(shippingRates.id))
        .limit(SET_STATUS_BATCH);
      if (ids.length === 0) break;
      await stageRows(db, shippingRates, runId, ['status'], ids.map(({ id }) => ({ id, status: params.status })));
      after = ids[ids.length - 1]!.id;
      done += ids.length;
      await progress(Math.min(done, total), Math.max(done, total));
    }
    await db.transaction(async (tx) => {
      const counts = await applyStaged(tx, shippingRates, runId, ['status'], { actorId: context.actor?.id ?? null });
      const result = { status: params.status ? 'Active' : 'Inactive', matched: counts.matched, changed: counts.changed };
      await writeAudit(tx, context, { action: 'bulk-update', entity: 'shipping_rates', after: result });
      await succeed(tx, result);
    });
  },
});
