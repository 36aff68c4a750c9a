import { z } from 'zod';
import { SERVICE_TYPES } from '../appointments/appointment.schema.ts';

/**
 * /form (outside the shell; the spec names it and nothing more): the in-store customer form on the
 * shop's tablet. A signed-in member of staff holding `sales` opens it; a customer leaves their name,
 * e-mail and phone with a message (a Contact Us entry) or an appointment request (an active service at
 * a date-time). The entries are written by the contact form and appointment modules with the
 * storefront's own schemas (storefrontContactFormSchema, storefrontAppointmentSchema), so the same
 * rules and messages apply; only the audit row differs: it names the member of staff signed in.
 */

/** A service the form offers: the active ones, by title. */
export const customerFormServiceSchema = z.object({ id: z.number().int(), title: z.string(), serviceType: z.enum(SERVICE_TYPES) });

export const customerFormOptionsSchema = z.object({ shopName: z.string(), services: z.array(customerFormServiceSchema) });
export type CustomerFormOptions = z.infer<typeof customerFormOptionsSchema>;

/** What the form answers once an entry is written: the thank-you to show the customer. */
export const customerFormSentSchema = z.object({ message: z.string() });

/** Not worded by the spec. */
export const CUSTOMER_FORM_MESSAGES = {
  messageSent: 'Thank you! Your message has been sent. We will be in touch soon.',
  appointmentRequested: 'Thank you! Your appointment request has been received. We will confirm it by e-mail.',
} as const;
