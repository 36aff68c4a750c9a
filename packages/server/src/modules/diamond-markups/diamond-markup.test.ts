import { MESSAGES } from '@facet/contract/messages';
import { diamondMarkupResource } from '@facet/contract/modules/diamond-markups/diamond-markup.schema';
import { and, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../test/crud-suite.ts';
import type { TestApp } from '../../test/test-app.ts';
import { jobWhenEnded, useAdminTestApp } from '../../test/test-app.ts';
import { jobRuns } from '../../jobs/job-run.table.ts';

type Body = Record<string, unknown>;

async function shapeCategoryIds(t: TestApp) {
  const items = (await t.request(await t.login(), { method: 'GET', url: '/api/shape-categories' })).json().items as { id: number; name: string }[];
  return { round: items.find((c) => c.name === 'Round')!.id, fancy: items.find((c) => c.name === 'Fancy')!.id };
}

let roundId = 0;
// Whole-carat steps keep the suite's bands apart: n.000 - n.999.
const valid = (n: number) => ({ fromCarat: n, toCarat: n + 0.999, markupType: 'percentage', markup: 20, fixCost: 25, isLabDiamond: false, shapeCategoryId: roundId });
const without = (field: string) => (v: Body) => Object.fromEntries(Object.entries(v).filter(([key]) => key !== field));

describeCrudResource({
  resource: diamondMarkupResource,
  async setup(t) {
    roundId = (await shapeCategoryIds(t)).round;
  },
  validInput: valid,
  updateChange: () => ({ markupType: 'amount', markup: 150, fixCost: 40 }),
  invalid: [
    { name: 'a missing Carat From', input: without('fromCarat'), field: 'fromCarat', message: MESSAGES.required },
    { name: 'a missing Carat To', input: without('toCarat'), field: 'toCarat', message: MESSAGES.required },
    { name: 'a missing Markup Type', input: without('markupType'), field: 'markupType', message: MESSAGES.required },
    { name: 'a missing Markup', input: without('markup'), field: 'markup', message: MESSAGES.required },
    { name: 'a missing Cost', input: (v) => ({ ...v, fixCost: null }), field: 'fixCost', message: MESSAGES.required },
    { name: 'a missing Shape', input: without('shapeCategoryId'), field: 'shapeCategoryId', message: MESSAGES.required },
    { name: 'a negative Carat From', input: (v) => ({ ...v, fromCarat: -0.1 }), field: 'fromCarat', message: 'The value must be at least 0.' },
    { name: 'a negative Markup', input: (v) => ({ ...v, markup: -1 }), field: 'markup', message: 'The value must be at least 0.' },
    { name: 'a negative Cost', input: (v) => ({ ...v, fixCost: -5 }), field: 'fixCost', message: 'The value must be at least 0.' },
    { name: 'a carat with 4 decimals', input: (v) => ({ ...v, toCarat: 0.4995 }), field: 'toCarat', message: MESSAGES.maxDecimals(3) },
    { name: 'a Markup that is not a whole number', input: (v) => ({ ...v, markup: 12.5 }), field: 'markup', message: MESSAGES.wholeNumber },
    { name: 'a Cost that is not a whole number', input: (v) => ({ ...v, fixCost: 9.99 }), field: 'fixCost', message: MESSAGES.wholeNumber },
    { name: 'an unknown Markup Type', input: (v) => ({ ...v, markupType: 'discount' }), field: 'markupType', message: MESSAGES.required },
    { name: 'Carat To equal to Carat From', input: (v) => ({ ...v, toCarat: v.fromCarat }), field: 'toCarat', message: MESSAGES.caratToAfterFrom },
    { name: 'Carat To below Carat From', input: (v) => ({ ...v, fromCarat: 1.5, toCarat: 1.2 }), field: 'toCarat', message: MESSAGES.caratToAfterFrom },
    { name: 'Carat To below Carat From beside a missing Markup Type', input: ({ markupType: _m, ...v }) => ({ ...v, fromCarat: 1.5, toCarat: 1.2 }), field: 'toCarat', message: MESSAGES.caratToAfterFrom },
    { name: 'an unknown shape category', input: (v) => ({ ...v, shapeCategoryId: 999999 }), field: 'shapeCategoryId', message: MESSAGES.unknownShapeCategory },
  ],
});

describe('diamond markups: carat bands of one origin and shape category never overlap', () => {
  const app = useAdminTestApp();
  let ids: { round: number; fancy: number };
  const band = (fromCarat: number, toCarat: number, extra: Body = {}) => ({ ...valid(0), shapeCategoryId: ids.round, fromCarat, toCarat, ...extra });
  const post = (body: Body) => app.t.request(app.admin, { method: 'POST', url: '/api/diamond-markups', payload: body });
  const total = async () => (await app.t.request(app.admin, { method: 'GET', url: '/api/diamond-markups', query: { pageSize: '100' } })).json().total as number;
  const created = async (body: Body) => {
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const expectOverlap = async (body: Body, message: string) => {
    const before = await total();
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', message, issues: [{ path: ['fromCarat'], message }] });
    expect(await total()).toBe(before);
  };

  beforeAll(async () => {
    ids = await shapeCategoryIds(app.t);
    await created(band(0.5, 0.999));
  });

  const earthRound = 'Overlaps the band 0.500 - 0.999 ct (Earth mined, Round).';

  it('refuses a band reaching into an existing one with 409 naming that band', async () => {
    await expectOverlap(band(0.7, 1.199), earthRound);
    await expectOverlap(band(0.3, 0.6), earthRound);
  });

  it('refuses a band inside, around or sharing an end carat with an existing one (bands include both ends)', async () => {
    await expectOverlap(band(0.6, 0.7), earthRound);
    await expectOverlap(band(0.1, 5), earthRound);
    await expectOverlap(band(0.999, 1.2), earthRound);
    await expectOverlap(band(0.3, 0.5), earthRound);
  });

  it('accepts the adjacent bands on either side', async () => {
    await created(band(0.3, 0.499));
    await created(band(1, 1.499));
  });

  it('accepts the same carats for the other origin and for the other shape category, and names them in their own refusals', async () => {
    await created(band(0.5, 0.999, { isLabDiamond: true }));
    await created(band(0.5, 0.999, { shapeCategoryId: ids.fancy }));
    await expectOverlap(band(0.8, 0.9, { isLabDiamond: true }), 'Overlaps the band 0.500 - 0.999 ct (Lab grown, Round).');
    await expectOverlap(band(0.8, 0.9, { shapeCategoryId: ids.fancy }), 'Overlaps the band 0.500 - 0.999 ct (Earth mined, Fancy).');
  });

  it('lets a band be edited over its own carats but not moved onto a neighbour', async () => {
    const own = await created(band(2, 2.999));
    const edited = await app.t.request(app.admin, { method: 'PUT', url: `/api/diamond-markups/${own.id}`, payload: { ...band(2, 2.999), markup: 18, version: own.version } });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await app.t.request(app.admin, { method: 'PUT', url: `/api/diamond-markups/${own.id}`, payload: { ...band(1.4, 2.999), version: edited.json().version } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe('Overlaps the band 1.000 - 1.499 ct (Earth mined, Round).');
  });

  it('no longer counts a deleted band', async () => {
    const old = await created(band(5, 5.999));
    expect((await app.t.request(app.admin, { method: 'DELETE', url: `/api/diamond-markups/${old.id}` })).statusCode).toBe(204);
    await created(band(5.5, 6.5));
  });

  it('lets only one of several overlapping bands saved at the same moment in (category row lock)', async () => {
    const before = await total();
    // Every two of these overlap (8.4-8.5 is in all four), so whichever commits first, the others are refused.
    // (8.1-8.3 was one of them: it does not overlap 8.4-8.9, and when it won the race both were rightly saved.)
    const responses = await Promise.all([band(8, 8.5), band(8.2, 8.7), band(8.4, 8.9), band(8.3, 8.6)].map(post));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await total()).toBe(before + 1);
  });

  it('a bulk delete of bands is followed by a repricing, queued after the bulk job so it prices with the bands that remain', async () => {
    const [a, b] = [await created(band(9, 9.499)), await created(band(9.5, 9.999))];
    const started = await app.t.request(app.admin, { method: 'POST', url: '/api/diamond-markups/bulk', payload: { action: 'delete', ids: [a.id, b.id] } });
    expect(started.statusCode, started.body).toBe(202);
    const bulkJob = started.json() as { id: number };
    const [repricing] = await app.t.db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.kind, 'diamonds.reprice'), gt(jobRuns.id, bulkJob.id)));
    expect(repricing, 'a repricing queued after the bulk job').toBeDefined();
    expect(await jobWhenEnded(app.t, app.admin, bulkJob.id)).toMatchObject({ status: 'succeeded', result: { changed: 2 } });
    expect((await jobWhenEnded(app.t, app.admin, repricing!.id)).status).toBe('succeeded');
  });
});
