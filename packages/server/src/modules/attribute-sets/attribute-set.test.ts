import { MESSAGES } from '@facet/contract/messages';
import { attributeSetResource, DEFAULT_GROUP_NAME } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import type { AttributeSetRecord } from '@facet/contract/modules/attribute-sets/attribute-set.schema';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { Usage } from '../../db/usage.ts';
import type { RequestContext } from '../../http/context.ts';
import { describeCrudResource } from '../../test/crud-suite.ts';
import { contextOfSession, useAdminTestApp } from '../../test/test-app.ts';
import { productAttributes } from '../product-attributes/product-attribute.table.ts';
import { createAttributeSetService } from './attribute-set.service.ts';
import { attributeSetGroupAttributes, attributeSetGroups, attributeSets } from './attribute-set.table.ts';

/** Ids of live seeded product attributes (every database has Metal_quality, vendor and the configurable ones). */
async function attributeIds(db: Db, howMany: number): Promise<number[]> {
  const rows = await db.select({ id: productAttributes.id }).from(productAttributes).where(isNull(productAttributes.deletedAt)).orderBy(asc(productAttributes.id)).limit(howMany);
  expect(rows.length).toBe(howMany);
  return rows.map((row) => row.id);
}

const general = (attributeIds: number[] = []) => ({ name: DEFAULT_GROUP_NAME, isDefault: true, attributeIds });

describeCrudResource({
  resource: attributeSetResource,
  validInput: async (n, t) => {
    const [a, b, c] = await attributeIds(t.db, 3);
    return {
      name: `Rings ${n}`,
      status: true,
      groups: [general([a!]), { name: 'Metal & Stone', isDefault: false, attributeIds: [b!, c!] }],
    };
  },
  updateChange: (n) => ({ name: `Engagement Rings ${n}` }),
  derived: ['groups'],
  invalid: [
    { name: 'a missing name', input: (v) => ({ ...v, name: '  ' }), field: 'name', message: MESSAGES.required },
    { name: 'no group at all', input: (v) => ({ ...v, groups: [] }), field: 'groups', message: MESSAGES.atLeastOneGroup },
    {
      name: 'no default group',
      input: (v) => ({ ...v, groups: [{ name: 'Sizing', isDefault: false, attributeIds: [] }] }),
      field: 'groups',
      message: MESSAGES.defaultGroupNotDeletable,
    },
    {
      name: 'a default group under another name',
      input: (v) => ({ ...v, groups: [{ name: 'Basics', isDefault: true, attributeIds: [] }] }),
      field: ['groups', 0, 'name'],
      message: MESSAGES.defaultGroupLocked,
    },
    {
      name: 'two default groups',
      input: (v) => ({ ...v, groups: [general(), { name: 'Sizing', isDefault: true, attributeIds: [] }] }),
      field: ['groups', 1, 'isDefault'],
      message: MESSAGES.oneDefaultGroup,
    },
    {
      name: 'a group without a name',
      input: (v) => ({ ...v, groups: [general(), { name: ' ', isDefault: false, attributeIds: [] }] }),
      field: ['groups', 1, 'name'],
      message: MESSAGES.required,
    },
    {
      name: 'two groups of the same name, case-insensitively',
      input: (v) => ({ ...v, groups: [general(), { name: 'Sizing', attributeIds: [] }, { name: 'SIZING ', attributeIds: [] }] }),
      field: ['groups', 2, 'name'],
      message: MESSAGES.groupExists,
    },
    {
      name: 'a group named like the default group',
      input: (v) => ({ ...v, groups: [general(), { name: 'general', attributeIds: [] }] }),
      field: ['groups', 1, 'name'],
      message: MESSAGES.groupExists,
    },
    {
      name: 'an attribute in two groups',
      input: (v) => {
        const groups = v.groups as { attributeIds: number[] }[];
        return { ...v, groups: [general(groups[0]!.attributeIds), { name: 'Sizing', attributeIds: groups[0]!.attributeIds }] };
      },
      field: ['groups', 1, 'attributeIds'],
      message: MESSAGES.attributeInTwoGroups,
    },
    {
      name: 'an attribute that does not exist',
      input: (v) => ({ ...v, groups: [general(), { name: 'Sizing', attributeIds: [2147483000] }] }),
      field: ['groups', 1, 'attributeIds'],
      message: MESSAGES.unknownAttribute,
    },
    {
      name: 'a new set naming a group id',
      input: (v) => ({ ...v, groups: [{ ...general(), id: 424242 }] }),
      field: 'groups',
      message: MESSAGES.unknownGroups('424242'),
    },
  ],
});

describe('attribute sets: groups, placements and in-use rules', () => {
  const app = useAdminTestApp();
  let context: RequestContext;
  let attrs: number[];
  beforeAll(async () => {
    context = await contextOfSession(app.t, app.admin);
    attrs = await attributeIds(app.t.db, 6);
  });

  let counter = 100;
  async function createSet(groups: unknown[] = [general([attrs[0]!]), { name: 'Metal & Stone', attributeIds: [attrs[1]!, attrs[2]!] }]): Promise<AttributeSetRecord> {
    const response = await app.t.request(app.admin, { method: 'POST', url: '/api/attribute-sets', payload: { name: `Pendants ${++counter}`, status: true, groups } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const put = (set: AttributeSetRecord, changes: Record<string, unknown>) =>
    app.t.request(app.admin, { method: 'PUT', url: `/api/attribute-sets/${set.id}`, payload: { ...set, ...changes } });
  const read = async (id: number): Promise<AttributeSetRecord> => (await app.t.request(app.admin, { method: 'GET', url: `/api/attribute-sets/${id}` })).json();
  /** The group list as the form sends it back: ids, names, flags and attribute ids. */
  const sendable = (set: AttributeSetRecord) => set.groups.map(({ id, name, isDefault, attributeIds }) => ({ id, name, isDefault, attributeIds }));

  it('saves the set, its groups and their attributes in one request, in order, and reads them back', async () => {
    const set = await createSet();
    expect(set.groups.map((g) => [g.name, g.isDefault, g.attributeIds])).toEqual([
      [DEFAULT_GROUP_NAME, true, [attrs[0]]],
      ['Metal & Stone', false, [attrs[1], attrs[2]]],
    ]);
    expect(set.groups[1]!.attributes.map((a) => a.id)).toEqual([attrs[1], attrs[2]]);
    expect(set.groups[1]!.attributes[0]!.attributeName).toEqual(expect.any(String));
    expect(set.inUse).toBe(false);
  });

  it('moves attributes between groups, renames, reorders, adds and removes groups, keeping the ids of kept groups', async () => {
    const set = await createSet();
    const [main, metal] = sendable(set);
    const response = await put(set, {
      groups: [
        { ...main!, attributeIds: [attrs[2]!] },
        { name: 'Sizing', isDefault: false, attributeIds: [attrs[3]!, attrs[0]!] },
        { ...metal!, name: 'Metal and Stone', attributeIds: [attrs[1]!] },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved: AttributeSetRecord = response.json();
    expect(saved.groups.map((g) => [g.name, g.attributeIds])).toEqual([
      [DEFAULT_GROUP_NAME, [attrs[2]]],
      ['Sizing', [attrs[3], attrs[0]]],
      ['Metal and Stone', [attrs[1]]],
    ]);
    expect(saved.groups[2]!.id).toBe(metal!.id);

    const removed = await put(saved, { groups: sendable(saved).filter((g) => g.name !== 'Sizing') });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().groups.map((g: { name: string }) => g.name)).toEqual([DEFAULT_GROUP_NAME, 'Metal and Stone']);
    const sizing = saved.groups.find((g) => g.name === 'Sizing')!;
    const [row] = await app.t.db.select().from(attributeSetGroups).where(eq(attributeSetGroups.id, sizing.id));
    expect(row!.deletedAt).not.toBeNull();
    const [placed] = await app.t.db.select({ n: count() }).from(attributeSetGroupAttributes).where(eq(attributeSetGroupAttributes.groupId, sizing.id));
    expect(placed!.n).toBe(0);
  });

  it('keeps the default group: leaving it out, or making another group the default, is refused (400) and nothing changes', async () => {
    const set = await createSet();
    const [main, metal] = sendable(set);
    for (const groups of [[metal!], [{ ...metal!, isDefault: true, name: DEFAULT_GROUP_NAME }], [{ ...main!, id: metal!.id }, { ...metal!, id: undefined }]]) {
      const response = await put(set, { name: 'Renamed', groups });
      expect(response.statusCode, JSON.stringify(groups)).toBe(400);
      expect(response.json().error.message).toBe(MESSAGES.defaultGroupNotDeletable);
    }
    const renamed = await put(set, { groups: [{ ...main!, name: 'Basics' }, metal!] });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.issues).toEqual([{ path: ['groups', 0, 'name'], message: MESSAGES.defaultGroupLocked }]);
    expect(await read(set.id)).toEqual(set);
    // The default group is known by its flag: sent without its id, it is still the same group.
    const rebuilt = await put(set, { groups: [{ ...main!, id: undefined, attributeIds: [] }, metal!] });
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json().groups[0]).toMatchObject({ id: main!.id, isDefault: true, attributeIds: [] });
  });

  it('refuses removing every group (400, the oops text) and changes nothing', async () => {
    const set = await createSet();
    const response = await put(set, { groups: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.atLeastOneGroup);
    expect(await read(set.id)).toEqual(set);
  });

  it('refuses a group id of another set, or one sent twice (400), and changes nothing', async () => {
    const mine = await createSet();
    const other = await createSet();
    const stolen = await put(mine, { name: 'Stolen', groups: [...sendable(mine), { ...sendable(other)[1]!, name: 'Theirs', attributeIds: [] }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.issues).toEqual([{ path: ['groups'], message: MESSAGES.unknownGroups(String(other.groups[1]!.id)) }]);
    const [, metal] = sendable(mine);
    const twice = await put(mine, { groups: [...sendable(mine), { ...metal!, name: 'Twice', attributeIds: [] }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.issues).toEqual([{ path: ['groups'], message: MESSAGES.repeatedGroups(String(metal!.id)) }]);
    expect(await read(mine.id)).toEqual(mine);
  });

  it('refuses a deleted attribute (400 on its group), writing nothing', async () => {
    const [gone] = await app.t.db
      .insert(productAttributes)
      .values({ attributeName: 'Old Finish', attributeCode: 'oldFinish', inputType: 'dropdown', deletedAt: new Date() })
      .returning({ id: productAttributes.id });
    const before = (await app.t.db.select({ n: count() }).from(attributeSets))[0]!.n;
    const response = await app.t.request(app.admin, {
      method: 'POST',
      url: '/api/attribute-sets',
      payload: { name: 'Brooches', status: true, groups: [general([attrs[0]!, gone!.id])] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: ['groups', 0, 'attributeIds'], message: MESSAGES.unknownAttribute }]);
    expect((await app.t.db.select({ n: count() }).from(attributeSets))[0]!.n).toBe(before);
  });

  it('keeps an attribute placed in a live set from being deleted (409 naming attribute sets); once the set is gone it can be', async () => {
    const created = await app.t.request(app.admin, {
      method: 'POST',
      url: '/api/product-attributes',
      payload: { attributeName: 'Clasp Type', attributeCode: 'claspType', inputType: 'dropdown', status: true, options: [{ value: 'Lobster' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const attribute = created.json();
    const set = await createSet([general([attribute.id])]);
    expect((await app.t.request(app.admin, { method: 'GET', url: `/api/product-attributes/${attribute.id}` })).json().inUse).toBe(true);
    const refused = await app.t.request(app.admin, { method: 'DELETE', url: `/api/product-attributes/${attribute.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MESSAGES.inUse('This attribute', 'attribute sets'));
    expect((await app.t.request(app.admin, { method: 'DELETE', url: `/api/attribute-sets/${set.id}` })).statusCode).toBe(204);
    expect((await app.t.request(app.admin, { method: 'DELETE', url: `/api/product-attributes/${attribute.id}` })).statusCode).toBe(204);
  });

  it('answers 401 without a session and 403 without the Attribute permission, writing nothing', async () => {
    const payload = { name: 'Anklets', status: true, groups: [general()] };
    expect((await app.t.request(undefined, { method: 'POST', url: '/api/attribute-sets', payload })).statusCode).toBe(401);
    const clerk = await app.t.createUserWith(['products']);
    expect((await app.t.request(clerk.cookie, { method: 'POST', url: '/api/attribute-sets', payload })).statusCode).toBe(403);
    expect((await app.t.request(clerk.cookie, { method: 'GET', url: '/api/attribute-sets' })).statusCode).toBe(403);
    const staff = await app.t.createUserWith(['attribute']);
    expect((await app.t.request(staff.cookie, { method: 'GET', url: '/api/attribute-sets' })).statusCode).toBe(200);
    const [live] = await app.t.db.select({ n: count() }).from(attributeSets).where(eq(sql`lower(${attributeSets.name})`, 'anklets'));
    expect(live!.n).toBe(0);
  });

  describe('with a product usage recorded (the seam the product module feeds)', () => {
    const usedSets = new Set<number>();
    const fake: Usage = { usedBy: 'products', findUsedIds: async (_db, wanted) => wanted.filter((id) => usedSets.has(id)) };
    const service = () => createAttributeSetService(app.t.db, [fake]);

    it('refuses deleting a set products use (409), keeps it, and deletes it once unused', async () => {
      const set = await createSet();
      expect((await service().get(set.id)).inUse).toBe(false);
      usedSets.add(set.id);
      expect((await service().get(set.id)).inUse).toBe(true);
      await expect(service().remove(set.id, context)).rejects.toMatchObject({ status: 409, message: MESSAGES.inUse('This attribute set', 'products') });
      const [row] = await app.t.db.select().from(attributeSets).where(and(eq(attributeSets.id, set.id), isNull(attributeSets.deletedAt)));
      expect(row).toBeDefined();
      usedSets.clear();
      await service().remove(set.id, context);
      await expect(service().get(set.id)).rejects.toMatchObject({ status: 404 });
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('attribute sets: racing writes on PostgreSQL', () => {
  const app = useAdminTestApp();

  it('two creates of the same set name at once: one 201, the other 409 on the name, one set and one default group written', async () => {
    for (let round = 0; round < 8; round++) {
      const name = `Racing Bangles ${round}`;
      const send = () => app.t.request(app.admin, { method: 'POST', url: '/api/attribute-sets', payload: { name, status: true, groups: [general()] } });
      const responses = await Promise.all([send(), send()]);
      expect(responses.map((r) => r.statusCode).sort(), responses.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const message = MESSAGES.duplicate('Attribute Set');
      expect(responses.find((r) => r.statusCode === 409)!.json().error).toMatchObject({ code: 'CONFLICT', message, issues: [{ path: ['name'], message }] });
      const sets = await app.t.db.select({ id: attributeSets.id }).from(attributeSets).where(eq(sql`lower(${attributeSets.name})`, name.toLowerCase()));
      expect(sets).toHaveLength(1);
      const [groups] = await app.t.db.select({ n: count() }).from(attributeSetGroups).where(eq(attributeSetGroups.setId, sets[0]!.id));
      expect(groups!.n).toBe(1);
    }
  });

  it('two saves of the same version at once: one 200, the other 409 (stale), the groups of one save only', async () => {
    const created = await app.t.request(app.admin, { method: 'POST', url: '/api/attribute-sets', payload: { name: 'Racing Charms', status: true, groups: [general()] } });
    const set: AttributeSetRecord = created.json();
    const save = (extra: string) =>
      app.t.request(app.admin, {
        method: 'PUT',
        url: `/api/attribute-sets/${set.id}`,
        payload: { name: set.name, status: true, version: set.version, groups: [{ id: set.groups[0]!.id, name: DEFAULT_GROUP_NAME, isDefault: true, attributeIds: [] }, { name: extra, attributeIds: [] }] },
      });
    const responses = await Promise.all([save('Chain'), save('Clasp')]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const groups = await app.t.db
      .select({ name: attributeSetGroups.name })
      .from(attributeSetGroups)
      .where(and(eq(attributeSetGroups.setId, set.id), isNull(attributeSetGroups.deletedAt)));
    expect(groups).toHaveLength(2);
  });
});
