/** The public face of the navigation menu: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { menuCategoryUsage } from './navigation-menu.usage.ts';
