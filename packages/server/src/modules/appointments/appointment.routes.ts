import {
  appointmentReportQuerySchema,
  appointmentReportSchema,
  appointmentResource,
  assigneeSchema,
  serviceResource,
} from '@facet/contract/modules/appointments/appointment.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { crudRoutes } from '../../http/crud-routes.ts';
import { createAppointmentService, createServiceService } from './appointment.service.ts';

export function appointmentRoutes(app: FastifyInstance, db: Db) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const appointments = createAppointmentService(db);
  const permission = { permission: appointmentResource.permission };
  const tags = [appointmentResource.name];

  route.get(
    '/api/appointments/assignees',
    { config: permission, schema: { tags, summary: 'The staff appointments can be assigned to: live, active users holding Sales.', response: { 200: z.object({ items: z.array(assigneeSchema) }) } } },
    async () => ({ items: await appointments.assignees() }),
  );
  route.get(
    '/api/appointments/report',
    {
      config: permission,
      schema: {
        tags,
        summary: 'Per assignee, appointments booked in the period (this week, month, year or a custom range) in progress, successful and unsuccessful; paged.',
        querystring: appointmentReportQuerySchema,
        response: { 200: appointmentReportSchema },
      },
    },
    (request) => appointments.report(request.query),
  );
  crudRoutes(app, serviceResource, createServiceService(db));
  crudRoutes(app, appointmentResource, appointments);
}
