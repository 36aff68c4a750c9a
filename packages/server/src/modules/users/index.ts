/** The public face of users: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { staffHolding, staffNames, userIdColumn } from './staff-names.ts';
