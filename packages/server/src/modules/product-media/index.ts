/** The public face of product-media: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createProductMediaService, moveLibrary } from './product-media.service.ts';
