import { storefrontAppointmentSchema } from '@facet/contract/modules/appointments/appointment.schema';
import { storefrontContactFormSchema } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { CUSTOMER_FORM_MESSAGES, customerFormOptionsSchema, customerFormSentSchema } from '@facet/contract/modules/customer-form/customer-form.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../http/context.ts';
import { createAppointmentService, createServiceService } from '../appointments/index.ts';
import { createContactFormService } from '../contact-forms/index.ts';
import { shopName } from '../settings/index.ts';

/**
 * The in-store customer form's API (/form): the staff member signed in on the shop's tablet needs
 * `sales`. A message is a Contact Us entry, a request an appointment, each written by its own module's
 * storefront create (same schema, rules, messages and races: a slot already booked is 409); the audit
 * row names the staff member. The answer is only the thank-you: a customer at the tablet sees nothing
 * of what the shop holds, and `sales` alone does not read contact forms.
 */
export function customerFormRoutes(app: FastifyInstance, db: Db) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const contactForms = createContactFormService(db);
  const appointments = createAppointmentService(db);
  const services = createServiceService(db);
  const config = { permission: 'sales' } as const;
  const tags = ['customer-form'];

  // What the form shows: the shop's name (its heading) and the services a customer may ask for.
  route.get('/api/customer-form/options', { config, schema: { tags, response: { 200: customerFormOptionsSchema } } }, async () => ({
    shopName: await shopName(db),
    services: (await services.activeServices()).map(({ id, title, serviceType }) => ({ id, title, serviceType })),
  }));
  route.post('/api/customer-form/messages', { config, schema: { tags, body: storefrontContactFormSchema, response: { 201: customerFormSentSchema } } }, async (request, reply) => {
    await contactForms.createFromStorefront(request.body, contextOf(request));
    return reply.status(201).send({ message: CUSTOMER_FORM_MESSAGES.messageSent });
  });
  route.post('/api/customer-form/appointments', { config, schema: { tags, body: storefrontAppointmentSchema, response: { 201: customerFormSentSchema } } }, async (request, reply) => {
    await appointments.createFromStorefront(request.body, contextOf(request));
    return reply.status(201).send({ message: CUSTOMER_FORM_MESSAGES.appointmentRequested });
  });
}
