/** The public face of products: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export type { ProductBySku, ProductForSale } from './product.sale.ts';
export { productsBySku, productsForSale, sampleProductIdsForSale } from './product.sale.ts';
export { findProductMediaUrls, productAttributeSetUsage, productAttributeUsage, productOptionUsage, productSizeTypeUsage } from './product.usage.ts';
export type { OrderableOption, OrderableProduct } from './product.orderable.ts';
export { orderableProductIds, orderableProducts } from './product.orderable.ts';
