/** The public face of settings: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { wholeNumberSettingSql } from './setting-value.ts';
export { shopDetails, shopName } from './shop-name.ts';
export type { ShopDetails } from './shop-name.ts';
export { readSettingValues, settingValueSql, writeSettingValues } from './setting-values.ts';
export { analyticsReport } from './analytics-report.ts';
