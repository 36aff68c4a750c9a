import type { Seeder } from '../db/seed.ts';
import { SERVER_MODULES } from '../modules/index.ts';
import { inSeedOrder } from '../modules/server-module.ts';

/**
 * Reference rows Facet needs to work, seeded on every new database whether demo data is on or not
 * (the shape categories that diamond markups are set for, the metals, the attributes Facet reads by
 * code, the default customer group...): each module's `reference` seeder (modules/index.ts), in seed
 * order. Run before the demo seeders.
 */
export const REFERENCE_SEEDERS: Seeder[] = inSeedOrder(SERVER_MODULES).flatMap((module) => (module.reference ? [module.reference] : []));
