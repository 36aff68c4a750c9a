import { MESSAGES } from '@facet/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontCaller } from '../../test/storefront-sales.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { appointments } from './appointment.table.ts';

/**
 * Two shoppers booking the same slot at once. PGlite runs one statement at a time and would hide the
 * race, so this runs on PostgreSQL only (CI sets TEST_DATABASE_URL to one).
 */
describe.skipIf(!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ''))('appointments booked at once on PostgreSQL', () => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof storefrontCaller>>;
  let serviceId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.login();
    shop = await storefrontCaller(t, admin, ['appointments:write']);
    const service = await t.request(admin, {
      method: 'POST',
      url: '/api/services',
      payload: { title: 'Virtual Diamond Viewing', serviceType: 'virtual', description: 'A video call.', status: true },
    });
    serviceId = service.json().id;
  }, 180_000);
  afterAll(() => t?.close());

  it('two bookings of one slot at once: one is booked, the other told the slot is taken; every round', async () => {
    for (let round = 0; round < 10; round++) {
      const slot = new Date(Date.UTC(2030, 0, 1 + round, 10, 0));
      const answers = await Promise.all(
        ['ava', 'noah'].map((name) =>
          shop({
            method: 'POST',
            url: '/api/storefront/v1/appointments',
            payload: { serviceId, bookingDate: slot.toISOString(), firstName: name, lastName: 'Race', email: `${name}.${round}@example.com`, contactNumber: '07700900123' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json().error.issues).toEqual([{ path: ['bookingDate'], message: MESSAGES.serviceSlotTaken }]);
      expect(await t.db.$count(appointments, and(eq(appointments.serviceId, serviceId), eq(appointments.bookingDate, slot)))).toBe(1);
    }
  });
});
