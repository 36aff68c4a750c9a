/** The public face of metal-qualities: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { metalQualityOptionUsage, repriceMetalQualities } from './metal-quality.service.ts';
