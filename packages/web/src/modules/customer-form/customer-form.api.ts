import type { CustomerFormOptions } from '@facet/contract/modules/customer-form/customer-form.schema';
import type { StorefrontAppointmentInput } from '@facet/contract/modules/appointments/appointment.schema';
import type { StorefrontContactFormInput } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { apiRequest } from '../../api/client.ts';

type Sent = { message: string };

export const customerFormApi = {
  options: () => apiRequest<CustomerFormOptions>('/api/customer-form/options'),
  sendMessage: (input: StorefrontContactFormInput) => apiRequest<Sent>('/api/customer-form/messages', { method: 'POST', body: input }),
  requestAppointment: (input: StorefrontAppointmentInput) => apiRequest<Sent>('/api/customer-form/appointments', { method: 'POST', body: input }),
};
