/** The public face of attribute-sets: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { attributeSetAttributeUsage } from './attribute-set.service.ts';
