import { MESSAGES } from '@facet/contract/messages';
import { metalResource } from '@facet/contract/modules/metals/metal.schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useAdminTestApp } from '../../test/test-app.ts';
import { auditLog } from '../../db/audit.table.ts';

async function metalId(t: TestApp, metalType: string): Promise<number> {
  const cookie = await t.login();
  const list = await t.request(cookie, { method: 'GET', url: '/api/metals', query: { search: metalType } });
  return list.json().items.find((m: { metalType: string }) => m.metalType === metalType).id;
}

describeCrudResource({
  resource: metalResource,
  existingRecord: (t) => metalId(t, 'Rose Gold'),
  validInput: (n) => ({ metalType: 'Rose Gold', metalPrice: 96.5 + n / 100, metalLabourCharge: 20 }),
  updateChange: (n) => ({ metalPrice: 90 + n, metalLabourCharge: 19.75 }),
  invalid: [
    { name: 'a missing metal type', input: (v) => ({ ...v, metalType: ' ' }), field: 'metalType', message: MESSAGES.required },
    { name: 'a missing metal price', input: ({ metalPrice: _p, ...v }) => v, field: 'metalPrice', message: MESSAGES.required },
    { name: 'a metal price that is not a number', input: (v) => ({ ...v, metalPrice: 'ninety' }), field: 'metalPrice', message: MESSAGES.required },
    { name: 'a metal price over 7 characters', input: (v) => ({ ...v, metalPrice: 12345.678 }), field: 'metalPrice', message: MESSAGES.maxLength(7) },
    { name: 'a missing labour charge', input: ({ metalLabourCharge: _l, ...v }) => v, field: 'metalLabourCharge', message: MESSAGES.required },
    { name: 'a negative labour charge', input: (v) => ({ ...v, metalLabourCharge: -1 }), field: 'metalLabourCharge', message: 'The value must be at least 0.' },
  ],
});

describe('metals: seeded, and a new price reprices their qualities', () => {
  const app = useAdminTestApp();

  it('holds the metals a UK jeweller sells on a new database, demo data or not', async () => {
    const list = await app.t.request(app.admin, { method: 'GET', url: '/api/metals' });
    expect(list.json().items.map((m: { metalType: string }) => m.metalType)).toEqual(['Platinum', 'Rose Gold', 'Silver', 'White Gold', 'Yellow Gold']);
  });

  it('moves the gold price and rate of every quality of the metal with its price, and writes each to the audit log', async () => {
    const yellow = (await app.t.request(app.admin, { method: 'GET', url: `/api/metals/${await metalId(app.t, 'Yellow Gold')}` })).json();
    const choices = (await app.t.request(app.admin, { method: 'GET', url: '/api/metal-qualities/choices' })).json();
    const optionId = choices.qualityOptions.find((o: { value: string }) => o.value === '9ct').id;
    const quality = (
      await app.t.request(app.admin, {
        method: 'POST',
        url: '/api/metal-qualities',
        payload: { metalQualityOptionId: optionId, metalId: yellow.id, fineness: 37.5, labourCharges: 18, status: true },
      })
    ).json();
    expect(quality).toMatchObject({ goldRate: 96.5, rate: 36.19 });

    const repriced = await app.t.request(app.admin, { method: 'PUT', url: `/api/metals/${yellow.id}`, payload: { ...yellow, metalPrice: 101.37 } });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const after = (await app.t.request(app.admin, { method: 'GET', url: `/api/metal-qualities/${quality.id}` })).json();
    // 101.37 × 37.5 / 100 = 38.01375 → £38.01
    expect(after).toMatchObject({ goldRate: 101.37, rate: 38.01, version: quality.version + 1 });
    const [audit] = await app.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'metal_quality'), eq(auditLog.entityId, String(quality.id)), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject({ before: { goldRate: 96.5, rate: 36.19 }, after: { goldRate: 101.37, rate: 38.01 } });
  });
});
