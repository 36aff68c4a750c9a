/** The public face of inquiries: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createInquiryService } from './inquiry.service.ts';
export { demoContext, demoGuest, demoMomentWithin, demoSaleLines, demoSaleStock } from './sale.demo.ts';
export type { LineSnapshot } from './sale-lines.ts';
export { priceSaleLines, productLineSnapshot, saleLineTotals, saleLinesOf, stoneLineSnapshot } from './sale-lines.ts';
