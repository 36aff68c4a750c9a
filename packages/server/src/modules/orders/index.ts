/** The public face of orders: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createOrderPlacement } from './order.place.ts';
