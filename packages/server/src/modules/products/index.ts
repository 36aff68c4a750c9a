/** The public face of products: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export type { ProductForSale } from './product.sale.ts';
export { productsForSale, sampleProductIdsForSale } from './product.sale.ts';
export { findProductMediaUrls, productAttributeSetUsage, productAttributeUsage, productOptionUsage, productSizeTypeUsage } from './product.usage.ts';
export type { OrderableOption, OrderableProduct } from './product.orderable.ts';
export { orderableProductIds, orderableProducts } from './product.orderable.ts';
export { countProducts } from './product.counts.ts';
export type { ProductCard } from './product.cards.ts';
export { productCards } from './product.cards.ts';
