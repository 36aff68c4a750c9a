import type { JobKindDefinition } from '../job-kind.ts';
import { setShippingRateStatusJob } from './shipping-rates-set-status.job.ts';

/** Every job kind the server runs. A new kind adds one line here and one entry to the contract's JOB_KINDS. */
export const JOB_KIND_DEFINITIONS = [setShippingRateStatusJob] as unknown as readonly JobKindDefinition<never>[];
