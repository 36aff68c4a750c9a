import { priceUpdateJobParamsSchema } from '@facet/contract/modules/product-prices/product-price.schema';
import { PRICE_UPDATE_MESSAGES } from '@facet/contract/modules/product-prices/product-price.schema';
import { defineJobKind } from '../../jobs/job-kind.ts';
import type { JobKind } from '../../jobs/job-kind.ts';
import { createProductPriceService } from './product-price.service.ts';

/**
 * Applies a staged price update (its rows were checked and stored by the upload): one transaction
 * locks the products, keeps their prices for rollback, writes every new price with one statement
 * and marks the run done, so a killed or failed job changed nothing and Retry applies it again.
 * The apply emits `products.changed` in that transaction (the storefront's documents of those products
 * go once it commits: the shop must not keep selling at the old prices). Started by the price sheet's
 * upload (POST /api/product-prices), not from the Job Centre.
 */
export function updateProductPricesJob(): JobKind {
  return defineJobKind({
    kind: 'product-prices.update',
    label: 'Product price update',
    permission: 'products',
    params: priceUpdateJobParamsSchema,
    /** A retry's run becomes the update's run, so the update's screen follows its progress rather than the failed one's. */
    async start(params, { db, submit }) {
      const jobRunId = await submit(params);
      await createProductPriceService(db).attachJob(params.updateId, jobRunId);
      return jobRunId;
    },
    async run({ db, params, context, progress, succeed }) {
      const service = createProductPriceService(db);
      const run = await service.get(params.updateId);
      await progress(0, run.itemCount);
      await db.transaction(async (tx) => {
        const counts = await service.apply(tx, params.updateId, context);
        await succeed(tx, { message: PRICE_UPDATE_MESSAGES.updated, updateId: params.updateId, ...counts });
      });
    },
  });
}
