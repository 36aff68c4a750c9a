/** The public face of categories: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { categoryAttributeUsage } from './category.service.ts';
export { categoryChoices, categoryIdColumn, categoryLabelsById, categoryLinks, diamondCategoryPages, isLinkableCategory, liveCategoriesNamed, liveCategoryIdsBySlug } from './category.reads.ts';
export type { CategoryLink } from './category.reads.ts';
