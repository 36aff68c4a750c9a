/** The public face of diamond-markups: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { seedDemoDiamondMarkups } from './diamond-markup.demo.ts';
