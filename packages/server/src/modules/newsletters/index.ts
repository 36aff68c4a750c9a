/** The public face of newsletters: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createSubscriberService } from './subscriber.service.ts';
