import { defineWebModule, listAddEdit } from '../../app-route.ts';
import { APPOINTMENT_REPORT_PATH, appointmentPaths, servicePaths } from './appointment.paths.ts';

/**
 * Services and appointments (document 3 §2.13). The spec names no permission key and no menu entry:
 * they need sales, as their API does, and sit in the Sales menu after the inquiries.
 */
export const appointmentsWebModule = defineWebModule({
  name: 'appointments',
  routes: [
    ...listAddEdit(servicePaths, () => import('./service-list.page.tsx'), () => import('./service-form.page.tsx'), 'sales', { section: 'sales', label: 'Services', order: 4 }),
    { path: appointmentPaths.list, page: () => import('./appointment-list.page.tsx'), permission: 'sales', menu: { section: 'sales', label: 'Appointments', order: 5 } },
    { path: appointmentPaths.edit, page: () => import('./appointment-form.page.tsx'), permission: 'sales', menuParent: appointmentPaths.list },
    { path: APPOINTMENT_REPORT_PATH, page: () => import('./appointment-report.page.tsx'), permission: 'sales', menu: { section: 'sales', label: 'Appointment Report', order: 6 } },
  ],
});
