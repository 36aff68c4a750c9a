import { priceUpdateJobParamsSchema } from '@facet/contract/modules/product-prices/product-price.schema';
import type { PriceUpdateJobParams } from '@facet/contract/modules/product-prices/product-price.schema';
import { PRICE_UPDATE_MESSAGES } from '@facet/contract/modules/product-prices/product-price.schema';
import { createProductPriceService } from '../../modules/product-prices/product-price.service.ts';
import type { JobKindDefinition } from '../job-kind.ts';

/**
 * Applies a staged price update (its rows were checked and stored by the upload): one transaction
 * locks the products, keeps their prices for rollback, writes every new price with one statement
 * and marks the run done, so a killed or failed job changed nothing and Retry applies it again.
 * The apply emits `products.changed` in that transaction (the storefront's documents of those products
 * go once it commits). Registered by the product prices routes.
 */
export function updateProductPricesJob(): JobKindDefinition<PriceUpdateJobParams> {
  return {
    kind: 'product-prices.update',
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
  };
}
