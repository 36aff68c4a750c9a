import type { JobKindDefinition } from '../job-kind.ts';
import { updateProductPricesJob } from './product-prices-update.job.ts';
import { setShippingRateStatusJob } from './shipping-rates-set-status.job.ts';

/** Every job kind the server runs. A new kind adds one line here and one entry to the contract's JOB_KINDS. */
export const JOB_KIND_DEFINITIONS = [setShippingRateStatusJob, updateProductPricesJob] as unknown as readonly JobKindDefinition<never>[];
