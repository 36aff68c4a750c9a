/** The public face of diamonds: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export type { DiamondForSale } from './diamond.sale.ts';
export { diamondsForReview, diamondsForSale, sampleDiamondIdsForSale } from './diamond.sale.ts';
export { releaseStonesOfOrder, reserveStonesForOrder, retakeStonesForOrder } from './diamond-sales.ts';
export { countDiamonds } from './diamond.counts.ts';
