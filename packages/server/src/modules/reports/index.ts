/** The public face of reports: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createReportIntake, mostViewedProducts } from './report.service.ts';
