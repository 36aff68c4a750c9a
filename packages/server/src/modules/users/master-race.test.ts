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
    type Target = { id: number; name: string; email: string; status: boolean; version: number };
    // Each removal reads its target first, then both writes start together. The reads also put both
    // sessions in the session cache, so both writes pass sign-in before either commits: the race is
    // then between the two transactions, which is what this test is about.
    const removals: Record<string, (actor: Master, target: Target) => Promise<LightMyRequestResponse>> = {
      disable: (actor, target) =>
        fx.t.request(actor.cookie, { method: 'PATCH', url: `/api/users/${target.id}/status`, payload: { status: false, version: target.version } }),
      delete: (actor, target) => fx.t.request(actor.cookie, { method: 'DELETE', url: `/api/users/${target.id}` }),
      demote: (actor, target) =>
        fx.t.request(actor.cookie, {
          method: 'PUT',
          url: `/api/users/${target.id}`,
          payload: { name: target.name, email: target.email, status: target.status, roleIds: [plainRole.id], version: target.version },
        }),
    };
    const read = async (actor: Master, target: Master): Promise<Target> => (await fx.t.request(actor.cookie, { method: 'GET', url: `/api/users/${target.id}` })).json();

    // Each round: the survivor of the last one makes a new master, then the two remove each other.
    let survivor: Master = { id: admin.id, cookie: fx.admin };
    let round = 0;
    for (const [kind, remove] of Object.entries(removals)) {
      let refusedAsLastMaster = 0;
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

        const [deputyAsSeen, survivorAsSeen] = await Promise.all([read(survivor, deputy), read(deputy, survivor)]);
        const [first, second] = await Promise.all([remove(survivor, deputyAsSeen), remove(deputy, survivorAsSeen)]);
        const context = `${kind} round ${i}: ${first!.body} / ${second!.body}`;
        expect([first!.statusCode, second!.statusCode].filter((s) => s < 300), context).toHaveLength(1);
        const refused = first!.statusCode < 300 ? second! : first!;
        // The loser is refused as the last master, or (should the winner commit before the loser's
        // request is even signed in) turned away because the winner's removal ended its sessions.
        expect([409, 401], context).toContain(refused.statusCode);
        if (refused.statusCode === 409) {
          expect(refused.json().error.message).toBe(MESSAGES.lastMasterUser);
          refusedAsLastMaster++;
        }
        expect(await countActiveMasters(fx.t.db), context).toBe(1);
        // The survivor is the one whose removal was refused.
        survivor = first!.statusCode < 300 ? survivor : deputy;
      }
      // The race itself was run: at least one round of each kind reached the last-master check.
      expect(refusedAsLastMaster, kind).toBeGreaterThan(0);
    }
  });
});
