import { MESSAGES } from '@facet/contract/messages';
import { serviceResource } from '@facet/contract/modules/appointments/appointment.schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { storefrontCaller } from '../../test/storefront-sales.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { appointments } from './appointment.table.ts';

const validService = (n: number) => ({
  title: `Engagement Ring Consultation ${n}`,
  serviceType: 'in_store',
  description: 'A private hour in the showroom.',
  image: '',
  altImage: '',
  status: true,
});

describeCrudResource({
  resource: serviceResource,
  validInput: validService,
  updateChange: (n) => ({ title: `Virtual Viewing ${n}`, serviceType: 'virtual' }),
  invalid: [
    { name: 'a missing title', input: ({ title: _t, ...v }) => v, field: 'title', message: MESSAGES.required },
    { name: 'a title over 255 characters', input: (v) => ({ ...v, title: 't'.repeat(256) }), field: 'title', message: MESSAGES.maxLength(255) },
    { name: 'no service type chosen', input: ({ serviceType: _s, ...v }) => v, field: 'serviceType', message: MESSAGES.required },
    { name: 'service type 0 (not selected)', input: (v) => ({ ...v, serviceType: 0 }), field: 'serviceType', message: MESSAGES.required },
    { name: 'an unknown service type', input: (v) => ({ ...v, serviceType: 'home_visit' }), field: 'serviceType', message: MESSAGES.required },
    { name: 'a missing description', input: (v) => ({ ...v, description: '   ' }), field: 'description', message: MESSAGES.required },
    { name: 'an image that is no url', input: (v) => ({ ...v, image: 'x'.repeat(501) }), field: 'image', message: 'Too big: expected string to have <=500 characters' },
  ],
});

const inDays = (days: number, hour = 11, minute = 0) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, minute, 0, 0);
  return date.toISOString();
};
const shopper = (n: number) => ({ firstName: 'Olivia', lastName: 'Smith', email: `olivia.${n}@example.co.uk`, contactNumber: '07700 900123' });

describe('appointments', () => {
  const app = useAdminTestApp();
  let shop: Awaited<ReturnType<typeof storefrontCaller>>;
  let serviceId = 0;
  let n = 0;
  beforeAll(async () => {
    shop = await storefrontCaller(app.t, app.admin, ['appointments:write']);
    const created = await app.t.request(app.admin, { method: 'POST', url: '/api/services', payload: validService(1) });
    serviceId = created.json().id;
  });
  const book = (body: Record<string, unknown> = {}) =>
    shop({ method: 'POST', url: '/api/storefront/v1/appointments', payload: { serviceId, bookingDate: inDays(3, 9, ++n % 60), ...shopper(n), ...body } });
  const booked = async (body: Record<string, unknown> = {}) => {
    const response = await book(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const edit = (id: number, body: Record<string, unknown>) => app.t.request(app.admin, { method: 'PUT', url: `/api/appointments/${id}`, payload: body });

  it('books an active service through the storefront: Pending, unassigned, the service’s title and type', async () => {
    const appointment = await booked({ bookingDate: inDays(5, 14, 30) });
    expect(appointment).toMatchObject({ serviceId, title: 'Engagement Ring Consultation 1', serviceType: 'in_store', status: 'pending', assigneeId: null, remarks: '', bookingDate: inDays(5, 14, 30) });
    const services = await shop({ method: 'GET', url: '/api/storefront/v1/services' });
    expect(services.json().items.map((s: { id: number }) => s.id)).toContain(serviceId);
  });

  it('refuses the same slot of a service twice, seconds ignored; another service may take it', async () => {
    const slot = inDays(6, 10);
    await booked({ bookingDate: slot });
    const again = await book({ bookingDate: slot.replace(':00.000Z', ':42.000Z') });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.issues).toEqual([{ path: ['bookingDate'], message: MESSAGES.serviceSlotTaken }]);
    const other = (await app.t.request(app.admin, { method: 'POST', url: '/api/services', payload: validService(2) })).json();
    await booked({ serviceId: other.id, bookingDate: slot });
  });

  it('refuses an inactive or unknown service, a past date and a bad shopper', async () => {
    const inactive = (await app.t.request(app.admin, { method: 'POST', url: '/api/services', payload: { ...validService(3), status: false } })).json();
    for (const id of [inactive.id, 999_999]) {
      const refused = await book({ serviceId: id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.issues).toEqual([{ path: ['serviceId'], message: MESSAGES.unknownService }]);
    }
    const past = await book({ bookingDate: inDays(-1) });
    expect(past.json().error.issues).toEqual([{ path: ['bookingDate'], message: MESSAGES.bookingInPast }]);
    const bad = await book({ email: 'not-an-email', bookingDate: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues.map((i: { path: string[] }) => i.path[0]).sort()).toEqual(['bookingDate', 'email']);
    // Staff cannot add appointments: only the storefront books them.
    expect((await app.t.request(app.admin, { method: 'POST', url: '/api/appointments', payload: { remarks: 'x' } })).statusCode).toBe(404);
  });

  it('edit: remarks are required (max 255), an empty status saves Pending, the assignee must take appointments', async () => {
    const appointment = await booked();
    const missing = await edit(appointment.id, { status: 'successful', assigneeId: null, version: appointment.version });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toEqual([{ path: ['remarks'], message: MESSAGES.required }]);
    const long = await edit(appointment.id, { remarks: 'r'.repeat(256), version: appointment.version });
    expect(long.json().error.issues).toEqual([{ path: ['remarks'], message: MESSAGES.maxLength(255) }]);
    const badStatus = await edit(appointment.id, { status: 'pending', remarks: 'x', version: appointment.version });
    expect(badStatus.statusCode).toBe(400);
    const [row] = await app.t.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ status: 'pending', remarks: '', version: 1 });

    const outsider = await app.t.createUserWith(['products']);
    const refused = await edit(appointment.id, { status: 'in_progress', assigneeId: outsider.id, remarks: 'Called', version: appointment.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([{ path: ['assigneeId'], message: MESSAGES.unknownAssignee }]);

    const clerk = await app.t.createUserWith(['sales']);
    const assignees = (await app.t.request(app.admin, { method: 'GET', url: '/api/appointments/assignees' })).json().items;
    expect(assignees.map((a: { id: number }) => a.id)).toContain(clerk.id);
    expect(assignees.map((a: { id: number }) => a.id)).not.toContain(outsider.id);
    const saved = await edit(appointment.id, { status: 'in_progress', assigneeId: clerk.id, remarks: ' Called to confirm ', version: appointment.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'in_progress', assigneeId: clerk.id, assigneeName: clerk.name, remarks: 'Called to confirm' });
    const back = await edit(appointment.id, { status: null, assigneeId: clerk.id, remarks: 'Rebooked', version: saved.json().version });
    expect(back.json().status).toBe('pending');
  });

  it('lists with the filters: assignee, status, service type, booking date; deletes', async () => {
    const clerk = await app.t.createUserWith(['sales']);
    const virtual = (await app.t.request(app.admin, { method: 'POST', url: '/api/services', payload: { ...validService(4), serviceType: 'virtual' } })).json();
    const a = await booked({ serviceId: virtual.id, bookingDate: inDays(20, 15) });
    const done = await edit(a.id, { status: 'successful', assigneeId: clerk.id, remarks: 'Bought studs', version: a.version });
    expect(done.statusCode).toBe(200);
    const list = (query: Record<string, string>) => app.t.request(app.admin, { method: 'GET', url: '/api/appointments', query: { pageSize: '100', ...query } });
    const ids = async (query: Record<string, string>) => (await list(query)).json().items.map((i: { id: number }) => i.id);
    expect(await ids({ assigneeId: String(clerk.id) })).toEqual([a.id]);
    expect(await ids({ serviceType: 'virtual', status: 'successful' })).toEqual([a.id]);
    const day = inDays(20).slice(0, 10);
    expect(await ids({ bookingDateFrom: day, bookingDateTo: day })).toContain(a.id);
    expect(await ids({ serviceType: 'in_store', assigneeId: String(clerk.id) })).toEqual([]);
    expect((await app.t.request(app.admin, { method: 'DELETE', url: `/api/appointments/${a.id}` })).statusCode).toBe(204);
    expect(await ids({ assigneeId: String(clerk.id) })).toEqual([]);
    // The slot is free again once its booking is deleted.
    await booked({ serviceId: virtual.id, bookingDate: inDays(20, 15) });
  });

  it('reports per assignee the in progress, successful and unsuccessful counts of the period', async () => {
    const anna = await app.t.createUserWith(['sales']);
    const ben = await app.t.createUserWith(['sales']);
    const plan: [typeof anna, string][] = [
      [anna, 'successful'],
      [anna, 'successful'],
      [anna, 'unsuccessful'],
      [ben, 'in_progress'],
    ];
    const custom = inDays(40).slice(0, 10);
    for (const [index, [who, status]] of plan.entries()) {
      const appointment = await booked({ bookingDate: inDays(40, 10 + index) });
      expect((await edit(appointment.id, { status, assigneeId: who.id, remarks: 'Done', version: appointment.version })).statusCode).toBe(200);
    }
    await booked({ bookingDate: inDays(40, 16) }); // pending, unassigned: counted nowhere but its row
    const report = await app.t.request(app.admin, { method: 'GET', url: '/api/appointments/report', query: { period: 'custom', from: custom, to: custom } });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().items).toEqual([
      ...[
        { assigneeId: anna.id, name: anna.name, inProgress: 0, successful: 2, unsuccessful: 1 },
        { assigneeId: ben.id, name: ben.name, inProgress: 1, successful: 0, unsuccessful: 0 },
      ].sort((x, y) => x.name.localeCompare(y.name)),
      { assigneeId: null, name: 'Unassigned', inProgress: 0, successful: 0, unsuccessful: 0 },
    ]);
    const one = await app.t.request(app.admin, { method: 'GET', url: '/api/appointments/report', query: { period: 'custom', from: custom, to: custom, assigneeId: String(ben.id) } });
    expect(one.json()).toMatchObject({ total: 1, items: [{ name: ben.name, inProgress: 1 }] });
    const paged = await app.t.request(app.admin, { method: 'GET', url: '/api/appointments/report', query: { period: 'custom', from: custom, to: custom, pageSize: '1', page: '2' } });
    expect(paged.json()).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(paged.json().items).toHaveLength(1);
    const noRange = await app.t.request(app.admin, { method: 'GET', url: '/api/appointments/report', query: { period: 'custom' } });
    expect(noRange.statusCode).toBe(400);
    expect(noRange.json().error.issues).toEqual([
      { path: ['from'], message: MESSAGES.customRangeRequired },
      { path: ['to'], message: MESSAGES.customRangeRequired },
    ]);
    const month = await app.t.request(app.admin, { method: 'GET', url: '/api/appointments/report', query: { period: 'month' } });
    expect(month.statusCode).toBe(200);
  });

  it('needs sales: staff without it are refused, and a key needs appointments:write', async () => {
    const other = await app.t.createUserWith(['products', 'blogs']);
    for (const url of ['/api/services', '/api/appointments', '/api/appointments/report', '/api/appointments/assignees']) {
      expect((await app.t.request(other.cookie, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    const wrongKey = await storefrontCaller(app.t, app.admin, ['inquiries:write']);
    expect((await wrongKey({ method: 'POST', url: '/api/storefront/v1/appointments', payload: {} })).statusCode).toBe(403);
    expect((await wrongKey({ method: 'GET', url: '/api/storefront/v1/services' })).statusCode).toBe(403);
  });
});
