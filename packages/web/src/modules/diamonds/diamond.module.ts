import { defineWebModule } from '../../app-route.ts';
import { diamondPaths, nivodaPaths } from './diamond.paths.ts';

export const diamondsWebModule = defineWebModule({
  name: 'diamonds',
  routes: [
    // Diamonds: the diamonds and the gemstones list (one screen, ?type=gemstone), Pull Diamond and Sold Diamond.
    { path: diamondPaths.list, page: () => import('./diamond-list.page.tsx'), permission: 'diamonds', menu: { section: 'diamonds', label: 'Diamonds', order: 1 } },
    { path: diamondPaths.list, page: () => import('./diamond-list.page.tsx'), permission: 'diamonds', menu: { section: 'diamonds', label: 'Gemstones', order: 2, search: diamondPaths.gemstonesSearch } },
    { path: diamondPaths.alias, page: () => import('./diamond-list.page.tsx'), permission: 'diamonds', menuParent: diamondPaths.list },
    { path: diamondPaths.pull, page: () => import('./diamond-pull.page.tsx'), permission: 'diamonds', menu: { section: 'diamonds', label: 'Pull Diamond', order: 3 } },
    { path: diamondPaths.sold, page: () => import('./sold-diamond-list.page.tsx'), permission: 'diamonds', menu: { section: 'diamonds', label: 'Sold Diamond', order: 4 } },
    // System > Nivoda Logs (the spec's menu) and the import services it logs (/system/service, no menu entry in the spec).
    { path: nivodaPaths.logs, page: () => import('./nivoda-logs.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Nivoda Logs', order: 7 } },
    { path: nivodaPaths.service, page: () => import('./import-services.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Import Services', order: 8 } },
    // The feed's settings (Nivoda connection, schedule, USD to GBP rate) beside the services that use them.
    { path: nivodaPaths.settings, page: () => import('./feed-settings.page.tsx'), permission: 'system', menu: { section: 'system', label: 'Feed Settings', order: 9 } },
  ],
});
