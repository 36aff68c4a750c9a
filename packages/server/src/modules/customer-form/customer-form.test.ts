import { MESSAGES } from '@facet/contract/messages';
import type { AppointmentRecord } from '@facet/contract/modules/appointments/appointment.schema';
import type { ContactFormRecord } from '@facet/contract/modules/contact-forms/contact-form.schema';
import { CUSTOMER_FORM_MESSAGES } from '@facet/contract/modules/customer-form/customer-form.schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/audit.table.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { appointments } from '../appointments/appointment.table.ts';
import { contactForms } from '../contact-forms/contact-form.table.ts';

const inDays = (days: number, hour = 11, minute = 0) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, minute, 0, 0);
  return date.toISOString();
};

describe('the in-store customer form (/form)', () => {
  const fixture = useAdminTestApp();
  let clerk: { id: number; name: string; cookie: string };
  let serviceId: number;
  let inactiveId: number;

  beforeAll(async () => {
    const { t, admin } = fixture;
    clerk = await t.createUserWith(['sales']);
    const service = (title: string, status: boolean) =>
      t.request(admin, { method: 'POST', url: '/api/services', payload: { title, serviceType: 'in_store', description: 'In the showroom.', image: '', altImage: '', status } });
    serviceId = (await service('Ring Sizing', true)).json().id;
    inactiveId = (await service('Retired Service', false)).json().id;
  });

  it('offers the shop’s name and the active services only, by id, title and type', async () => {
    const response = await fixture.t.request(clerk.cookie, { method: 'GET', url: '/api/customer-form/options' });
    expect(response.statusCode, response.body).toBe(200);
    const { shopName, services } = response.json() as { shopName: string; services: { id: number; title: string }[] };
    expect(shopName).toBe('Facet Jewellers');
    expect(services).toContainEqual({ id: serviceId, title: 'Ring Sizing', serviceType: 'in_store' });
    expect(services.map((item) => item.id)).not.toContain(inactiveId);
  });

  it('writes a message as a Contact Us entry, audited under the staff member, and answers only the thank-you', async () => {
    const { t, admin } = fixture;
    const response = await t.request(clerk.cookie, {
      method: 'POST',
      url: '/api/customer-form/messages',
      payload: { name: 'Grace Tablet', email: 'Grace.Tablet@Example.com', phone: '07700 900123', message: 'Could you resize my ring?' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: CUSTOMER_FORM_MESSAGES.messageSent });
    const list = (await t.request(admin, { method: 'GET', url: '/api/contact-forms', query: { search: 'grace tablet' } })).json() as { items: ContactFormRecord[] };
    expect(list.items).toEqual([expect.objectContaining({ name: 'Grace Tablet', email: 'grace.tablet@example.com', phone: '07700 900123', message: 'Could you resize my ring?' })]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'contact_form'), eq(auditLog.entityId, String(list.items[0]!.id))));
    expect(audit).toMatchObject({ action: 'create', actorId: clerk.id });
  });

  it('writes an appointment request for an active service in the future, as the storefront would', async () => {
    const { t, admin } = fixture;
    const bookingDate = inDays(4, 10, 30);
    const response = await t.request(clerk.cookie, {
      method: 'POST',
      url: '/api/customer-form/appointments',
      payload: { serviceId, bookingDate, firstName: 'Alan', lastName: 'Tablet', email: 'alan.tablet@example.com', contactNumber: '07700 900456' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: CUSTOMER_FORM_MESSAGES.appointmentRequested });
    const list = (await t.request(admin, { method: 'GET', url: '/api/appointments', query: { search: 'alan.tablet' } })).json() as { items: AppointmentRecord[] };
    expect(list.items).toEqual([expect.objectContaining({ serviceId, title: 'Ring Sizing', firstName: 'Alan', lastName: 'Tablet', status: 'pending', bookingDate })]);

    // The same slot again: the appointments module's race rule, a 409 on the date.
    const again = await t.request(clerk.cookie, {
      method: 'POST',
      url: '/api/customer-form/appointments',
      payload: { serviceId, bookingDate, firstName: 'Ada', lastName: 'Other', email: 'ada.other@example.com', contactNumber: '07700 900789' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.issues).toEqual([{ path: ['bookingDate'], message: MESSAGES.serviceSlotTaken }]);
  });

  it('refuses with the contact form’s and the appointment’s own messages, writing nothing', async () => {
    const { t } = fixture;
    const entriesBefore = await t.db.$count(contactForms);
    const appointmentsBefore = await t.db.$count(appointments);
    const message = await t.request(clerk.cookie, { method: 'POST', url: '/api/customer-form/messages', payload: { name: ' ', email: 'not-an-email', phone: 'call me maybe', message: '' } });
    expect(message.statusCode).toBe(400);
    expect(message.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: ['name'], message: MESSAGES.required },
        { path: ['email'], message: MESSAGES.invalidEmail },
        { path: ['phone'], message: MESSAGES.invalidContactNumber },
        { path: ['message'], message: MESSAGES.required },
      ]),
    );
    const person = { firstName: 'Alan', lastName: 'Tablet', email: 'alan.tablet@example.com', contactNumber: '07700 900456' };
    const past = await t.request(clerk.cookie, { method: 'POST', url: '/api/customer-form/appointments', payload: { serviceId, bookingDate: inDays(-1), ...person } });
    expect(past.json().error.issues).toEqual([{ path: ['bookingDate'], message: MESSAGES.bookingInPast }]);
    const inactive = await t.request(clerk.cookie, { method: 'POST', url: '/api/customer-form/appointments', payload: { serviceId: inactiveId, bookingDate: inDays(5), ...person } });
    expect(inactive.json().error.issues).toEqual([{ path: ['serviceId'], message: MESSAGES.unknownService }]);
    expect(await t.db.$count(contactForms)).toBe(entriesBefore);
    expect(await t.db.$count(appointments)).toBe(appointmentsBefore);
  });

  it('answers 401 without a session and 403 without sales', async () => {
    const { t } = fixture;
    const other = await t.createUserWith(['contact_form', 'products', 'system']);
    for (const request of [
      { method: 'GET', url: '/api/customer-form/options' },
      { method: 'POST', url: '/api/customer-form/messages', payload: { name: 'X', email: 'x@example.com', message: 'Hi' } },
      { method: 'POST', url: '/api/customer-form/appointments', payload: { serviceId, bookingDate: inDays(9), firstName: 'X', lastName: 'Y', email: 'x@example.com', contactNumber: '07700 900111' } },
    ] as const) {
      expect((await t.app.inject(request)).statusCode, request.url).toBe(401);
      expect((await t.request(other.cookie, request)).statusCode, request.url).toBe(403);
    }
  });
});
