/** The public face of appointments: what other modules may import of it (eslint.config.js, MODULE_AREAS and facet/module-boundaries). */
export { createAppointmentService, createServiceService } from './appointment.service.ts';
