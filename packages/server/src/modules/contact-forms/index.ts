/** The public face of contact forms: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createContactFormService } from './contact-form.service.ts';
