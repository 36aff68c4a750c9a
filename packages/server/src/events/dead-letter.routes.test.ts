import { PERMISSION_KEYS } from '@facet/contract/permissions';
import type { PermissionKey } from '@facet/contract/permissions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../test/test-app.ts';
import { eventDeliveries, eventOutbox } from './event.table.ts';

/**
 * The Job Centre's dead letters (list, and Retry) are the `system` permission's: no session is
 * refused with 401, a staff member holding every other permission with 403, one holding `system`
 * is answered. (`http/permission-matrix.test.ts` walks every route the same way; this names them.)
 */
describe('dead-letter routes: who may list and retry them', () => {
  const fx = useAdminTestApp();

  /** A dead letter of the cache's subscriber to `shipping-rates.changed`: its retry runs a real subscriber. */
  async function deadLetter(): Promise<number> {
    const [event] = await fx.t.db.insert(eventOutbox).values({ name: 'shipping-rates.changed', payload: {}, dispatchedAt: new Date() }).returning({ id: eventOutbox.id });
    const [delivery] = await fx.t.db
      .insert(eventDeliveries)
      .values({ eventId: event!.id, subscriber: 'cache.shipping-rates', status: 'dead', attempts: 6, error: 'store down' })
      .returning({ id: eventDeliveries.id });
    return delivery!.id;
  }

  it('answers 401 without a session, 403 without `system`, and 200 with it', async () => {
    const id = await deadLetter();
    const list = { method: 'GET' as const, url: '/api/jobs/dead-letters' };
    const retry = { method: 'POST' as const, url: `/api/jobs/dead-letters/${id}/retry`, payload: {} };
    const withoutSystem = await fx.t.createUserWith(PERMISSION_KEYS.filter((key) => key !== 'system' && key !== 'all-master') as PermissionKey[]);
    const withSystem = await fx.t.createUserWith(['system']);

    for (const request of [list, retry]) {
      const anonymous = await fx.t.app.inject(request);
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      const refused = await fx.t.request(withoutSystem.cookie, request);
      expect(refused.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    // Refused requests changed nothing: the letter is still dead.
    const [still] = await fx.t.db.select({ status: eventDeliveries.status }).from(eventDeliveries).where(eq(eventDeliveries.id, id));
    expect(still?.status).toBe('dead');

    const listed = await fx.t.request(withSystem.cookie, list);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((item: { id: number }) => item.id)).toContain(id);
    const retried = await fx.t.request(withSystem.cookie, retry);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id, attempts: 0 });
    await expect.poll(async () => (await fx.t.db.select({ status: eventDeliveries.status }).from(eventDeliveries).where(eq(eventDeliveries.id, id)))[0]?.status, { timeout: 20_000 }).toBe('delivered');
  });
});
