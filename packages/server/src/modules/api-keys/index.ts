/** The public face of api-keys: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { hashApiKey } from './api-key.service.ts';
