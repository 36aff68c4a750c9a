/** The public face of categories: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { categoryAttributeUsage } from './category.service.ts';
