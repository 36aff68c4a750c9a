import { defineServerModule } from '../server-module.ts';
import { diamondFeedCredentials } from './feed/diamond-feed-credentials.table.ts';
import { diamondCacheSource, diamondCombinationCacheSource } from './diamond.cache.ts';
import { seedDemoDiamonds } from './diamond.demo.ts';
import { diamondJobKinds, diamondRoutes } from './diamond.routes.ts';
import { diamonds, diamondListState, diamondListChanges, diamondFeedStaging, diamondFeedRuns, diamondFeedServices, diamondStoneCounts } from './diamond.table.ts';

export const diamondsModule = defineServerModule({
  name: 'diamonds',
  routes: diamondRoutes,
  jobKinds: diamondJobKinds,
  tables: [diamonds, diamondListState, diamondListChanges, diamondFeedStaging, diamondFeedRuns, diamondFeedServices, diamondStoneCounts, diamondFeedCredentials],
  demo: seedDemoDiamonds,
  // Priced by the demo markups; shapes mapped to the demo shapes.
  after: ['diamond-markups', 'diamond-shapes'],
  cacheSources: [diamondCacheSource, diamondCombinationCacheSource],
  permissions: ['diamonds', 'system'],
});
