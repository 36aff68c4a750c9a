import type { EditOnlyPaths, ResourcePaths } from '../../ui/resource-paths.ts';

/** The spec's routes (document 3 §2.1, §2.13). */
export const servicePaths: ResourcePaths = { list: '/services', add: '/services/addService', edit: '/services/edit/:id' };
export const appointmentPaths: EditOnlyPaths = { list: '/Appointments', edit: '/Appointments/edit/:id' };
export const APPOINTMENT_REPORT_PATH = '/Appointments/report';
