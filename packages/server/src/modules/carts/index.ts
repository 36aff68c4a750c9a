/** The public face of carts: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createCartService } from './cart.service.ts';
