import { defineServerModule } from '../server-module.ts';
import { seedDemoAppointments } from './appointment.demo.ts';
import { appointmentRoutes } from './appointment.routes.ts';
import { appointments, services } from './appointment.table.ts';

export const appointmentsModule = defineServerModule({
  name: 'appointments',
  routes: (app, { db }) => appointmentRoutes(app, db),
  tables: [services, appointments],
  demo: seedDemoAppointments,
  // The spec names no key for services and appointments: they are shoppers' bookings, followed up as inquiries are.
  permissions: ['sales'],
});
