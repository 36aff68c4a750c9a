/** The public face of products: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export type { ProductBySku, ProductForSale } from './product.sale.ts';
export { productsBySku, productsForReview, productsForSale, saleSize, sampleProductIdsForReview, sampleProductIdsForSale } from './product.sale.ts';
export { findProductMediaUrls, productAttributeSetUsage, productAttributeUsage, productOptionUsage, productSizeTypeUsage } from './product.usage.ts';
export { productChoices, productChoicesById, productIdsInCategories, productScopes } from './product.choices.ts';
export { countProducts } from './product.counts.ts';
export type { ProductCard } from './product.cards.ts';
export { productCards } from './product.cards.ts';
