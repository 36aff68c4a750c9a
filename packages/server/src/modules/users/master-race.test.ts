import { MESSAGES } from '@facet/contract/messages';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { permissionIdOf, useAdminTestApp } from '../../test/test-app.ts';
import { countActiveMasters } from '../roles/access.service.ts';

/**
 * The last active master under concurrent writes. PGlite runs one statement at a time and would hide
 * the race, so this runs on PostgreSQL only (CI sets TEST_DATABASE_URL to one).
 */
describe.skipIf(!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ''))('the last master under concurrent writes on PostgreSQL', () => {
  const fx = useAdminTestApp();
  const ROUNDS_PER_KIND = 4;

  it('two masters removing each other at once (disable, delete, demote): exactly one stays master', async () => {
    const admin = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/users', query: { search: 'admin' } })).json().items[0];
    const masterRole = (await fx.t.request(fx.admin, { method: 'GET', url: '/api/roles', query: { search: 'master' } })).json().items[0];
    const plainRole = (await fx.t.request(fx.admin, { method: 'POST', url: '/api/roles', payload: { name: 'Plain', permissionIds: [await permissionIdOf(fx.t.db, 'report')] } })).json();
    expect(await countActiveMasters(fx.t.db)).toBe(1);

    type Master = { id: number; cookie: string };
    const removals: Record<string, (actor: Master, target: Master) => Promise<LightMyRequestResponse>> = {
      disable: async (actor, target) => {
        const { version } = (await fx.t.request(actor.cookie, { method: 'GET', url: `/api/users/${target.id}` })).json();
        return fx.t.request(actor.cookie, { method: 'PATCH', url: `/api/users/${target.id}/status`, payload: { status: false, version } });
      },
      delete: (actor, target) => fx.t.request(actor.cookie, { method: 'DELETE', url: `/api/users/${target.id}` }),
      demote: async (actor, target) => {
        const { name, email, status, version } = (await fx.t.request(actor.cookie, { method: 'GET', url: `/api/users/${target.id}` })).json();
        return fx.t.request(actor.cookie, { method: 'PUT', url: `/api/users/${target.id}`, payload: { name, email, status, roleIds: [plainRole.id], version } });
      },
    };

    // Each round: the survivor of the last one makes a new master, then the two remove each other.
    let survivor: Master = { id: admin.id, cookie: fx.admin };
    let round = 0;
    for (const [kind, remove] of Object.entries(removals)) {
      for (let i = 0; i < ROUNDS_PER_KIND; i++, round++) {
        const name = `deputy${round}`;
        const created = await fx.t.request(survivor.cookie, {
          method: 'POST',
          url: '/api/users',
          payload: { name, email: `${name}@example.com`, password: 'deputy-pw1', confirmPassword: 'deputy-pw1', status: true, roleIds: [masterRole.id] },
        });
        expect(created.statusCode, created.body).toBe(201);
        const deputy: Master = { id: created.json().id, cookie: await fx.t.login(name, 'deputy-pw1') };
        expect(await countActiveMasters(fx.t.db)).toBe(2);

        const [first, second] = await Promise.all([remove(survivor, deputy), remove(deputy, survivor)]);
        const statuses = [first!.statusCode, second!.statusCode];
        expect(statuses.filter((s) => s === 409), `${kind} round ${i}: ${first!.body} / ${second!.body}`).toHaveLength(1);
        expect(statuses.filter((s) => s < 300)).toHaveLength(1);
        const refused = first!.statusCode === 409 ? first! : second!;
        expect(refused.json().error.message).toBe(MESSAGES.lastMasterUser);
        expect(await countActiveMasters(fx.t.db), `${kind} round ${i}`).toBe(1);
        // The survivor is the one whose removal was refused.
        survivor = first!.statusCode === 409 ? deputy : survivor;
      }
    }
  });
});
